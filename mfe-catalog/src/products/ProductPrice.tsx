import { formatMoney, type Currency } from '@shop/shared';
import type { ShownPrice } from './pricing';
import styles from './ProductPrice.module.css';

/** A price tag: the original struck through when a discount applies, 'Not Available' without a price. */
export function ProductPrice({ price, currency, large }: { price: ShownPrice | undefined; currency: Currency | undefined; large?: boolean }) {
  const className = [styles.price, large && styles.large].filter(Boolean).join(' ');
  if (!price || !currency) return <p className={`${className} ${styles.unavailable}`}>Not Available</p>;
  return (
    <p className={className} data-testid="price">
      {price.discounted && (
        <del className={styles.original}>
          <span className="visually-hidden">Original price: </span>
          {formatMoney(price.original, currency.symbol)}
        </del>
      )}
      <span className={styles.final}>
        {price.discounted && <span className="visually-hidden">Sale price: </span>}
        {formatMoney(price.final, currency.symbol)}
      </span>
    </p>
  );
}

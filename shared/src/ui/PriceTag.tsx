import type { Currency, ShownPrice } from '@shop/contract';
import { useFormat } from '../format';
import { useT } from '../messages';
import { TaxNote } from './TaxNote';
import styles from './priceTag.module.css';

interface PriceTagProps {
  price: ShownPrice | undefined;
  currency: (Pick<Currency, 'symbol'> & Partial<Pick<Currency, 'pricesIncludeTax'>>) | undefined;
  large?: boolean;
  /** Inside a line of text (the mini cart's "2 x …"), not a paragraph of its own. */
  inline?: boolean;
  /** Issue 39: "incl. VAT" or "+ tax" beside it, as the currency's prices are written (the product page). */
  taxNote?: boolean;
}

/**
 * A price tag, the same wherever a piece is shown (product page and cards, cart, mini cart, wishlist):
 * the original struck through when a discount applies, 'Not Available' without a price.
 */
export function PriceTag({ price, currency, large, inline, taxNote }: PriceTagProps) {
  const t = useT();
  const { money } = useFormat();
  const Tag = inline ? 'span' : 'p';
  const className = [styles.price, large && styles.large, inline && styles.inline].filter(Boolean).join(' ');
  if (!price || !currency) return <Tag className={`${className} ${styles.unavailable}`}>{t('price.notAvailable')}</Tag>;
  return (
    <Tag className={className} data-testid="price">
      {price.discounted && (
        <del className={styles.original}>
          <span className="visually-hidden">{t('price.original')}</span>
          {money(price.original, currency.symbol)}
        </del>
      )}
      <span className={styles.final}>
        {price.discounted && <span className="visually-hidden">{t('price.sale')}</span>}
        {money(price.final, currency.symbol)}
      </span>
      {taxNote && <TaxNote currency={currency} />}
    </Tag>
  );
}

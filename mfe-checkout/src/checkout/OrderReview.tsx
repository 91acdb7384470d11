import type { ReactNode } from 'react';
import { Link, useFormat, type CartItem, type OrderPreview, ROUTE_PATHS } from '@shop/shared';
import { blocksOrder, lineTotalIn, optionNames } from '../cart/cartLines';
import { StockNote, StockText } from '../cart/ItemSummary';
import { OrderTotals } from './OrderTotals';
import styles from './Checkout.module.css';
import { useT } from '../messages';

interface Props {
  items: CartItem[];
  currencyId: string;
  symbol: string;
  preview: OrderPreview | null;
  previewError: string | null;
  loading: boolean;
  localSubtotal: number | undefined;
  /** The coupon field, under the totals. */
  children?: ReactNode;
}

/** The order review: lines from the cart; subtotal, discounts, coupon and total as the server will charge them. */
export function OrderReview({ items, currencyId, symbol, preview, previewError, loading, localSubtotal, children }: Props) {
  const t = useT();
  const { price } = useFormat();
  return (
    <section className={styles.card} aria-labelledby="review-title">
      <h2 id="review-title">{t('review.title')}</h2>
      <table className={styles.review}>
        <caption className="visually-hidden">{t('review.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cart.product')}</th>
            <th scope="col" className={styles.num}>{t('cart.total')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const options = optionNames(item);
            const total = lineTotalIn(item, currencyId);
            return (
              <tr key={item._id}>
                <td>
                  {item.product.title} <span className={styles.muted}>× {item.quantity}</span>
                  {options && <span className={styles.reviewOptions}>{options}</span>}
                  <StockNote item={item} />
                </td>
                <td className={styles.num}>{price(total, symbol)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <OrderTotals symbol={symbol} totals={preview} localSubtotal={localSubtotal} loading={loading} />
      {children && <div className={styles.couponSlot}>{children}</div>}
      {previewError && items.length > 0 && <p className={styles.error} role="alert">{previewError}</p>}
      <BlockingLines items={items} />
    </section>
  );
}

/** Issue 17: the lines that ask for more than is left, which the server would refuse; the page disables placing the order meanwhile. */
function BlockingLines({ items }: { items: CartItem[] }) {
  const t = useT();
  const blocked = items.filter(blocksOrder);
  if (!blocked.length) return null;
  return (
    <div className={styles.blocked} role="alert">
      <p>{t('review.blocked')}</p>
      <ul>
        {blocked.map((item) => {
          const options = optionNames(item);
          return (
            <li key={item._id}>
              <strong>{item.product.title}</strong>
              {options && ` (${options})`}: <StockText item={item} />
            </li>
          );
        })}
      </ul>
      <Link to={ROUTE_PATHS.cart}>{t('review.change')}</Link>
    </div>
  );
}

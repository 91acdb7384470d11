import type { ReactNode } from 'react';
import { discountWithoutCoupon, Link, useFormat, type CartItem, type OrderPreview, ROUTE_PATHS } from '@shop/shared';
import { blocksOrder, lineTotalIn, optionNames } from '../cart/cartLines';
import { StockNote, StockText } from '../cart/ItemSummary';
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

/** Product and account discounts: the server's total discount without the coupon's share, which has its own line. */

/** The order review: lines from the cart; subtotal, discounts, coupon and total as the server will charge them. */
export function OrderReview({ items, currencyId, symbol, preview, previewError, loading, localSubtotal, children }: Props) {
  const t = useT();
  const { money, price } = useFormat();
  const amount = (value: number | undefined) => (loading ? '…' : value === undefined ? '—' : money(value, symbol));
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
        <tfoot>
          <tr>
            <th scope="row">{t('cart.subtotal')}</th>
            <td className={styles.num} data-testid="review-subtotal">{amount(preview?.subTotalPrice ?? localSubtotal)}</td>
          </tr>
          <tr>
            <th scope="row">{t('review.discount')}</th>
            <td className={styles.num} data-testid="review-discount">{amount(preview ? -discountWithoutCoupon(preview) : undefined)}</td>
          </tr>
          {preview?.coupon && (
            <tr>
              <th scope="row">{t('review.coupon', { code: preview.coupon.code })}</th>
              <td className={styles.num} data-testid="review-coupon">{amount(-preview.coupon.amount)}</td>
            </tr>
          )}
          <tr className={styles.grandTotal}>
            <th scope="row">{t('cart.total')}</th>
            <td className={styles.num} data-testid="review-total">{amount(preview?.totalPrice)}</td>
          </tr>
        </tfoot>
      </table>
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

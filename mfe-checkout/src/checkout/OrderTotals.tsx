import { discountWithoutCoupon, useFormat, type Locale, type TaxLine } from '@shop/shared';
import { useT } from '../messages';
import styles from './OrderTotals.module.css';

/** What the server computed (a preview or a placed order): the subtotal, the reductions, shipping, tax and the total. */
export interface TotalsOf {
  subTotalPrice: number;
  totalDiscount: number;
  coupon: { code: string; amount: number } | null;
  totalPrice: number;
  /** Issue 39: how the order ships (null: no method, shipping not set up or not chosen yet). */
  shippingMethod?: { _id: string | null; name: string } | null;
  shippingPrice?: number;
  taxTotal?: number;
  taxLines?: TaxLine[];
  /** The currency's prices include tax (the tax lines are inside the total) or not (added to it). */
  pricesIncludeTax?: boolean;
}

interface Props {
  symbol: string;
  totals: TotalsOf | null;
  /** Before the server answers: the cart's own subtotal, the other lines pending. */
  localSubtotal?: number;
  loading?: boolean;
  /** data-testid prefix: "review" (checkout), "cart", "confirmation". */
  testId?: string;
}

/** A tax rate as the page's language writes it: 19, 8.875 (8,875 in French). */
export const percentText = (rate: number, locale: Locale) => (locale === 'fr' ? String(rate).replace('.', ',') : String(rate));

/**
 * Issue 38: the totals as checkout charges them, written once for the cart, the checkout and the order's
 * confirmation: subtotal, discount (products' and account's), the coupon, each with its minus sign, and the total.
 * Issue 39: shipping and tax on lines of their own: tax per rate, "incl. VAT" inside the total where the
 * currency's prices include it, added above the total where they do not.
 */
export function OrderTotals({ symbol, totals, localSubtotal, loading = false, testId = 'review' }: Props) {
  const t = useT();
  const { money, reduction, locale } = useFormat();
  const shown = (text: string | undefined) => (loading ? '…' : (text ?? '—'));
  const discount = totals ? discountWithoutCoupon(totals) : undefined;
  const subtotal = totals?.subTotalPrice ?? localSubtotal;
  const shipping = totals?.shippingMethod || totals?.shippingPrice ? { name: totals.shippingMethod?.name, amount: totals.shippingPrice ?? 0 } : null;
  const taxLines = totals?.taxLines ?? [];
  const inclusive = totals?.pricesIncludeTax === true;
  return (
    <dl className={styles.totals}>
      <div className={styles.row}>
        <dt>
          {t('cart.subtotal')}
          {totals?.pricesIncludeTax !== undefined && <span className={styles.note} data-testid={`${testId}-tax-note`}>{t(inclusive ? 'totals.inclVat' : 'totals.plusTax')}</span>}
        </dt>
        <dd data-testid={`${testId}-subtotal`}>{shown(subtotal === undefined ? undefined : money(subtotal, symbol))}</dd>
      </div>
      <div className={styles.row}>
        <dt>{t('review.discount')}</dt>
        <dd data-testid={`${testId}-discount`}>{shown(discount === undefined ? undefined : reduction(discount, symbol))}</dd>
      </div>
      {totals?.coupon && (
        <div className={styles.row}>
          <dt>{t('review.coupon', { code: totals.coupon.code })}</dt>
          <dd data-testid={`${testId}-coupon`}>{shown(reduction(totals.coupon.amount, symbol))}</dd>
        </div>
      )}
      {shipping && (
        <div className={styles.row}>
          <dt>{shipping.name ? t('totals.shippingBy', { method: shipping.name }) : t('totals.shipping')}</dt>
          <dd data-testid={`${testId}-shipping`}>{shown(shipping.amount === 0 ? t('totals.free') : money(shipping.amount, symbol))}</dd>
        </div>
      )}
      {!inclusive &&
        taxLines.map((line) => (
          <div className={styles.row} key={line.rate}>
            <dt>{t('totals.taxAdded', { rate: percentText(line.rate, locale) })}</dt>
            <dd data-testid={`${testId}-tax`}>{shown(money(line.amount, symbol))}</dd>
          </div>
        ))}
      <div className={`${styles.row} ${styles.grand}`}>
        <dt>{t('cart.total')}</dt>
        <dd data-testid={`${testId}-total`}>{shown(totals ? money(totals.totalPrice, symbol) : undefined)}</dd>
      </div>
      {inclusive &&
        taxLines.map((line) => (
          <div className={`${styles.row} ${styles.included}`} key={line.rate}>
            <dt>{t('totals.taxIncluded', { rate: percentText(line.rate, locale) })}</dt>
            <dd data-testid={`${testId}-tax`}>{shown(money(line.amount, symbol))}</dd>
          </div>
        ))}
    </dl>
  );
}

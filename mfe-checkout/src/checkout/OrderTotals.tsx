import { discountWithoutCoupon, useFormat } from '@shop/shared';
import { useT } from '../messages';
import styles from './OrderTotals.module.css';

/** What the server computed (a preview or a placed order): the subtotal, the reductions and the total. */
export interface TotalsOf {
  subTotalPrice: number;
  totalDiscount: number;
  coupon: { code: string; amount: number } | null;
  totalPrice: number;
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

/**
 * Issue 38: the totals as checkout charges them, written once for the cart, the checkout and the order's
 * confirmation: subtotal, discount (products' and account's), the coupon, each with its minus sign, and the total.
 */
export function OrderTotals({ symbol, totals, localSubtotal, loading = false, testId = 'review' }: Props) {
  const t = useT();
  const { money, reduction } = useFormat();
  const shown = (text: string | undefined) => (loading ? '…' : (text ?? '—'));
  const discount = totals ? discountWithoutCoupon(totals) : undefined;
  const subtotal = totals?.subTotalPrice ?? localSubtotal;
  return (
    <dl className={styles.totals}>
      <div className={styles.row}>
        <dt>{t('cart.subtotal')}</dt>
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
      <div className={`${styles.row} ${styles.grand}`}>
        <dt>{t('cart.total')}</dt>
        <dd data-testid={`${testId}-total`}>{shown(totals ? money(totals.totalPrice, symbol) : undefined)}</dd>
      </div>
    </dl>
  );
}

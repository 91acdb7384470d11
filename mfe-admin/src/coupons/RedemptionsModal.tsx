import { formatMoney, Modal, type Column, type Coupon, type CouponRedemption, orderStatusLabel } from '@shop/shared';
import { DateTime } from '../common/DateTime';
import { PagedList, usePagedList } from '../common/PagedList';
import adminStyles from '../common/admin.module.css';
import { COUPON_TOASTS } from './couponRules';
import styles from './Coupons.module.css';

export const REDEMPTIONS_PAGE_SIZE = 10;

const columns: Column<CouponRedemption>[] = [
  { header: 'Order', cell: (r) => <span className={styles.orderNumber}>{r.orderNumber}</span> },
  {
    header: 'Customer',
    cell: (r) =>
      r.customer ? (
        <>
          <span className={styles.name}>{r.customer.fullName}</span>
          <span className={styles.email}>{r.customer.email}</span>
        </>
      ) : (
        <span className={adminStyles.muted}>Deleted customer</span>
      ),
  },
  { header: 'Amount', cell: (r) => <span className={styles.figure}>{formatMoney(r.amount, r.currency.symbol)}</span> },
  {
    header: 'Status',
    cell: (r) => (
      <span className={styles.statusCell}>
        {orderStatusLabel(r.status)}
        {r.releasedAt && (
          <span className={`${styles.status} ${styles.released}`} title={`The use was given back on ${new Date(r.releasedAt).toLocaleString('en-US')}`}>
            Released
          </span>
        )}
      </span>
    ),
  },
  { header: 'Date', cell: (r) => <DateTime iso={r.redeemedAt} /> },
];

/** The orders that used a coupon (GET /coupons/{id}/redemptions), newest first, paged; the list's failure in words. */
function Redemptions({ coupon }: { coupon: Coupon }) {
  const list = usePagedList<CouponRedemption>('couponRedemptions', REDEMPTIONS_PAGE_SIZE, COUPON_TOASTS.fetchRedemptions, {}, { id: coupon._id });
  return (
    <div className={styles.redemptions}>
      <PagedList list={list} columns={columns} caption={`Orders that used ${coupon.code}, newest first`} empty="No orders have used this code yet." rowKey={(r) => r.orderId} />
    </div>
  );
}

/** The redemptions of `coupon` in the back office's one modal; null: closed. */
export function RedemptionsModal({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  if (!coupon) return null;
  return (
    <Modal open title={<>Redemptions of <span className={styles.titleCode}>{coupon.code}</span></>} onClose={onClose} wide>
      <Redemptions key={coupon._id} coupon={coupon} />
    </Modal>
  );
}

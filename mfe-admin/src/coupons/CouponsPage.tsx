import { Fragment, useCallback, useState } from 'react';
import { Button, call, DataTable, formatDate, notifyPromise, refusalMessage, type Column, type Coupon } from '@shop/shared';
import { useAdminCurrencies } from '../common/useAdminCurrencies';
import { useConfirm } from '../common/ConfirmDialog';
import { useAdminList } from '../common/useAdminList';
import adminStyles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { CouponModal } from './CouponModal';
import { COUPON_TOASTS, couponBodyOf, couponStatus, couponValueParts, usesText, type CouponStatus } from './couponRules';
import styles from './Coupons.module.css';
import { RedemptionsModal } from './RedemptionsModal';

const fetchCoupons = async () => (await call('coupons')).data;

const STATUS_CLASS: Record<CouponStatus, string | undefined> = {
  Active: styles.active,
  Inactive: styles.inactive,
  Scheduled: styles.scheduled,
  Expired: styles.expired,
  'Used up': styles.usedUp,
};

/** Under the status, the window that explains it: 'From Jun 1, 2030', 'Until …', 'Ended …'. */
function windowText(c: Coupon, status: CouponStatus): string {
  if (status === 'Scheduled' && c.startsAt) return `From ${formatDate(c.startsAt)}`;
  if (status === 'Expired' && c.endsAt) return `Ended ${formatDate(c.endsAt)}`;
  return c.endsAt ? `Until ${formatDate(c.endsAt)}` : '';
}

/** What else limits the code, in a few words under it. */
function termsText(c: Coupon): string {
  const terms: string[] = [];
  if (c.firstOrderOnly) terms.push('First order');
  if (c.perCustomerLimit !== null) terms.push(`${c.perCustomerLimit.toLocaleString('en-US')} per customer`);
  if (c.products.length) terms.push(c.products.length === 1 ? '1 product' : `${c.products.length.toLocaleString('en-US')} products`);
  return terms.join(' · ');
}

/** /coupons (issue 22): the codes shoppers type at checkout; add and edit in the modal, (de)activate, delete, the orders that used one. */
export default function CouponsPage() {
  const currencies = useAdminCurrencies();
  const { items, loading, reload, replace } = useAdminList(fetchCoupons, COUPON_TOASTS.fetch);
  const [modal, setModal] = useState<{ open: boolean; coupon?: Coupon }>({ open: false });
  const [redemptionsOf, setRedemptionsOf] = useState<Coupon | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();

  const remove = (coupon: Coupon) =>
    ask('Delete coupon', `Delete ${coupon.code}? Orders that used it keep the code and what it took off.`, async () => {
      await notifyPromise(call('deleteCoupon', { params: { id: coupon._id } }), COUPON_TOASTS.remove);
      await reload();
    });

  // PUT takes the whole coupon: the row's own, with the flag turned.
  const toggle = async (coupon: Coupon) => {
    const toasts = coupon.active ? COUPON_TOASTS.deactivate : COUPON_TOASTS.activate;
    setToggling(coupon._id);
    try {
      const { data } = await notifyPromise(call('updateCoupon', { params: { id: coupon._id }, body: couponBodyOf(coupon, { active: !coupon.active }) }), {
        ...toasts,
        error: (e) => refusalMessage(e, toasts.error),
      });
      replace(data);
    } catch {
      /* the toast tells the admin */
    } finally {
      setToggling(null);
    }
  };

  const now = new Date();
  const columns: Column<Coupon>[] = [
    {
      header: 'Code',
      cell: (c) => (
        <>
          <span className={styles.code}>{c.code}</span>
          {termsText(c) && <span className={styles.terms}>{termsText(c)}</span>}
        </>
      ),
    },
    {
      header: 'Value',
      // Amounts break between currencies only, never inside one.
      cell: (c) =>
        couponValueParts(c, currencies).map((part, i) => (
          <Fragment key={part.key}>
            {i > 0 && ' / '}
            <span className={styles.figure}>{part.text}</span>
          </Fragment>
        )),
    },
    {
      header: 'Uses / limit',
      // The count opens the orders that make it up (a fourth button would not fit the row beside the side nav).
      cell: (c) => (
        <button type="button" className={styles.uses} onClick={() => setRedemptionsOf(c)} title={`Orders that used ${c.code}`}>
          {usesText(c)}
          <span className="visually-hidden">, redemptions of {c.code}</span>
        </button>
      ),
    },
    {
      header: 'Status',
      cell: (c) => {
        const status = couponStatus(c, now);
        return (
          <>
            <span className={`${styles.status} ${STATUS_CLASS[status] ?? ''}`}>{status}</span>
            {windowText(c, status) && <span className={styles.window}>{windowText(c, status)}</span>}
          </>
        );
      },
    },
    {
      header: 'Action',
      cell: (c) => (
        <div className={adminStyles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setModal({ open: true, coupon: c })} aria-label={`Edit ${c.code}`}>Edit</Button>
          <Button size="small" variant="secondary" onClick={() => toggle(c)} disabled={toggling === c._id} aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.code}`}>
            {c.active ? 'Deactivate' : 'Activate'}
          </Button>
          <Button size="small" variant="danger" onClick={() => remove(c)} aria-label={`Delete ${c.code}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const close = useCallback(() => setModal({ open: false }), []);
  const closeRedemptions = useCallback(() => setRedemptionsOf(null), []);

  return (
    <AdminLayout title="Coupons" actions={<Button onClick={() => setModal({ open: true })}>Add Coupon</Button>}>
      <div className={styles.list}>
        <DataTable caption="Coupons, newest first" columns={columns} rows={items} rowKey={(c) => c._id} loading={loading} empty="No Coupons available yet." />
      </div>
      <CouponModal open={modal.open} coupon={modal.coupon} onClose={close} onAdded={() => void reload()} onUpdated={replace} />
      <RedemptionsModal coupon={redemptionsOf} onClose={closeRedemptions} />
      {dialog}
    </AdminLayout>
  );
}

import { useCallback, useState } from 'react';
import { Button, call, DataTable, formatDate, isDiscountActive, notifyPromise, type Column, type Discount } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { discountTypeLabel } from '../common/DiscountTypeSelect';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { DiscountModal } from './DiscountModal';

const fetchDiscounts = async () => (await call('discounts')).data;

/** /discounts: the table, New and edit modals, delete (SPEC §2). */
export default function DiscountsPage() {
  const { items, loading, reload, replace } = useAdminList(fetchDiscounts, 'Failed to fetch discounts');
  const [modal, setModal] = useState<{ open: boolean; discount?: Discount }>({ open: false });
  const { ask, dialog } = useConfirm();

  const remove = (discount: Discount) =>
    ask('Delete discount', `Delete ${discount.title}?`, async () => {
      await notifyPromise(call('deleteDiscount', { params: { id: discount._id } }), {
        pending: 'Deleting Discount...',
        success: 'Discount Deleted Successfully!',
        error: 'Failed to Delete Discount.',
      });
      await reload();
    });

  const columns: Column<Discount>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    {
      header: 'Name',
      cell: (d) => (
        <>
          {d.title}
          <br />
          <span className={styles.muted}>{isDiscountActive(d) ? `Until ${formatDate(d.timeLimit)}` : `Expired ${formatDate(d.timeLimit)}`}</span>
        </>
      ),
    },
    { header: 'Discount Type', cell: (d) => discountTypeLabel(d.discountType) },
    {
      header: 'Action',
      cell: (d) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setModal({ open: true, discount: d })} aria-label={`Edit ${d.title}`}>Edit</Button>
          <Button size="small" variant="danger" onClick={() => remove(d)} aria-label={`Delete ${d.title}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const close = useCallback(() => setModal({ open: false }), []);

  return (
    <AdminLayout title="Discounts" actions={<Button onClick={() => setModal({ open: true })}>Add Discount</Button>}>
      <DataTable caption="Discounts" columns={columns} rows={items} rowKey={(d) => d._id} loading={loading} empty="No Discounts available yet." />
      <DiscountModal open={modal.open} discount={modal.discount} onClose={close} onAdded={() => void reload()} onUpdated={replace} />
      {dialog}
    </AdminLayout>
  );
}

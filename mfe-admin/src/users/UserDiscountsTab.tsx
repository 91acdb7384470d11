import { useEffect, useId, useState } from 'react';
import { Button, call, DataTable, formatDate, notify, Spinner, type Column, type Discount, type User } from '@shop/shared';
import styles from '../common/admin.module.css';
import modalStyles from './UserModal.module.css';
import { useSaving } from '../common/useSaving';

/** The user's discounts: remove one, or add one of the shop's discounts (PATCH addDiscountToUser / removeDiscount). */
export function UserDiscountsTab({ user, onUserChanged }: { user: User; onUserChanged: (user: User) => void }) {
  const selectId = useId();
  const [all, setAll] = useState<Discount[] | null>(null);
  const [choice, setChoice] = useState('');
  const [busy, save] = useSaving();

  useEffect(() => {
    call('discounts')
      .then(({ data }) => setAll(data))
      .catch(() => {
        notify.error('Failed to fetch discounts');
        setAll([]);
      });
  }, []);

  const change = async (kind: 'add' | 'remove', discountId: string) => {
    const saved =
      kind === 'add'
        ? await save(call('addDiscountToUser', { params: { id: user._id }, body: { discountId } }), {
            pending: 'Adding Discount...',
            success: 'Discount Added Successfully!',
            error: 'Failed to Add Discount.',
          })
        : await save(call('removeDiscountFromUser', { params: { id: user._id }, body: { discountId } }), {
            pending: 'Removing Discount...',
            success: 'Discount Removed Successfully!',
            error: 'Failed to Remove Discount',
          });
    if (!saved) return;
    const { data } = saved;
    const discounts = data?.discounts ?? (kind === 'add' ? [...user.discounts, discountId] : user.discounts.filter((d) => d !== discountId));
    onUserChanged({ ...user, ...data, discounts });
    setChoice('');
  };

  if (!all) return <Spinner />;
  const assigned = all.filter((d) => user.discounts.includes(d._id));
  const available = all.filter((d) => !user.discounts.includes(d._id));
  const columns: Column<Discount>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Name', cell: (d) => d.title },
    { header: 'Discount Type', cell: (d) => (d.discountType === 'percentage' ? 'Percentage' : 'Fixed') },
    { header: 'Time Limit', cell: (d) => formatDate(d.timeLimit) },
    {
      header: 'Action',
      cell: (d) => (
        <Button size="small" variant="danger" disabled={busy} onClick={() => change('remove', d._id)} aria-label={`Remove ${d.title}`}>Remove</Button>
      ),
    },
  ];

  return (
    <>
      <DataTable caption="The user's discounts" columns={columns} rows={assigned} rowKey={(d) => d._id} empty="No discounts for this user yet." />
      <div className={modalStyles.discountRow}>
        <div>
          <label htmlFor={selectId} className={styles.label}>Add a discount</label>
          <select id={selectId} className={styles.select} value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{available.length ? 'Select a discount' : 'No other discounts'}</option>
            {available.map((d) => (
              <option key={d._id} value={d._id}>{d.title}</option>
            ))}
          </select>
        </div>
        <Button onClick={() => change('add', choice)} disabled={busy || !choice}>Add Discount</Button>
      </div>
    </>
  );
}

import { useCallback, useState } from 'react';
import { api, Button, DataTable, loadCurrencies, notifyPromise, type Column, type Currency } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { CurrencyModal } from './CurrencyModal';

const fetchCurrencies = async () => (await api.get<Currency[]>('/currencies')).data;

/** /currencies: the table, New and edit modals, delete (SPEC §2). */
export default function CurrenciesPage() {
  const { items, loading, reload, replace } = useAdminList(fetchCurrencies, 'Failed to fetch currencies');
  const [modal, setModal] = useState<{ open: boolean; currency?: Currency }>({ open: false });
  const { ask, dialog } = useConfirm();
  // Every app on the page shows the new currencies too (header switcher, prices).
  const refreshShared = () => void loadCurrencies(true).catch(() => undefined);

  const remove = (currency: Currency) =>
    ask('Delete currency', `Delete ${currency.name} (${currency.code})?`, async () => {
      await notifyPromise(api.delete(`/currencies/${currency._id}`), {
        pending: 'Deleting Currency...',
        success: 'Currency Deleted Successfully!',
        error: 'Failed to Delete Currency.',
      });
      await reload();
      refreshShared();
    });

  const columns: Column<Currency>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Name', cell: (c) => c.name },
    { header: 'Code', cell: (c) => c.code },
    { header: 'Symbol', cell: (c) => c.symbol },
    {
      header: 'Action',
      cell: (c) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setModal({ open: true, currency: c })} aria-label={`Edit ${c.name}`}>Edit</Button>
          <Button size="small" variant="danger" onClick={() => remove(c)} aria-label={`Delete ${c.name}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const close = useCallback(() => setModal({ open: false }), []);

  return (
    <AdminLayout title="Currencies" actions={<Button onClick={() => setModal({ open: true })}>Add Currency</Button>}>
      <DataTable caption="Currencies" columns={columns} rows={items} rowKey={(c) => c._id} loading={loading} empty="No Currencies available yet." />
      <CurrencyModal
        open={modal.open}
        currency={modal.currency}
        onClose={close}
        onAdded={() => {
          void reload();
          refreshShared();
        }}
        onUpdated={(c) => {
          replace(c);
          refreshShared();
        }}
      />
      {dialog}
    </AdminLayout>
  );
}

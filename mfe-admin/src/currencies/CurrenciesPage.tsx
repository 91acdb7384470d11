import { useCallback, useState } from 'react';
import { Button, call, DataTable, loadCurrencies, notifyPromise, type Column, type Currency } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { CurrencyModal } from './CurrencyModal';
import { FillPricesModal } from './FillPricesModal';

const fetchCurrencies = async () => (await call('listCurrencies')).data;

/** /currencies: the table, New and edit modals, delete (SPEC §2). */
export default function CurrenciesPage() {
  const { items, loading, reload, replace } = useAdminList(fetchCurrencies, 'Failed to fetch currencies');
  const [modal, setModal] = useState<{ open: boolean; currency?: Currency }>({ open: false });
  // The currency whose missing prices are being filled (offered after adding one, issue 19).
  const [filling, setFilling] = useState<Currency | null>(null);
  const { ask, dialog } = useConfirm();
  // Every app on the page shows the new currencies too (header switcher, prices).
  const refreshShared = () => void loadCurrencies(true).catch(() => undefined);

  /** What deleting it removes (issue 19): its prices and option increases, counted by the server. */
  const usageOf = async (currency: Currency) => {
    try {
      const { data } = await call('currencyUsage', { params: { id: currency._id } });
      const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
      return ` This removes its ${counted(data.prices, 'product price', 'product prices')} and ${counted(data.optionIncreases, 'option increase', 'option increases')}.`;
    } catch {
      return ' This removes every price in it.';
    }
  };
  const remove = async (currency: Currency) =>
    ask('Delete currency', `Delete ${currency.name} (${currency.code})?${await usageOf(currency)}`, async () => {
      await notifyPromise(call('deleteCurrency', { params: { id: currency._id } }), {
        pending: 'Deleting Currency...',
        success: 'Currency Deleted Successfully!',
        error: failedTo('Failed to Delete Currency.'),
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
          {items.length > 1 && (
            <Button size="small" variant="secondary" onClick={() => setFilling(c)} aria-label={`Fill prices in ${c.name}`}>Fill prices</Button>
          )}
          <Button size="small" variant="danger" onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const close = useCallback(() => setModal({ open: false }), []);
  const closeFill = useCallback(() => setFilling(null), []);

  return (
    <AdminLayout title="Currencies" actions={<Button onClick={() => setModal({ open: true })}>Add Currency</Button>}>
      <DataTable caption="Currencies" columns={columns} rows={items} rowKey={(c) => c._id} loading={loading} empty="No Currencies available yet." />
      <CurrencyModal
        open={modal.open}
        currency={modal.currency}
        onClose={close}
        onAdded={(added) => {
          void reload();
          refreshShared();
          // Offer to fill its prices from another currency's (issue 19).
          if (items.length > 0) setFilling(added);
        }}
        onUpdated={(c) => {
          replace(c);
          refreshShared();
        }}
      />
      <FillPricesModal currency={filling} currencies={items} onClose={closeFill} />
      {dialog}
    </AdminLayout>
  );
}

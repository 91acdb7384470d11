import { useCallback, useState } from 'react';
import { Button, call, DataTable, loadCurrencies, notifyPromise, type Column, type Currency } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { reloadAdminCurrencies, type AdminCurrency } from '../common/useAdminCurrencies';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/admin.module.css';
import listStyles from '../products/ProductsPage.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { CurrencyModal } from './CurrencyModal';
import { FillPricesModal } from './FillPricesModal';

// Issue 38 (14): every currency, drafts too, with its status and how many products have a price in it.
const fetchCurrencies = async () => (await call('adminCurrencies')).data;
const count = (n: number) => n.toLocaleString('en-US');

/** /currencies: the table, New and edit modals, delete (SPEC §2). */
export default function CurrenciesPage() {
  const { items, loading, reload } = useAdminList(fetchCurrencies, 'Failed to fetch currencies');
  const [modal, setModal] = useState<{ open: boolean; currency?: Currency }>({ open: false });
  const pricedOf = (c: AdminCurrency) => `${count(c.pricedProducts)} of ${count(c.products)} ${c.products === 1 ? 'product' : 'products'}`;
  // The currency whose missing prices are being filled (offered after adding one, issue 19).
  const [filling, setFilling] = useState<Currency | null>(null);
  const { ask, dialog } = useConfirm();
  // Every app on the page shows the new currencies too (header switcher, prices).
  const refreshShared = () => {
    void loadCurrencies(true).catch(() => undefined);
    void reloadAdminCurrencies();
  };

  /** Publish (shoppers see it) or take back to draft; publishing one not every product is priced in says what shoppers will see. */
  const setStatus = async (c: AdminCurrency, status: AdminCurrency['status']) => {
    const change = async () => {
      await notifyPromise(call('setCurrencyStatus', { params: { id: c._id }, body: { status } }), {
        pending: status === 'published' ? 'Publishing Currency...' : 'Unpublishing Currency...',
        success: status === 'published' ? `${c.code} is live: shoppers can pick it.` : `${c.code} is a draft again: hidden from shoppers.`,
        error: failedTo(status === 'published' ? 'Failed to Publish Currency.' : 'Failed to Unpublish Currency.'),
      });
      await reload();
      refreshShared();
    };
    if (status === 'published' && c.pricedProducts < c.products) {
      const missing = c.products - c.pricedProducts;
      ask(
        `Publish ${c.code}?`,
        `${count(missing)} of ${count(c.products)} products have no price in ${c.code}: shoppers who pick it will see them as Not Available. Fill their prices first, or publish anyway.`,
        change,
        { label: 'Publish anyway', variant: 'primary' },
      );
      return;
    }
    if (status === 'draft') {
      ask(`Unpublish ${c.code}?`, `Shoppers will no longer see ${c.name} (${c.code}); its prices are kept.`, change, { label: 'Unpublish', variant: 'danger' });
      return;
    }
    await change().catch(() => undefined);
  };

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

  const columns: Column<AdminCurrency>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Name', cell: (c) => c.name },
    { header: 'Code', cell: (c) => c.code },
    { header: 'Symbol', cell: (c) => c.symbol },
    { header: 'Prices', cell: (c) => (c.pricesIncludeTax ? 'incl. tax' : '+ tax') },
    {
      header: 'Status',
      cell: (c) =>
        c.status === 'draft' ? (
          <span className={`${listStyles.status} ${listStyles.draft}`} title="Hidden from shoppers until published">Draft</span>
        ) : (
          <span className={`${listStyles.status} ${listStyles.live}`}>Published</span>
        ),
    },
    { header: 'Priced products', cell: (c) => pricedOf(c) },
    {
      header: 'Action',
      cell: (c) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setModal({ open: true, currency: c })} aria-label={`Edit ${c.name}`}>Edit</Button>
          {items.length > 1 && (
            <Button size="small" variant="secondary" onClick={() => setFilling(c)} aria-label={`Fill prices in ${c.name}`}>Fill prices</Button>
          )}
          {c.status === 'draft' ? (
            <Button size="small" onClick={() => void setStatus(c, 'published')} aria-label={`Publish ${c.name}`}>Publish</Button>
          ) : (
            <Button size="small" variant="secondary" onClick={() => void setStatus(c, 'draft')} aria-label={`Unpublish ${c.name}`}>Unpublish</Button>
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
      <p className={styles.muted}>A new currency is a draft, hidden from shoppers until you publish it: fill its prices first.</p>
      <DataTable caption="Currencies" columns={columns} rows={items} rowKey={(c) => c._id} loading={loading} empty="No Currencies available yet." />
      <CurrencyModal
        open={modal.open}
        currency={modal.currency}
        onClose={close}
        onAdded={(added) => {
          // A new currency is a draft (issue 38): hidden from shoppers until published here.
          void reload();
          refreshShared();
          // Offer to fill its prices from another currency's (issue 19).
          if (items.length > 0) setFilling(added);
        }}
        onUpdated={() => {
          void reload();
          refreshShared();
        }}
      />
      <FillPricesModal
        currency={filling}
        currencies={items}
        onClose={closeFill}
        onFilled={() => {
          void reload();
          refreshShared();
        }}
      />
      {dialog}
    </AdminLayout>
  );
}

import { useCallback, useState } from 'react';
import { Button, call, countryName, DataTable, notifyPromise, type Column, type TaxClass, type TaxRate } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { useAdminList } from '../common/useAdminList';
import admin from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import styles from '../shipping/Shipping.module.css';
import { TaxClassModal } from './TaxClassModal';
import { TaxRateModal } from './TaxRateModal';

const fetchClasses = async () => (await call('taxClasses')).data;
const fetchRates = async () => (await call('taxRates', { query: {} })).data;

/**
 * /taxes (issue 39): tax classes (standard, reduced, zero, the shop's own; a product has one) and their
 * rates per country, optionally per region (a US state): the percent charged on what ships there.
 */
export default function TaxesPage() {
  const classes = useAdminList(fetchClasses, 'Failed to fetch tax classes');
  const rates = useAdminList(fetchRates, 'Failed to fetch tax rates');
  const [classModal, setClassModal] = useState<{ open: boolean; taxClass?: TaxClass }>({ open: false });
  const [rateModal, setRateModal] = useState<{ open: boolean; rate?: TaxRate }>({ open: false });
  const { ask, dialog } = useConfirm();

  const removeClass = (c: TaxClass) =>
    ask('Delete tax class', `Delete ${c.name}? Its products go to the default class, and its rates are deleted.`, async () => {
      await notifyPromise(call('deleteTaxClass', { params: { id: c._id } }), { pending: 'Deleting Tax Class...', success: 'Tax Class Deleted Successfully!', error: failedTo('Failed to Delete Tax Class.') });
      await Promise.all([classes.reload(), rates.reload()]);
    });
  const removeRate = (r: TaxRate) =>
    ask('Delete tax rate', `Delete ${r.className} in ${countryName(r.country)}${r.region ? ` (${r.region})` : ''}?`, async () => {
      await notifyPromise(call('deleteTaxRate', { params: { id: r._id } }), { pending: 'Deleting Tax Rate...', success: 'Tax Rate Deleted Successfully!', error: failedTo('Failed to Delete Tax Rate.') });
      await rates.reload();
    });

  const classColumns: Column<TaxClass>[] = [
    { header: 'Class', cell: (c) => (c.isDefault ? <>{c.name} <span className={admin.muted}>(default)</span></> : c.name) },
    { header: 'Rates', cell: (c) => rates.items.filter((r) => r.classId === c._id).length },
    {
      header: 'Action',
      cell: (c) => (
        <div className={admin.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setClassModal({ open: true, taxClass: c })} aria-label={`Rename ${c.name}`}>Rename</Button>
          {!c.isDefault && <Button size="small" variant="danger" onClick={() => void removeClass(c)} aria-label={`Delete ${c.name}`}>Delete</Button>}
        </div>
      ),
    },
  ];
  const rateColumns: Column<TaxRate>[] = [
    { header: 'Country', cell: (r) => `${countryName(r.country)} (${r.country})` },
    { header: 'Region', cell: (r) => r.region || 'Whole country' },
    { header: 'Class', cell: (r) => r.className },
    { header: 'Rate', cell: (r) => `${r.percent} %` },
    {
      header: 'Action',
      cell: (r) => (
        <div className={admin.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setRateModal({ open: true, rate: r })} aria-label={`Edit ${r.className} in ${r.country}${r.region ? ` ${r.region}` : ''}`}>Edit</Button>
          <Button size="small" variant="danger" onClick={() => void removeRate(r)} aria-label={`Delete ${r.className} in ${r.country}${r.region ? ` ${r.region}` : ''}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const closeClass = useCallback(() => setClassModal({ open: false }), []);
  const closeRate = useCallback(() => setRateModal({ open: false }), []);

  return (
    <AdminLayout
      title="Taxes"
      actions={
        <>
          <Button variant="secondary" onClick={() => setClassModal({ open: true })}>Add Tax Class</Button>
          <Button onClick={() => setRateModal({ open: true })} disabled={classes.items.length === 0}>Add Tax Rate</Button>
        </>
      }
    >
      <div className={styles.zones}>
        <section aria-labelledby="tax-classes-title">
          <h2 id="tax-classes-title" className={styles.sectionTitle}>Classes</h2>
          <DataTable caption="Tax classes" columns={classColumns} rows={classes.items} rowKey={(c) => c._id} loading={classes.loading} empty="No tax classes yet." />
        </section>
        <section aria-labelledby="tax-rates-title">
          <h2 id="tax-rates-title" className={styles.sectionTitle}>Rates</h2>
          <p className={admin.muted}>A region's rate applies to addresses in that region; the country's rate everywhere else in it. A country without a rate is not taxed.</p>
          <DataTable caption="Tax rates" columns={rateColumns} rows={rates.items} rowKey={(r) => r._id} loading={rates.loading} empty="No tax rates yet: nothing is taxed." />
        </section>
      </div>
      <TaxClassModal open={classModal.open} taxClass={classModal.taxClass} onClose={closeClass} onSaved={() => void Promise.all([classes.reload(), rates.reload()])} />
      <TaxRateModal open={rateModal.open} rate={rateModal.rate} classes={classes.items} onClose={closeRate} onSaved={() => void rates.reload()} />
      {dialog}
    </AdminLayout>
  );
}

import { useCallback, useState } from 'react';
import { Button, call, DataTable, notifyPromise, type Column, type Filter } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { FilterDetailsModal } from './FilterDetailsModal';
import { NewFilterModal } from './NewFilterModal';
import { IN_ENGLISH } from '../common/inEnglish';

const fetchFilters = async () => (await call('listFilters', { query: IN_ENGLISH })).data;

/** /filters: the table, View (detail modal), Delete and 'New Filter' (SPEC §2). */
export default function FiltersPage() {
  const { items, loading, reload, replace } = useAdminList(fetchFilters, 'Failed to fetch filters');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();

  const remove = (filter: Filter) =>
    ask('Delete filter', `Delete the filter ${filter.name} and its options?`, async () => {
      await notifyPromise(call('deleteFilter', { params: { id: filter._id } }), {
        pending: 'Deleting Filter...',
        success: 'Filter Deleted Successfully!',
        error: 'Failed to Delete Filter.',
      });
      await reload();
    });

  const columns: Column<Filter>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Filter Name', cell: (f) => f.name },
    {
      header: 'Action',
      cell: (f) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setViewing(f._id)} aria-label={`View ${f.name}`}>View</Button>
          <Button size="small" variant="danger" onClick={() => remove(f)} aria-label={`Delete ${f.name}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const closeView = useCallback(() => setViewing(null), []);
  const closeAdd = useCallback(() => setAdding(false), []);

  return (
    <AdminLayout title="Filters" actions={<Button onClick={() => setAdding(true)}>Add Filter</Button>}>
      <DataTable caption="Filters" columns={columns} rows={items} rowKey={(f) => f._id} loading={loading} empty="No Filters available yet." />
      <NewFilterModal open={adding} onClose={closeAdd} onAdded={() => void reload()} />
      <FilterDetailsModal filterId={viewing} onClose={closeView} onUpdated={replace} />
      {dialog}
    </AdminLayout>
  );
}

import { Button, call, DataTable, notifyPromise, useSessionValue, type Column, type User } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { USERS_PAGE_SIZE, usePagedUsers } from './usePagedUsers';
import { UserSearch } from './UserSearch';

/** /deleted-users: search, the table of deleted accounts, pagination by 20; a super admin restores one (issue 19). */
export default function DeletedUsersPage() {
  const { keyword, setKeyword, page, setPage, data, loading, reload } = usePagedUsers('deletedUsers', 'Something went wrong');
  const { isSuperAdmin } = useSessionValue();
  const { ask, dialog } = useConfirm();
  const restore = (u: User) =>
    ask(
      'Restore user',
      `Restore ${u.fullName} (${u.email})? The account can sign in again and is listed with the users.`,
      async () => {
        await notifyPromise(call('restoreUser', { params: { id: u._id } }), { pending: 'Restoring User...', success: 'User Restored Successfully!', error: failedTo('Failed to Restore User.') });
        await reload();
      },
      { label: 'Restore', variant: 'primary' },
    );
  const columns: Column<User>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Full Name', cell: (u) => u.fullName },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Mobile No.', cell: (u) => u.contact },
    ...(isSuperAdmin
      ? [
          {
            header: 'Action',
            cell: (u: User) => (
              <div className={styles.rowActions}>
                <Button size="small" variant="secondary" onClick={() => restore(u)} aria-label={`Restore ${u.fullName}`}>Restore</Button>
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <AdminLayout title="Deleted Users">
      <UserSearch value={keyword} onChange={setKeyword} />
      <DataTable
        caption="Deleted users"
        columns={columns}
        rows={data.items}
        rowKey={(u) => u._id}
        loading={loading}
        empty="No Deleted user accounts available yet."
        pagination={{ page, limit: data.limit || USERS_PAGE_SIZE, itemCount: data.itemCount, onPageChange: setPage }}
      />
      {dialog}
    </AdminLayout>
  );
}

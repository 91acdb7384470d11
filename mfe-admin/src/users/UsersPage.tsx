import { useCallback, useState } from 'react';
import { Button, call, DataTable, notifyPromise, useSessionValue, type Column, type User } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { UserModal } from './UserModal';
import { USERS_PAGE_SIZE, usePagedUsers } from './usePagedUsers';
import { UserSearch } from './UserSearch';

const roleLabel = (u: User) => (u.isSuperAdmin ? 'Super admin' : u.role === 'admin' ? 'Admin' : 'Customer');

/** /users: search, the table paged by 20, View for every admin, Delete for a super admin on others (SPEC §2, §6). */
export default function UsersPage() {
  const session = useSessionValue();
  const { keyword, setKeyword, page, setPage, data, loading, reload, replace } = usePagedUsers('searchUsers', 'Failed to fetch users');
  const [viewing, setViewing] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();

  const remove = (user: User) =>
    ask('Delete user', `Delete the account of ${user.fullName} (${user.email})? It moves to Deleted Users.`, async () => {
      await notifyPromise(call('deleteUser', { params: { id: user._id } }), {
        pending: 'Deleting User...',
        success: 'User Deleted Successfully!',
        error: 'Failed to Delete User.',
      });
      await reload();
    });

  const columns: Column<User>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Full Name', cell: (u) => u.fullName },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Mobile No.', cell: (u) => u.contact },
    { header: 'Role', cell: roleLabel },
    {
      header: 'Action',
      cell: (u) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setViewing(u._id)} aria-label={`View ${u.fullName}`}>View</Button>
          {session.isSuperAdmin && !u.isSuperAdmin && (
            <Button size="small" variant="danger" onClick={() => remove(u)} aria-label={`Delete ${u.fullName}`}>Delete</Button>
          )}
        </div>
      ),
    },
  ];
  const close = useCallback(() => setViewing(null), []);

  return (
    <AdminLayout title="Users">
      <UserSearch value={keyword} onChange={setKeyword} />
      <DataTable
        caption="Users"
        columns={columns}
        rows={data.items}
        rowKey={(u) => u._id}
        loading={loading}
        empty="No user available yet."
        pagination={{ page, limit: data.limit || USERS_PAGE_SIZE, itemCount: data.itemCount, onPageChange: setPage }}
      />
      <UserModal userId={viewing} onClose={close} onUserChanged={replace} />
      {dialog}
    </AdminLayout>
  );
}

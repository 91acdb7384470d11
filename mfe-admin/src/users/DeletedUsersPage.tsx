import { DataTable, type Column, type User } from '@shop/shared';
import { AdminLayout } from '../layout/AdminLayout';
import { usePagedUsers } from './usePagedUsers';
import { UserSearch } from './UserSearch';

/** /deleted-users: search, the table of deleted accounts, pagination by 5. */
export default function DeletedUsersPage() {
  const { keyword, setKeyword, page, setPage, data, loading } = usePagedUsers('/user/deleted', 'Something went wrong');
  const columns: Column<User>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    { header: 'Full Name', cell: (u) => u.fullName },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Mobile No.', cell: (u) => u.contact },
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
        pagination={{ page, limit: data.limit || 5, itemCount: data.itemCount, onPageChange: setPage }}
      />
    </AdminLayout>
  );
}

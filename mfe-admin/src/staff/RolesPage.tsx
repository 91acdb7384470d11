import { useEffect, useState, type FormEvent } from 'react';
import { Button, call, DataTable, Field, Modal, notifyPromise, type Column, type Permission, type StaffRole } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { useAdminList } from '../common/useAdminList';
import { useSaving } from '../common/useSaving';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';
import { PERMISSIONS } from '@shop/shared/src/contract';

const fetchRoles = async () => (await call('roles')).data;

/** What each permission opens, as the page says it. */
const PERMISSION_LABELS: Record<Permission, string> = {
  catalog: 'Catalogue (products, filters, stock)',
  orders: 'Orders (and the dashboard)',
  customers: 'Customers',
  marketing: 'Marketing (discounts, coupons, reviews)',
  content: 'Content (messages, e-mails)',
  settings: 'Settings (currencies, shipping, tax, store)',
  staff: 'Staff and roles',
  releases: 'Releases',
  audit: 'Audit log',
};

/** /roles (issue 42): named sets of permissions; the five the shop starts with stay (Owner holds everything). */
export default function RolesPage() {
  const { items, loading, reload } = useAdminList(fetchRoles, 'Failed to fetch roles');
  const [editing, setEditing] = useState<{ open: boolean; role?: StaffRole }>({ open: false });
  const { ask, dialog } = useConfirm();
  const remove = (r: StaffRole) =>
    ask('Delete role', `Delete the role ${r.name}?`, async () => {
      await notifyPromise(call('deleteRole', { params: { id: r._id } }), { pending: 'Deleting role...', success: 'Role deleted', error: failedTo('Failed to delete the role.') });
      await reload();
    });
  const columns: Column<StaffRole>[] = [
    { header: 'Role', cell: (r) => r.name },
    { header: 'Permissions', cell: (r) => (r.permissions.length === PERMISSIONS.length ? 'Everything' : r.permissions.join(', ') || 'None') },
    { header: 'Staff', cell: (r) => r.members },
    {
      header: 'Action',
      cell: (r) => (
        <div className={styles.rowActions}>
          {r.key !== 'owner' && <Button size="small" variant="secondary" onClick={() => setEditing({ open: true, role: r })} aria-label={`Edit ${r.name}`}>Edit</Button>}
          {!r.key && <Button size="small" variant="danger" onClick={() => void remove(r)} aria-label={`Delete ${r.name}`}>Delete</Button>}
        </div>
      ),
    },
  ];
  return (
    <AdminLayout title="Roles" actions={<Button onClick={() => setEditing({ open: true })}>Add role</Button>}>
      <DataTable caption="Roles" columns={columns} rows={items} rowKey={(r) => r._id} loading={loading} empty="No roles yet." />
      <RoleModal open={editing.open} role={editing.role} onClose={() => setEditing({ open: false })} onSaved={() => void reload()} />
      {dialog}
    </AdminLayout>
  );
}

function RoleModal({ open, role, onClose, onSaved }: { open: boolean; role?: StaffRole; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const [busy, save] = useSaving();
  useEffect(() => {
    if (!open) return;
    setName(role?.name ?? '');
    setChosen(role?.permissions ?? []);
  }, [open, role]);
  const toggle = (p: Permission) => setChosen((c) => (c.includes(p) ? c.filter((x) => x !== p) : [...c, p]));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !name.trim()) return;
    const body = { name: name.trim(), permissions: chosen };
    const saved = await save(role ? call('updateRole', { params: { id: role._id }, body }) : call('createRole', { body }), {
      pending: 'Saving role...',
      success: 'Role saved',
      error: 'Failed to save the role.',
    });
    if (!saved) return;
    onSaved();
    onClose();
  };
  return (
    <Modal open={open} title={role ? `Edit ${role.name}` : 'New role'} onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <Field label="Name" name="roleName" value={name} onChange={(e) => setName(e.target.value)} />
        <fieldset className={styles.fieldset}>
          <legend>Permissions</legend>
          {PERMISSIONS.map((p) => (
            <label key={p} className={styles.check}>
              <input type="checkbox" checked={chosen.includes(p)} onChange={() => toggle(p)} /> {PERMISSION_LABELS[p]}
            </label>
          ))}
        </fieldset>
        <div className={styles.modalActions}>
          <Button type="submit" disabled={busy || !name.trim()}>Save</Button>
        </div>
      </form>
    </Modal>
  );
}

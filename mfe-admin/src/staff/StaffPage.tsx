import { useState, type FormEvent } from 'react';
import { Button, call, DataTable, Field, Modal, notifyPromise, useSessionValue, type Column, type StaffMember, type StaffRole } from '@shop/shared';
import { useConfirm } from '../common/ConfirmDialog';
import { failedTo } from '../common/failure';
import { useAdminList } from '../common/useAdminList';
import { useSaving } from '../common/useSaving';
import styles from '../common/admin.module.css';
import { AdminLayout } from '../layout/AdminLayout';

const fetchStaff = async () => (await call('staff')).data;
const fetchRoles = async () => (await call('roles')).data;

/**
 * /staff (issue 42): who works in the back office. Invite by e-mail (a set-password link goes through
 * the outbox), give a role, suspend or reinstate, remove; the super admin resets a member's two-factor
 * sign-in. The API refuses what may not be done (one's own role, the last Owner) and says why.
 */
export default function StaffPage() {
  const session = useSessionValue();
  const staff = useAdminList(fetchStaff, 'Failed to fetch staff');
  const roles = useAdminList(fetchRoles, 'Failed to fetch roles');
  const [inviting, setInviting] = useState(false);
  const { ask, dialog } = useConfirm();

  const changeRole = (m: StaffMember, roleId: string) =>
    void notifyPromise(call('updateStaff', { params: { id: m._id }, body: { roleId } }), {
      pending: 'Changing role...',
      success: 'Role changed',
      error: failedTo('Failed to change the role.'),
    }).then(() => staff.reload(), () => staff.reload());
  const suspend = (m: StaffMember) =>
    ask(m.suspended ? 'Reinstate' : 'Suspend', m.suspended ? `Let ${m.fullName} sign in again?` : `Suspend ${m.fullName}? They are signed out at once and cannot sign in.`, async () => {
      await notifyPromise(call('updateStaff', { params: { id: m._id }, body: { suspended: !m.suspended } }), {
        pending: m.suspended ? 'Reinstating...' : 'Suspending...',
        success: m.suspended ? 'Reinstated' : 'Suspended',
        error: failedTo(m.suspended ? 'Failed to reinstate.' : 'Failed to suspend.'),
      });
      await staff.reload();
    });
  const remove = (m: StaffMember) =>
    ask('Remove from staff', `Remove ${m.fullName} from the back office? Their account stays, as a customer's.`, async () => {
      await notifyPromise(call('removeStaff', { params: { id: m._id } }), { pending: 'Removing...', success: 'Removed from the staff', error: failedTo('Failed to remove.') });
      await staff.reload();
    });
  const resetTwoFactor = (m: StaffMember) =>
    ask('Reset two-factor sign-in', `Turn off ${m.fullName}'s two-factor sign-in? Their sessions end and they are e-mailed.`, async () => {
      await notifyPromise(call('resetStaffTwoFactor', { params: { id: m._id } }), { pending: 'Resetting...', success: 'Two-factor sign-in reset', error: failedTo('Failed to reset.') });
      await staff.reload();
    });

  const columns: Column<StaffMember>[] = [
    { header: 'Name', cell: (m) => m.fullName },
    { header: 'E-mail', cell: (m) => m.email },
    {
      header: 'Role',
      cell: (m) => (
        <select className={styles.select} aria-label={`Role of ${m.fullName}`} value={m.roleId ?? ''} onChange={(e) => changeRole(m, e.target.value)}>
          {roles.items.map((r) => (
            <option key={r._id} value={r._id}>{r.name}</option>
          ))}
        </select>
      ),
    },
    { header: 'Status', cell: (m) => [m.suspended ? 'Suspended' : m.invited ? 'Invited' : 'Active', m.twoFactor ? '2FA on' : '2FA off'].join(' · ') },
    {
      header: 'Action',
      cell: (m) => (
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => void suspend(m)}>{m.suspended ? 'Reinstate' : 'Suspend'}</Button>
          {session.isSuperAdmin && m.twoFactor && (
            <Button size="small" variant="secondary" onClick={() => void resetTwoFactor(m)}>Reset 2FA</Button>
          )}
          <Button size="small" variant="danger" onClick={() => void remove(m)} aria-label={`Remove ${m.fullName}`}>Remove</Button>
        </div>
      ),
    },
  ];

  return (
    <AdminLayout title="Staff" actions={<Button onClick={() => setInviting(true)}>Invite staff member</Button>}>
      <DataTable caption="Staff" columns={columns} rows={staff.items} rowKey={(m) => m._id} loading={staff.loading} empty="No staff yet." />
      <InviteModal open={inviting} roles={roles.items} onClose={() => setInviting(false)} onInvited={() => void staff.reload()} />
      {dialog}
    </AdminLayout>
  );
}

function InviteModal({ open, roles, onClose, onInvited }: { open: boolean; roles: StaffRole[]; onClose: () => void; onInvited: () => void }) {
  const [form, setForm] = useState({ email: '', fullName: '', roleId: '' });
  const [busy, save] = useSaving();
  const roleId = form.roleId || roles.find((r) => r.key === 'support')?._id || roles[0]?._id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.email.trim() || !form.fullName.trim() || !roleId) return;
    const saved = await save(call('inviteStaff', { body: { email: form.email.trim(), fullName: form.fullName.trim(), roleId } }), {
      pending: 'Sending the invitation...',
      success: 'Invitation sent',
      error: 'Failed to invite.',
    });
    if (!saved) return;
    setForm({ email: '', fullName: '', roleId: '' });
    onInvited();
    onClose();
  };
  return (
    <Modal open={open} title="Invite a staff member" onClose={onClose} dirty={Boolean(form.email || form.fullName) && !busy}>
      <form className={styles.form} onSubmit={submit}>
        <Field label="Full name" name="fullName" value={form.fullName} onChange={(e) => setForm((f) => ({ ...f, fullName: e.target.value }))} />
        <Field label="E-mail" name="email" type="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
        <label className={styles.label} htmlFor="invite-role">Role</label>
        <select id="invite-role" className={styles.select} value={roleId} onChange={(e) => setForm((f) => ({ ...f, roleId: e.target.value }))}>
          {roles.map((r) => (
            <option key={r._id} value={r._id}>{r.name}</option>
          ))}
        </select>
        <p className={styles.hint}>They get an e-mail with a link to choose their password (valid 7 days).</p>
        <div className={styles.modalActions}>
          <Button type="submit" disabled={busy || !form.email.trim() || !form.fullName.trim()}>Send invitation</Button>
        </div>
      </form>
    </Modal>
  );
}

import type { Queryable } from '../db/client.js';

// Staff and roles (issue 42, migration 040).

export interface RoleRow {
  id: string;
  key: string | null;
  name: string;
  permissions: string[];
  members: number;
}
const ROLE = `SELECT r.id, r.key, r.name, r.permissions,
    (SELECT count(*)::int FROM users u WHERE u.role_id = r.id AND u.role = 'admin' AND u.deleted_at IS NULL) AS members
  FROM roles r`;
export const listRoles = (q: Queryable) => q.query<RoleRow>(`${ROLE} ORDER BY array_position(ARRAY['owner', 'manager', 'catalog-editor', 'order-handler', 'support'], r.key) NULLS LAST, r.created_at, r.name`);
export const getRole = (q: Queryable, id: string) => q.one<RoleRow>(`${ROLE} WHERE r.id = $1`, [id]);
export const roleNamed = (q: Queryable, name: string, except: string | null) =>
  q.one<{ id: string }>(`SELECT id FROM roles WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)`, [name, except]);
export const insertRole = (q: Queryable, name: string, permissions: string[]) =>
  q.one<{ id: string }>(`INSERT INTO roles (name, permissions) VALUES ($1, $2::text[]) RETURNING id`, [name, permissions]);
export const updateRole = (q: Queryable, id: string, name: string, permissions: string[]) =>
  q.query(`UPDATE roles SET name = $2, permissions = $3::text[] WHERE id = $1`, [id, name, permissions]);
export const deleteRole = (q: Queryable, id: string) => q.query(`DELETE FROM roles WHERE id = $1`, [id]);

export interface StaffRow {
  id: string;
  full_name: string;
  email: string;
  role_id: string | null;
  role_key: string | null;
  role_name: string | null;
  permissions: string[] | null;
  is_super_admin: boolean;
  two_factor: boolean;
  suspended: boolean;
  invited: boolean;
  last_seen_at: Date | string | null;
}
const STAFF = `SELECT u.id, u.full_name, u.email, u.role_id, r.key AS role_key, r.name AS role_name, r.permissions, u.is_super_admin,
    u.totp_enabled_at IS NOT NULL AS two_factor, u.suspended_at IS NOT NULL AS suspended, u.password_hash LIKE '!%' AS invited,
    (SELECT max(s.last_seen_at) FROM user_sessions s WHERE s.user_id = u.id) AS last_seen_at
  FROM users u LEFT JOIN roles r ON r.id = u.role_id
  WHERE u.role = 'admin' AND u.deleted_at IS NULL`;
export const listStaff = (q: Queryable) => q.query<StaffRow>(`${STAFF} ORDER BY u.created_at, u.id`);
export const getStaff = (q: Queryable, id: string) => q.one<StaffRow>(`${STAFF} AND u.id = $1`, [id]);

/** Holds the Owner role's row to the transaction's end: changes that could leave no Owner are made one after another. */
export const lockOwners = (q: Queryable) => q.one(`SELECT id FROM roles WHERE key = 'owner' FOR UPDATE`);
/** Owners who can act (not suspended), other than `except`. */
export const otherActiveOwners = async (q: Queryable, except: string) =>
  Number(
    (await q.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id AND r.key = 'owner'
        WHERE u.role = 'admin' AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.id <> $1`,
      [except],
    ))!.n,
  );

/** A role given: the spec's super admin flag follows the Owner role. */
export const setStaffRole = (q: Queryable, id: string, roleId: string) =>
  q.query(`UPDATE users SET role_id = $2, is_super_admin = (SELECT key = 'owner' FROM roles WHERE id = $2) IS TRUE WHERE id = $1`, [id, roleId]);
export const setSuspended = (q: Queryable, id: string, suspended: boolean) =>
  q.query(`UPDATE users SET suspended_at = CASE WHEN $2 THEN coalesce(suspended_at, now()) END WHERE id = $1`, [id, suspended]);
/** Out of the back office: a customer account again. */
export const removeFromStaff = (q: Queryable, id: string) =>
  q.query(`UPDATE users SET role = 'customer', role_id = NULL, is_super_admin = false, suspended_at = NULL WHERE id = $1`, [id]);

export const emailTaken = (q: Queryable, email: string) => q.one<{ id: string }>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email]);
/** An invited staff member has no password yet: '!invited' is no hash, so no password matches it. */
export const insertInvited = (q: Queryable, u: { fullName: string; email: string; roleId: string }) =>
  q.one<{ id: string }>(
    `INSERT INTO users (full_name, email, contact, password_hash, role, role_id, is_super_admin)
     VALUES ($1, $2, '', '!invited', 'admin', $3, (SELECT key = 'owner' FROM roles WHERE id = $3) IS TRUE) RETURNING id`,
    [u.fullName, u.email, u.roleId],
  );
/** The set-password link of an invitation: a password reset of purpose 'invite' (kept as its hash). */
export const insertInviteLink = (q: Queryable, userId: string, tokenHash: string, expiresAt: Date) =>
  q.one<{ id: string }>(`INSERT INTO password_resets (user_id, token_hash, expires_at, purpose) VALUES ($1, $2, $3, 'invite') RETURNING id`, [userId, tokenHash, expiresAt]);

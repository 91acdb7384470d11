import type { Queryable } from '../db/client.js';

export interface UserOut {
  _id: string;
  fullName: string;
  email: string;
  contact: string;
  role: 'admin' | 'customer';
  isSuperAdmin: boolean;
  discounts: string[];
  deletedAt: string | null;
  createdAt: string;
}
const COLS = `u.id AS "_id", u.full_name AS "fullName", u.email, u.contact, u.role, u.is_super_admin AS "isSuperAdmin",
  coalesce((SELECT array_agg(ud.discount_id::text ORDER BY ud.created_at) FROM user_discounts ud WHERE ud.user_id = u.id), '{}') AS discounts,
  u.deleted_at AS "deletedAt", u.created_at AS "createdAt"`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

export async function searchUsers(q: Queryable, deleted: boolean, keyword: string | undefined, limit: number, offset: number) {
  const kw = keyword?.trim() ? `%${likeEscape(keyword.trim())}%` : null;
  const where = `NOT u.is_guest AND u.deleted_at IS ${deleted ? 'NOT ' : ''}NULL AND ($1::text IS NULL OR u.full_name ILIKE $1 OR u.email ILIKE $1)`;
  const [items, count] = await Promise.all([
    q.query<UserOut>(`SELECT ${COLS} FROM users u WHERE ${where} ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`, [kw, limit, offset]),
    q.one<{ n: number }>(`SELECT count(*) AS n FROM users u WHERE ${where}`, [kw]),
  ]);
  return { items, itemCount: count?.n ?? 0 };
}

export const getUser = (q: Queryable, id: string, includeDeleted = false) =>
  q.one<UserOut>(`SELECT ${COLS} FROM users u WHERE u.id = $1 ${includeDeleted ? '' : 'AND u.deleted_at IS NULL'}`, [id]);

export const markDeleted = (q: Queryable, id: string) => q.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
/** False when there is no deleted user with this id. */
export const markRestored = async (q: Queryable, id: string) => !!(await q.one(`UPDATE users SET deleted_at = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING id`, [id]));
/** Issue 42: a new admin is a Manager (what the spec lets an admin do); a customer has no staff role. */
export const setRole = (q: Queryable, id: string, role: 'admin' | 'customer') =>
  q.query(
    `UPDATE users SET role = $2, role_id = CASE WHEN $2 = 'admin' THEN coalesce(role_id, (SELECT id FROM roles WHERE key = 'manager')) END WHERE id = $1`,
    [id, role],
  );
export const insertUserDiscount = (q: Queryable, id: string, discountId: string) =>
  q.query(`INSERT INTO user_discounts (user_id, discount_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, discountId]);
export const deleteUserDiscount = (q: Queryable, id: string, discountId: string) =>
  q.query(`DELETE FROM user_discounts WHERE user_id = $1 AND discount_id = $2`, [id, discountId]);

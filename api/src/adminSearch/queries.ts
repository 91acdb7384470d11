import type { Queryable } from '../db/client.js';

// The global search's reads (SQL only), each bounded and served by an index. A text is looked for in
// two ways, and the service picks: its matches gathered through the trigram indexes (020), at most
// GATHER_CAP of them, and the newest taken from those (a rare text: a few index pages, however old
// the matches); or, when it matches more than that, the newest-first index walked until enough
// match (a common text: they come soon). PostgreSQL's planner cannot tell the two apart from a
// pattern's statistics, and walked every row for a text that matched none (0.4 s at 100,000 users).

/**
 * For the rest of the transaction, no sequential scan where an index serves: the planner prices a
 * pattern's ILIKE as cheap as an equality, and read all 100,000 rows (0.1-0.5 s) rather than the
 * trigram index for a text it guessed a thousand rows would hold.
 */
export const preferIndexes = (q: Queryable) => q.query(`SET LOCAL enable_seqscan = off`);

/** How many matches are gathered through the trigram indexes before the text counts as common. */
export const GATHER_CAP = 1000;

export interface OrderHit {
  id: string;
  number: number | string;
  status: string;
  total: number;
  currency_symbol: string;
  created_at: Date | string;
  user_id: string | null;
  full_name: string | null;
  email: string | null;
}
export interface ProductHit {
  id: string;
  title: string;
  slug: string;
  image_url: string | null;
}
export interface UserHit {
  id: string;
  full_name: string;
  email: string;
  role: 'admin' | 'customer';
}

const ORDER_COLS = `o.id, o.number, o.status, o.total, o.currency_symbol, o.created_at, o.user_id, u.full_name, u.email`;
const USER_MATCH = `(u.full_name ILIKE $1 OR u.email ILIKE $1)`;

/** '%text%' for ILIKE, its own %, _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Orders whose number lies in one of the [lo, hi) ranges (bigints as text), smallest number first. */
export function ordersByNumberRanges(q: Queryable, ranges: Array<[string, string]>, limit: number) {
  if (ranges.length === 0) return Promise.resolve([]);
  const where = ranges.map((_, i) => `(o.number >= $${2 * i + 1}::bigint AND o.number < $${2 * i + 2}::bigint)`).join(' OR ');
  return q.query<OrderHit>(
    `SELECT ${ORDER_COLS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE ${where} ORDER BY o.number LIMIT $${2 * ranges.length + 1}`,
    [...ranges.flat(), limit],
  );
}

/** Up to GATHER_CAP + 1 accounts (deleted ones too) whose name or e-mail holds the text, through the trigram indexes. */
export const gatherUsers = (q: Queryable, text: string) =>
  q.query<{ id: string; live: boolean }>(`SELECT u.id, u.deleted_at IS NULL AS live FROM users u WHERE ${USER_MATCH} LIMIT ${GATHER_CAP + 1}`, [containing(text)]);

/** The newest live accounts among these. */
export const newestUsersOf = (q: Queryable, ids: string[], limit: number) =>
  q.query<UserHit>(`SELECT u.id, u.full_name, u.email, u.role FROM users u WHERE u.id = ANY($1::uuid[]) AND u.deleted_at IS NULL ORDER BY u.created_at DESC, u.id LIMIT $2`, [ids, limit]);

/** The newest live accounts whose name or e-mail holds the text, walking the newest-first index (a common text). */
export const newestUsersWalking = (q: Queryable, text: string, limit: number) =>
  q.query<UserHit>(`SELECT u.id, u.full_name, u.email, u.role FROM users u WHERE u.deleted_at IS NULL AND ${USER_MATCH} ORDER BY u.created_at DESC, u.id LIMIT $2`, [containing(text), limit]);

/** The newest orders of these accounts (orders_user_idx). */
export const newestOrdersOf = (q: Queryable, userIds: string[], limit: number) =>
  q.query<OrderHit>(`SELECT ${ORDER_COLS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.user_id = ANY($1::uuid[]) ORDER BY o.created_at DESC, o.id LIMIT $2`, [userIds, limit]);

/** The newest orders of the accounts whose name or e-mail holds the text, walking the orders newest first (a common text). */
export const newestOrdersWalking = (q: Queryable, text: string, limit: number) =>
  q.query<OrderHit>(`SELECT ${ORDER_COLS} FROM orders o JOIN users u ON u.id = o.user_id WHERE ${USER_MATCH} ORDER BY o.created_at DESC, o.id LIMIT $2`, [containing(text), limit]);

/** Up to GATHER_CAP + 1 products whose title holds the text, through the trigram index; the newest first. */
export const gatherProducts = (q: Queryable, text: string) =>
  q.query<ProductHit & { created_at: Date }>(
    `SELECT p.id, p.title, p.slug, p.image_urls[1] AS image_url, p.created_at FROM products p WHERE p.title ILIKE $1 LIMIT ${GATHER_CAP + 1}`,
    [containing(text)],
  );

/** The newest products whose title holds the text, walking the newest-first index (a common text). Drafts too: the back office sees them. */
export const newestProductsWalking = (q: Queryable, text: string, limit: number) =>
  q.query<ProductHit>(`SELECT p.id, p.title, p.slug, p.image_urls[1] AS image_url FROM products p WHERE p.title ILIKE $1 ORDER BY p.created_at DESC, p.id LIMIT $2`, [
    containing(text),
    limit,
  ]);

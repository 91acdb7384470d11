import type { Queryable } from '../db/client.js';

// The global search's reads (SQL only). Each is bounded by LIMIT and served by an index: orders by
// number through orders_number_key, by customer through the users' trigram indexes (020) and
// orders_user_idx, products through products_title_trgm_idx (020).

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

const ORDER_COLS = `o.id, o.number, o.status, o.total, o.currency_symbol, o.created_at, o.user_id, u.full_name, u.email`;

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

/** The newest orders of the accounts whose name or e-mail holds the text. */
export const ordersByCustomer = (q: Queryable, text: string, limit: number) =>
  q.query<OrderHit>(
    `SELECT ${ORDER_COLS} FROM orders o JOIN users u ON u.id = o.user_id
     WHERE u.full_name ILIKE $1 OR u.email ILIKE $1 ORDER BY o.created_at DESC, o.id LIMIT $2`,
    [containing(text), limit],
  );

/** The newest products whose title holds the text (drafts included: the back office sees them). */
export const productsByTitle = (q: Queryable, text: string, limit: number) =>
  q.query<ProductHit>(
    `SELECT p.id, p.title, p.slug, p.image_urls[1] AS image_url FROM products p WHERE p.title ILIKE $1 ORDER BY p.created_at DESC, p.id LIMIT $2`,
    [containing(text), limit],
  );

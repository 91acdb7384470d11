// The back office's product and customer exports (issue 19): SQL only, keyset pages newest first
// (products_created_idx and users_created_idx, 001), each row read once however many pages.
import type { Queryable } from '../db/client.js';

/** Where a walk stands: the last row written (its created_at as text, exact to the microsecond, and id). */
export interface Cursor {
  at: string;
  id: string;
}

export interface ProductRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  features: string[];
  image_urls: string[];
  created_at: Date | string;
  at: string;
  track_inventory: boolean;
  /** Pieces in stock over every combination, when stock is tracked. */
  stock: number | null;
  /** Minor units by currency id. */
  prices: Record<string, number> | null;
}

const after = (cursor: Cursor | null, params: unknown[], table: string) => {
  if (!cursor) return '';
  params.push(cursor.at, cursor.id);
  return `WHERE (${table}.created_at, ${table}.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
};

export function productsPage(q: Queryable, cursor: Cursor | null, limit: number) {
  const params: unknown[] = [];
  const where = after(cursor, params, 'p');
  params.push(limit);
  return q.query<ProductRow>(
    `SELECT p.id, p.slug, p.title, p.description, p.tags, p.features, p.image_urls, p.created_at, p.created_at::text AS at, p.track_inventory,
       CASE WHEN p.track_inventory THEN (SELECT coalesce(sum(s.quantity), 0)::int FROM stock_levels s WHERE s.product_id = p.id) END AS stock,
       (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id) AS prices
     FROM products p ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.length}`,
    params,
  );
}

export interface CustomerRow {
  id: string;
  full_name: string;
  email: string;
  contact: string;
  created_at: Date | string;
  at: string;
  orders: number;
  last_order_at: Date | string | null;
}

/** Customers with an account (not deleted), newest first, with how many orders each placed and when last. */
export function customersPage(q: Queryable, cursor: Cursor | null, limit: number) {
  const params: unknown[] = [];
  const where = after(cursor, params, 'u');
  params.push(limit);
  return q.query<CustomerRow>(
    `SELECT u.id, u.full_name, u.email, u.contact, u.created_at, u.created_at::text AS at,
       (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
       (SELECT max(o.created_at) FROM orders o WHERE o.user_id = u.id) AS last_order_at
     FROM users u ${where ? `${where} AND` : 'WHERE'} u.role = 'customer' AND NOT u.is_guest AND u.deleted_at IS NULL
     ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.length}`,
    params,
  );
}

import type { Queryable } from '../db/client.js';

export const ordersByStatusSince = (q: Queryable, since: Date) =>
  q.query<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM orders WHERE created_at >= $1 GROUP BY status`, [since]);

export async function summary(q: Queryable) {
  const r = await q.one<{ order: number; product: number; filter: number; user: number }>(
    `SELECT (SELECT count(*) FROM orders) AS order, (SELECT count(*) FROM products) AS product,
            (SELECT count(*) FROM filters) AS filter, (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS user`,
  );
  return r!;
}

// The dashboard's insight (issue 19). Orders of the two periods are read through the covering index of
// migration 019 (created_at, then status, currency and total): no order row is read for the figures and
// the days. Cancelled and rejected orders count nowhere. Money stays in minor units, per currency.
const COUNTED = `status NOT IN ('cancelled', 'rejected')`;

export interface FiguresRow {
  code: string;
  symbol: string;
  current: boolean;
  orders: number;
  revenue: number;
  average: number;
}

/** Revenue, orders and the average order (minor units, rounded) per currency, in [from, since) (previous) and [since, to) (current). */
export const figures = (q: Queryable, from: Date, since: Date, to: Date) =>
  q.query<FiguresRow>(
    `SELECT f.code, f.symbol, f.current, f.orders, f.revenue, round(f.revenue::numeric / f.orders)::bigint AS average
       FROM (SELECT currency_code AS code, max(currency_symbol) AS symbol, created_at >= $2 AS current, count(*) AS orders, sum(total)::bigint AS revenue
               FROM orders WHERE created_at >= $1 AND created_at < $3 AND ${COUNTED}
              GROUP BY currency_code, created_at >= $2) f
       LEFT JOIN currencies c ON upper(c.code) = upper(f.code)
      ORDER BY c.seq NULLS LAST, f.code, f.current`,
    [from, since, to],
  );

/** Revenue and orders per currency and UTC day (days since 1970-01-01) in [since, to). */
export const revenueByDay = (q: Queryable, since: Date, to: Date) =>
  q.query<{ code: string; symbol: string; day: number; orders: number; revenue: number }>(
    `SELECT currency_code AS code, max(currency_symbol) AS symbol, floor(extract(epoch FROM created_at) / 86400)::int AS day, count(*) AS orders, sum(total)::bigint AS revenue
       FROM orders WHERE created_at >= $1 AND created_at < $2 AND ${COUNTED}
      GROUP BY 1, 3`,
    [since, to],
  );

/** Customers (open accounts) registered in [from, since) and [since, to). */
export const newCustomers = (q: Queryable, from: Date, since: Date, to: Date) =>
  q.one<{ current: number; previous: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= $2) AS current, count(*) FILTER (WHERE created_at < $2) AS previous
       FROM users WHERE created_at >= $1 AND created_at < $3 AND role = 'customer' AND deleted_at IS NULL`,
    [from, since, to],
  );

export interface TopProductRow {
  list: 'units' | 'revenue';
  product_id: string | null;
  title: string;
  slug: string;
  code: string | null;
  symbol: string | null;
  units: number;
  revenue: number | null;
}

/**
 * The products sold most in [since, to): by units over every currency, and by revenue (line totals after
 * the product discounts) in each currency; `top` of each. A deleted product's lines (no product id) are
 * one product per slug, named by their snapshot.
 */
export const topProducts = (q: Queryable, since: Date, to: Date, top: number) =>
  q.query<TopProductRow>(
    `WITH per AS (
       SELECT i.product_id, CASE WHEN i.product_id IS NULL THEN i.slug END AS gone, o.currency_code AS code, max(o.currency_symbol) AS symbol,
              sum(i.quantity)::bigint AS units, sum(i.line_total - i.discount)::bigint AS revenue
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.created_at >= $1 AND o.created_at < $2 AND o.${COUNTED}
        GROUP BY 1, 2, 3),
     by_units AS (
       SELECT product_id, gone, sum(units)::bigint AS units FROM per GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT $3),
     by_revenue AS (
       SELECT * FROM (SELECT per.*, row_number() OVER (PARTITION BY code ORDER BY revenue DESC, units DESC, product_id, gone) AS r FROM per) x WHERE r <= $3),
     picked AS (
       SELECT 'units' AS list, product_id, gone, NULL::text AS code, NULL::text AS symbol, units, NULL::bigint AS revenue, 0::bigint AS r FROM by_units
       UNION ALL SELECT 'revenue', product_id, gone, code, symbol, units, revenue, r FROM by_revenue)
     SELECT k.list, k.product_id, coalesce(p.title, s.title, k.gone) AS title, coalesce(p.slug, k.gone) AS slug, k.code, k.symbol, k.units, k.revenue
       FROM picked k
       LEFT JOIN products p ON p.id = k.product_id
       LEFT JOIN LATERAL (SELECT i.title FROM order_items i JOIN orders o ON o.id = i.order_id
                           WHERE k.product_id IS NULL AND i.product_id IS NULL AND i.slug = k.gone AND o.created_at >= $1 AND o.created_at < $2
                           ORDER BY o.created_at DESC LIMIT 1) s ON true
      ORDER BY k.list DESC, k.code, k.r, k.units DESC, title`,
    [since, to, top],
  );

export interface RecentOrderRow {
  id: string;
  number: number;
  total: number;
  code: string;
  symbol: string;
  status: string;
  created_at: Date;
  full_name: string | null;
  email: string | null;
}

/** The shop's latest orders, newest first, with their customer (the account, else the shipping name). */
export const recentOrders = (q: Queryable, limit: number) =>
  q.query<RecentOrderRow>(
    `SELECT o.id, o.number, o.total, o.currency_code AS code, o.currency_symbol AS symbol, o.status, o.created_at,
            coalesce(u.full_name, o.shipping_address->>'fullName') AS full_name, u.email
       FROM orders o LEFT JOIN users u ON u.id = o.user_id
      ORDER BY o.created_at DESC, o.number DESC LIMIT $1`,
    [limit],
  );

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

// The dashboard's insight (issue 19). The orders that count are read through migration 019's partial
// covering index (created_at, with the id, currency and total; cancelled and rejected left out of it):
// the figures and the days never read an order row, the top products join the lines' covering index.
// Money stays in minor units, per currency.
const COUNTED = `status NOT IN ('cancelled', 'rejected')`;

export interface SalesRow {
  kind: 'total' | 'day';
  code: string;
  symbol: string;
  /** total: the current period (else the previous one); day: always. */
  current: boolean;
  /** day: UTC days since 1970-01-01. */
  day: number | null;
  orders: number;
  revenue: number;
  /** total: revenue / orders, rounded. */
  average: number | null;
}

/**
 * One pass over the orders of [from, to): revenue and orders per currency and UTC day, then summed per
 * currency into the previous period (days before `firstDay`) and the current one (from it on), with the
 * average order; the totals first (the shop's currency order, then by code), then the current days.
 */
export const sales = (q: Queryable, from: Date, to: Date, firstDay: number) =>
  q.query<SalesRow>(
    `WITH d AS (
       SELECT currency_code AS code, max(currency_symbol) AS symbol, floor(extract(epoch FROM created_at) / 86400)::int AS day, count(*) AS orders, sum(total)::bigint AS revenue
         FROM orders WHERE created_at >= $1 AND created_at < $2 AND ${COUNTED}
        GROUP BY 1, 3),
     t AS (SELECT code, max(symbol) AS symbol, day >= $3 AS current, sum(orders)::bigint AS orders, sum(revenue)::bigint AS revenue FROM d GROUP BY code, day >= $3),
     r AS (SELECT 'total' AS kind, code, symbol, current, NULL::int AS day, orders, revenue, round(revenue::numeric / orders)::bigint AS average FROM t
           UNION ALL
           SELECT 'day', code, symbol, true, day, orders, revenue, NULL FROM d WHERE day >= $3)
     SELECT r.* FROM r LEFT JOIN currencies c ON upper(c.code) = upper(r.code)
      ORDER BY r.kind DESC, c.seq NULLS LAST, r.code, r.current, r.day`,
    [from, to, firstDay],
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
 * one product per slug (its title: deletedTitles). Only the picked rows are named, from products.
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
     SELECT k.list, k.product_id, coalesce(p.title, k.gone) AS title, coalesce(p.slug, k.gone) AS slug, k.code, k.symbol, k.units, k.revenue
       FROM picked k LEFT JOIN products p ON p.id = k.product_id
      ORDER BY k.list DESC, k.code, k.r, k.units DESC, title`,
    [since, to, top],
  );

/** The titles deleted products' lines were sold under, by slug (the lines keep them; product_id is null). */
export const deletedTitles = (q: Queryable, slugs: string[]) =>
  q.query<{ slug: string; title: string }>(
    `SELECT slug, max(title) AS title FROM order_items WHERE product_id IS NULL AND slug = ANY($1::text[]) GROUP BY slug`,
    [slugs],
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

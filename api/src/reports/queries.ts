import type { Db, Queryable } from '../db/client.js';

export const ordersByStatusSince = (q: Queryable, since: Date) =>
  q.query<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM orders WHERE created_at >= $1 GROUP BY status`, [since]);

export async function summary(q: Queryable) {
  const r = await q.one<{ order: number; product: number; filter: number; user: number }>(
    `SELECT (SELECT count(*) FROM orders) AS order, (SELECT count(*) FROM products) AS product,
            (SELECT count(*) FROM filters) AS filter, (SELECT count(*) FROM users WHERE deleted_at IS NULL AND NOT is_guest) AS user`,
  );
  return r!;
}

// The dashboard's insight (issue 19), from migration 022's roll-ups: the figures and the days sum
// sales_daily, the top products sum product_sales' buckets, each with the deltas not yet folded
// into them (one statement: one snapshot, so a fold committing meanwhile is seen whole or not at all).
// What counts is what migration 022's triggers count: orders not cancelled or rejected, on their UTC day.
// Money stays in minor units, per currency.

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
  /** Issue 39: revenue's shipping (without its tax) and tax. */
  shipping: number;
  tax: number;
  /** total: revenue / orders, rounded. */
  average: number | null;
}

/**
 * The figures from `d` (code, symbol, day, orders, revenue: one row per currency and day with orders):
 * summed per currency into the previous period (days before $3) and the current one, with the average
 * order, then the current days; in the shop's currency order, then by code.
 */
export const SALES_FROM_DAYS = `t AS (SELECT code, max(symbol) AS symbol, day >= $3 AS current, sum(orders)::bigint AS orders, sum(revenue)::bigint AS revenue,
                   sum(shipping)::bigint AS shipping, sum(tax)::bigint AS tax FROM d GROUP BY code, day >= $3),
     r AS (SELECT 'total' AS kind, code, symbol, current, NULL::int AS day, orders, revenue, shipping, tax, round(revenue::numeric / orders)::bigint AS average FROM t
           UNION ALL
           SELECT 'day', code, symbol, true, day, orders, revenue, shipping, tax, NULL FROM d WHERE day >= $3)
     SELECT r.* FROM r LEFT JOIN currencies c ON upper(c.code) = upper(r.code)
      ORDER BY r.kind DESC, c.seq NULLS LAST, r.code, r.current, r.day`;

/**
 * Revenue and orders per currency and UTC day of the days [fromDay, toDay), then summed per currency
 * into the previous period (days before `firstDay`) and the current one (from it on), with the average
 * order; the totals first (the shop's currency order, then by code), then the current days. A currency's
 * symbol is the greatest its counted orders were placed with (a (day, code, symbol) that nets to no
 * order has none).
 */
export const sales = (q: Queryable, fromDay: number, toDay: number, firstDay: number) =>
  q.query<SalesRow>(
    `WITH s AS (
       SELECT code, symbol, day, sum(orders) AS orders, sum(revenue) AS revenue, sum(shipping) AS shipping, sum(tax) AS tax FROM (
         SELECT code, symbol, day, orders, revenue, shipping, tax FROM sales_daily WHERE day >= $1 AND day < $2
         UNION ALL SELECT code, symbol, day, orders, revenue, shipping, tax FROM sales_delta WHERE day >= $1 AND day < $2) x
        GROUP BY 1, 2, 3 HAVING sum(orders) > 0),
     d AS (SELECT code, max(symbol) AS symbol, day, sum(orders)::bigint AS orders, sum(revenue)::bigint AS revenue, sum(shipping)::bigint AS shipping, sum(tax)::bigint AS tax FROM s GROUP BY code, day),
     ${SALES_FROM_DAYS}`,
    [fromDay, toDay, firstDay],
  );

/** Customers (open accounts) registered in [from, since) and [since, to). */
export const newCustomers = (q: Queryable, from: Date, since: Date, to: Date) =>
  q.one<{ current: number; previous: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= $2) AS current, count(*) FILTER (WHERE created_at < $2) AS previous
       FROM users WHERE created_at >= $1 AND created_at < $3 AND role = 'customer' AND NOT is_guest AND deleted_at IS NULL`,
    [from, since, to],
  );

/**
 * product_sales' levels (migration 024): a bucket of level l holds the days [bucket * 2^l, (bucket + 1) * 2^l).
 * Base 8: the fold adds each product sold to 4 buckets (it was 11 levels, base 2, and the fold took ~0.6 ms
 * of PostgreSQL per order under checkout load), and a range is read as at most 7 buckets per level on each side.
 */
export const LEVELS = [0, 3, 6, 9];
/** The levels as SQL rows (`CROSS JOIN ${LEVEL_ROWS} l(level)`). */
export const LEVEL_ROWS = `unnest(ARRAY[${LEVELS.join(', ')}]::int[])`;
const LARGEST_FIRST = [...LEVELS].sort((a, b) => b - a);

/**
 * The days [first, end) as product_sales buckets: the fewest aligned blocks of a level's days, largest
 * first where they fit (a year: some fifteen).
 */
export function rangeBuckets(first: number, end: number): { levels: number[]; buckets: number[] } {
  const levels: number[] = [];
  const buckets: number[] = [];
  for (let day = first; day < end; ) {
    const level = LARGEST_FIRST.find((l) => day % 2 ** l === 0 && day + 2 ** l <= end) ?? 0;
    levels.push(level);
    buckets.push(Math.floor(day / 2 ** level));
    day += 2 ** level;
  }
  return { levels, buckets };
}

/**
 * The top products from `per` (product_id, gone, code, symbol, units, revenue: one row per product and
 * currency sold): `top` (a parameter) by units over every currency and by revenue in each, named from products.
 */
export const topFromPer = (top: string) => `by_units AS (
       SELECT product_id, gone, sum(units)::bigint AS units FROM per GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${top}),
     by_revenue AS (
       SELECT * FROM (SELECT per.*, row_number() OVER (PARTITION BY code ORDER BY revenue DESC, units DESC, product_id, gone) AS r FROM per) x WHERE r <= ${top}),
     picked AS (
       SELECT 'units' AS list, product_id, gone, NULL::text AS code, NULL::text AS symbol, units, NULL::bigint AS revenue, 0::bigint AS r FROM by_units
       UNION ALL SELECT 'revenue', product_id, gone, code, symbol, units, revenue, r FROM by_revenue)
     SELECT k.list, k.product_id, coalesce(p.title, k.gone) AS title, coalesce(p.slug, k.gone) AS slug, k.code, k.symbol, k.units, k.revenue
       FROM picked k LEFT JOIN products p ON p.id = k.product_id
      ORDER BY k.list DESC, k.code, k.r, k.units DESC, title`;

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
 * The products sold most in the days [first, end): by units over every currency, and by revenue (line
 * totals after the product discounts) in each currency; `top` of each. A deleted product's lines (no
 * product id) are one product per slug (its title: deletedTitles). Only the picked rows are named, from products.
 * No symbol: the service lists them under their currency's (the figures').
 */
export function topProducts(q: Queryable, first: number, end: number, top: number) {
  const { levels, buckets } = rangeBuckets(first, end);
  return q.query<TopProductRow>(
    `WITH per AS (
       SELECT product_id, gone, code, NULL::text AS symbol, sum(units)::bigint AS units, sum(revenue)::bigint AS revenue FROM (
         SELECT p.product_id, p.gone, p.code, p.lines, p.units, p.revenue
           FROM unnest($1::smallint[], $2::int[]) k(level, bucket) JOIN product_sales p ON p.level = k.level AND p.bucket = k.bucket
         UNION ALL SELECT product_id, gone, code, lines, units, revenue FROM product_sales_delta WHERE day >= $3 AND day < $4) x
        GROUP BY 1, 2, 3 HAVING sum(lines) > 0),
     ${topFromPer('$5')}`,
    [levels, buckets, first, end, top],
  );
}

/**
 * Moves the deltas migration 022's triggers wrote into the roll-ups, in one transaction (a reader sees
 * the deltas or their sums, never both or neither), if no other fold is at it (a transaction-scoped
 * advisory lock: several API processes fold in turn). Each delta is deleted by the statement that adds
 * it: one folded concurrently anyway (a lock lost) would be skipped by the DELETE, never added twice.
 * Answers whether it folded.
 */
export const FOLD_LOCK = 220001;
export const fold = (db: Db) =>
  db.tx(async (q) => {
    if (!(await q.one<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}) AS got`))?.got) return false;
    await q.query(
      `WITH d AS (DELETE FROM sales_delta RETURNING day, code, symbol, orders, revenue, shipping, tax)
       INSERT INTO sales_daily (day, code, symbol, orders, revenue, shipping, tax) SELECT day, code, symbol, sum(orders), sum(revenue), sum(shipping), sum(tax) FROM d GROUP BY 1, 2, 3
       ON CONFLICT (day, code, symbol) DO UPDATE SET orders = sales_daily.orders + excluded.orders, revenue = sales_daily.revenue + excluded.revenue,
         shipping = sales_daily.shipping + excluded.shipping, tax = sales_daily.tax + excluded.tax`,
    );
    await q.query(
      `WITH d AS (DELETE FROM product_sales_delta RETURNING day, code, product_id, gone, lines, units, revenue)
       INSERT INTO product_sales (level, bucket, code, product_id, gone, lines, units, revenue)
       SELECT l.level, d.day >> l.level, d.code, d.product_id, d.gone, sum(d.lines), sum(d.units), sum(d.revenue)
         FROM d CROSS JOIN ${LEVEL_ROWS} l(level) GROUP BY 1, 2, 3, 4, 5
       ON CONFLICT (level, bucket, code, product_id, gone)
       DO UPDATE SET lines = product_sales.lines + excluded.lines, units = product_sales.units + excluded.units, revenue = product_sales.revenue + excluded.revenue`,
    );
    return true;
  });

/** Whether any delta waits to be folded (a read: an idle shop's fold costs this only). */
export const unfolded = async (q: Queryable) =>
  Boolean((await q.one<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM sales_delta) OR EXISTS (SELECT 1 FROM product_sales_delta) AS any`))?.any);

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

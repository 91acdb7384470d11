// The admin's orders list and its CSV export (issue 19) at 100,000 orders on PostgreSQL: how long a
// page takes for each sort, filter and kind of search, with the EXPLAIN (ANALYZE, BUFFERS) of each
// query from the API's own functions, and the whole export's time and the process's memory while it
// runs (keyset pages: memory must not grow with the rows).
//
//   npx tsx bench/orders-list.ts                                 # 100,000 orders, 20,000 customers
//   npx tsx bench/orders-list.ts --orders 300000 --runs 20 --keep
//   npx tsx bench/orders-list.ts --db shop_bench_orders_1234 --no-plans   # a kept database again
//
// The data: a catalogue of --products (2,000), --customers customers, --orders orders over 3 years in
// four currencies, 1-3 lines each (the same shape as the insight bench), then VACUUM ANALYZE.
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../api/src/db/client';
import { listOrderPage, orderExportPages } from '../api/src/orders/list';
import type { AuthUser } from '../api/src/lib/auth';
import type { OrderListQuery } from '@shop/contract';
import { benchId, generateCatalog } from './generate-catalog';
import { arg, flag } from './lib/cli';
import { createDatabase, dbUrl, dropDatabase, openDb, pgReachable, type Db } from './lib/db';
import { fmt, table } from './lib/load';

const orders = Number(arg('orders') ?? 100_000);
const products = Number(arg('products') ?? 2_000);
const customers = Number(arg('customers') ?? 20_000);
const runs = Number(arg('runs') ?? 15);
const CHUNK = 25_000;
const YEARS = 3;

async function generate(db: Db) {
  const t0 = Date.now();
  await generateCatalog(db, { products });
  await db.query(
    `INSERT INTO users (id, full_name, email, contact, password_hash, role, created_at)
     SELECT md5('bench-ou-' || g)::uuid, (ARRAY['Jane','John','Maria','Ahmed','Li','Sofia','Noah','Emma'])[1 + g % 8] || ' ' || (ARRAY['Smith','Garcia','Chen','Okafor','Novak','Rossi'])[1 + (g / 8) % 6] || ' ' || g,
            'customer' || g || '@bench.local', '+9 ' || g, 'unused', 'customer', now() - (g::float8 / $1 * $2) * interval '1 day'
       FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
    [customers, YEARS * 365],
  );
  for (let from = 1; from <= orders; from += CHUNK) {
    const to = Math.min(orders, from + CHUNK - 1);
    await db.tx(async (q) => {
      await q.query(
        `WITH cur AS (SELECT id, code, symbol FROM currencies)
         INSERT INTO orders (id, user_id, status, payment_method, currency_id, currency_code, currency_symbol, shipping_address, sub_total, total_discount, total, created_at)
         SELECT md5('bench-o-' || g)::uuid, md5('bench-ou-' || (1 + (g::bigint * 7919) % $5::int))::uuid,
                CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 20 = 1 THEN 'rejected' WHEN g % 20 < 5 THEN 'pending'
                     WHEN g % 20 < 8 THEN 'processing' WHEN g % 20 < 12 THEN 'shipped' ELSE 'delivered' END,
                CASE WHEN g % 4 = 0 THEN 'PayPal' ELSE 'Cash On Delivery' END, c.id, c.code, c.symbol,
                jsonb_build_object('fullName', 'Bench Customer', 'line1', g || ' Market Street', 'city', 'Springfield', 'postalCode', '62701', 'country', 'US'),
                0, 0, 0, now() - (g::float8 / $3 * $4) * interval '1 day'
           FROM generate_series($1::int, $2::int) g
           JOIN cur c ON c.code = CASE WHEN g % 10 < 6 THEN 'USD' WHEN g % 10 < 8 THEN 'EUR' WHEN g % 10 = 8 THEN 'GBP' ELSE 'INR' END
         ON CONFLICT DO NOTHING`,
        [from, to, orders, YEARS * 365, customers],
      );
      await q.query(
        `INSERT INTO order_items (order_id, product_id, title, slug, quantity, unit_price, line_total, discount, seq)
         SELECT o.id, p.id, p.title, p.slug, l.qty, pp.amount, pp.amount * l.qty, 0, l.j
           FROM (SELECT g, j, 1 + (g + j) % 3 AS qty, 1 + floor($3::int * power(((g::bigint * 104729 + j * 7919) % 10007) / 10007.0, 2))::int AS k
                   FROM generate_series($1::int, $2::int) g CROSS JOIN generate_series(0, 2) j WHERE j <= g % 3) l
           JOIN orders o ON o.id = md5('bench-o-' || l.g)::uuid
           JOIN products p ON p.id = md5('bench-p-' || l.k)::uuid
           JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = o.currency_id`,
        [from, to, products],
      );
      await q.query(
        `UPDATE orders o SET sub_total = s.sub, total = s.sub FROM (SELECT order_id, sum(line_total)::bigint AS sub FROM order_items
           WHERE order_id IN (SELECT md5('bench-o-' || g)::uuid FROM generate_series($1::int, $2::int) g) GROUP BY order_id) s WHERE o.id = s.order_id`,
        [from, to],
      );
    });
    console.log(`  orders ${fmt(from)}–${fmt(to)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  for (const t of ['orders', 'order_items', 'users']) await db.query(`VACUUM ANALYZE ${t}`);
  console.log(`Generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Runs every query under EXPLAIN (ANALYZE, BUFFERS) too, keeping the plans. */
function explaining(db: Queryable, plans: string[]): Queryable {
  const run = async <T>(sql: string, params?: unknown[]) => {
    const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
    return db.query<T>(sql, params);
  };
  return { query: run, one: async <T>(sql: string, params?: unknown[]) => (await run<T>(sql, params))[0] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!(await pgReachable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_SERVER)');
  // --db <name>: a database an earlier run kept (--keep), used as it is.
  const reuse = arg('db');
  const name = reuse ?? `shop_bench_orders_${process.pid}`;
  if (!reuse) await createDatabase(name);
  const db = await openDb({ databaseUrl: dbUrl(name) });
  try {
    if (!reuse) await generate(db);
    const admin = { id: benchId('bench-orders-admin'), role: 'admin' } as AuthUser;
    const sample = (await db.one<{ number: string; email: string; name: string }>(
      `SELECT o.number::text AS number, u.email, u.full_name AS name FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.number DESC OFFSET 500 LIMIT 1`,
    ))!;
    const title = (await db.one<{ title: string }>(`SELECT title FROM order_items GROUP BY title ORDER BY count(*) LIMIT 1`))!.title;
    const cases: Array<[string, OrderListQuery]> = [
      ['newest first (default)', { page: 1 }],
      ['page 200, newest first', { page: 200 }],
      ['total, highest first', { sort: 'total:desc' }],
      ['number, lowest first', { sort: 'number:asc' }],
      ['status, A to Z', { sort: 'status:asc' }],
      ['customer, A to Z', { sort: 'customer:asc' }],
      ['status = shipped', { status: 'shipped' }],
      ['one month', { from: '2026-01-01', to: '2026-01-31' }],
      ['number AJ-…', { keyword: `AJ-${sample.number}` }],
      ['an e-mail', { keyword: sample.email }],
      ['part of a name', { keyword: sample.name.split(' ').slice(-1)[0] }],
      ['a common name', { keyword: 'garcia' }],
      [`a rare product (${title.slice(0, 24)})`, { keyword: title }],
      ['a common word (ring)', { keyword: 'ring' }],
      ['nothing matches', { keyword: 'zzqx' }],
      ['ring, shipped, by total', { keyword: 'ring', status: 'shipped', sort: 'total:desc' }],
    ];
    const rows: string[][] = [];
    const plans: Array<[string, string[]]> = [];
    for (const [label, query] of cases) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < runs + 2; i++) {
        const t0 = performance.now();
        const page = await listOrderPage(db, admin, query);
        if (i >= 2) times.push(performance.now() - t0);
        count = page.itemCount;
      }
      const p: string[] = [];
      await listOrderPage(explaining(db, p), admin, query);
      plans.push([label, p]);
      rows.push([label, fmt(count), fmt(median(times), 1), fmt(Math.max(...times), 1)]);
    }
    console.log(`\nGET /order?… at ${fmt(orders)} orders (page of 20 and its count, ${runs} runs, ms)\n`);
    console.log(table(['query', 'orders found', 'median', 'max'], rows));

    // The whole export, as the route reads it: pages of 200 orders, one after the other.
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    let lines = 0;
    const t0 = performance.now();
    for await (const page of orderExportPages(db, admin, {})) {
      lines += page.length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`\nExport of every order: ${fmt(lines)} lines in ${seconds.toFixed(1)} s (${fmt(lines / seconds)} lines/s); RSS ${fmt(rss0 / 2 ** 20)} MiB before, peak ${fmt(peak / 2 ** 20)} MiB`);

    if (!flag('no-plans')) {
      for (const [label, p] of plans) console.log(`\n--- ${label}\n${p.join('\n\n')}`);
    }
  } finally {
    await db.close();
    if (!flag('keep') && !reuse) await dropDatabase(name);
    else console.log(`kept database ${name}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

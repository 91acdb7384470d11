// The dashboard's insight (issue 19) at 100,000 orders on PostgreSQL: how long GET /api/report/insight
// takes to answer, per period, against GET /api/hello on the same server in the same run.
//
//   npm run insight -w bench                                   # 100,000 orders over 3 years
//   npm run insight -w bench -- --orders 1000000 --years 5 --requests 200 --reuse --keep
//
// Generates a small catalogue (--products, 2,000) and customers registered over the years (--customers,
// 20,000), then --orders orders spread evenly over the last --years years (the newest today), each in
// one of four currencies (USD 60 %, EUR 20 %, GBP 10 %, INR 10 %), 1-3 lines of products picked with a
// skew (a few sell most), every status (5 % cancelled, 5 % rejected). Then VACUUM ANALYZE, as autovacuum
// leaves a running shop. Starts the production API and asks each question one at a time (one
// connection, --requests times after 20 unmeasured): the median and p99 of the answer's time as the
// client sees it, and the CPU the API process and its PostgreSQL connections spent per answer (from
// /proc: what an answer costs, however crowded the host; PostgreSQL's parallel workers are turned off
// for the run, since their CPU could not be counted). Prints the EXPLAIN (ANALYZE, BUFFERS) of each
// query for a year, from the API's own query functions. Target (issue 19): under 100 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSigner } from 'fast-jwt';
import type { Queryable } from '../api/src/db/client';
import { fold } from '../api/src/reports/queries';
import { insight } from '../api/src/reports/service';
import { benchId, generateCatalog } from './generate-catalog';
import { arg, flag } from './lib/cli';
import { createDatabase, dbUrl, dropDatabase, openDb, pgReachable, type Db } from './lib/db';
import { fmt, markdownTable, table } from './lib/load';
import { catalogHealth, ensureApiBuilt, JWT_SECRET, startApi, type RunningApi } from './lib/server';

const orders = Number(arg('orders') ?? 100_000);
const products = Number(arg('products') ?? 2_000);
const customers = Number(arg('customers') ?? 20_000);
const years = Number(arg('years') ?? 3);
const requests = Number(arg('requests') ?? 300);
const CHUNK = 25_000;
const ADMIN_ID = benchId('bench-insight-admin');

/** Customers registered evenly over the years (the newest today), no password anyone can use. */
async function insertCustomers(db: Db) {
  await db.query(
    `INSERT INTO users (id, full_name, email, contact, password_hash, role, created_at)
     SELECT md5('bench-iu-' || g)::uuid, 'Insight Customer ' || g, 'insight' || g || '@bench.local', '+8 ' || g, 'unused', 'customer',
            now() - (g::float8 / $1 * $2) * interval '1 day'
       FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [customers, years * 365],
  );
  await db.query(
    `INSERT INTO users (id, full_name, email, contact, password_hash, role) VALUES ($1, 'Insight Admin', 'insight-admin@bench.local', '+8 0', 'unused', 'admin') ON CONFLICT DO NOTHING`,
    [ADMIN_ID],
  );
}

/** Orders [from, to]: order g is placed (g / orders) of the years ago; lines priced from product_prices in its currency. */
async function insertOrders(db: Db, from: number, to: number) {
  const params = [from, to, orders, years * 365, customers];
  await db.tx(async (q) => {
    await q.query(
      `WITH cur AS (SELECT id, code, symbol FROM currencies)
       INSERT INTO orders (id, user_id, status, payment_method, currency_id, currency_code, currency_symbol, shipping_address, sub_total, total_discount, total, created_at)
       SELECT md5('bench-o-' || g)::uuid, md5('bench-iu-' || (1 + (g::bigint * 7919) % $5::int))::uuid,
              CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 20 = 1 THEN 'rejected' WHEN g % 20 < 5 THEN 'pending'
                   WHEN g % 20 < 8 THEN 'processing' WHEN g % 20 < 12 THEN 'shipped' ELSE 'delivered' END,
              'Cash On Delivery', c.id, c.code, c.symbol,
              jsonb_build_object('fullName', 'Insight Customer', 'line1', g || ' Market Street', 'city', 'Springfield', 'postalCode', '62701', 'country', 'US'),
              0, 0, 0, now() - (g::float8 / $3 * $4) * interval '1 day'
         FROM generate_series($1::int, $2::int) g
         JOIN cur c ON c.code = CASE WHEN g % 10 < 6 THEN 'USD' WHEN g % 10 < 8 THEN 'EUR' WHEN g % 10 = 8 THEN 'GBP' ELSE 'INR' END
       ON CONFLICT DO NOTHING`,
      params,
    );
    // 1-3 lines; product k of a line is skewed towards the first ones (k = products × u², u uniform).
    await q.query(
      `INSERT INTO order_items (order_id, product_id, title, slug, quantity, unit_price, line_total, discount, seq)
       SELECT o.id, p.id, p.title, p.slug, l.qty, pp.amount, pp.amount * l.qty, CASE WHEN l.g % 7 = 0 THEN pp.amount * l.qty / 10 ELSE 0 END, l.j
         FROM (SELECT g, j, 1 + (g + j) % 3 AS qty,
                      1 + floor($3::int * power(((g::bigint * 104729 + j * 7919) % 10007) / 10007.0, 2))::int AS k
                 FROM generate_series($1::int, $2::int) g CROSS JOIN generate_series(0, 2) j WHERE j <= g % 3) l
         JOIN orders o ON o.id = md5('bench-o-' || l.g)::uuid
         JOIN products p ON p.id = md5('bench-p-' || l.k)::uuid
         JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = o.currency_id
        WHERE NOT EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id)`,
      [from, to, products],
    );
    await q.query(
      `UPDATE orders o SET sub_total = s.sub, total_discount = s.off, product_discount = s.off, total = s.sub - s.off
         FROM (SELECT order_id, sum(line_total)::bigint AS sub, sum(discount)::bigint AS off FROM order_items
                WHERE order_id IN (SELECT md5('bench-o-' || g)::uuid FROM generate_series($1::int, $2::int) g) GROUP BY order_id) s
        WHERE o.id = s.order_id AND o.total = 0`,
      [from, to],
    );
  });
}

/**
 * As a running shop has it: the sales deltas the orders' triggers wrote folded into the roll-ups (the
 * API's fold does so every few seconds), and as autovacuum leaves it: the visibility map set (index-only
 * scans) and fresh statistics.
 */
async function vacuum(db: Db) {
  const t0 = Date.now();
  await fold(db);
  console.log(`  sales deltas folded (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  for (const table of ['orders', 'order_items', 'users', 'sales_daily', 'sales_delta', 'product_sales', 'product_sales_delta']) await db.query(`VACUUM ANALYZE ${table}`);
}

async function generate(db: Db) {
  const t0 = Date.now();
  const have = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM products`))!.n;
  if (have < products) await generateCatalog(db, { products });
  await insertCustomers(db);
  for (let from = 1; from <= orders; from += CHUNK) {
    const to = Math.min(orders, from + CHUNK - 1);
    await insertOrders(db, from, to);
    console.log(`  orders ${fmt(from)}–${fmt(to)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await vacuum(db);
  const c = (await db.one<{ orders: number; items: number; users: number }>(
    `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS items, (SELECT count(*) FROM users) AS users`,
  ))!;
  console.log(`Generated in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${fmt(c.orders)} orders, ${fmt(c.items)} lines, ${fmt(c.users)} users`);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** CPU time (user + system, ms) a process has used, from /proc (ticks of 10 ms); 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU the API process and its PostgreSQL connections (a local server) spent, summed: what an answer
 * costs whatever else the host is doing (a crowded host stretches the wall time, not this).
 */
async function serverCpu(db: Db, apiPid: number, name: string): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  return new Map([apiPid, ...rows.map((r) => r.pid)].map((pid) => [pid, cpuMs(pid)]));
}
const cpuSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** One request at a time: the answer's time as the client sees it (ms), after 20 unmeasured. */
async function measure(url: string, token: string | undefined, n: number): Promise<{ p50: number; p99: number; bytes: number; errors: string[] }> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const times: number[] = [];
  let bytes = 0;
  const errors: string[] = [];
  for (let i = 0; i < n + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    // A refusal (a 503 past the statement timeout on a crowded host) is counted, and its time kept.
    if (res.status !== 200) errors.push(`${res.status} ${Buffer.from(body).toString().slice(0, 120)}`);
    bytes = body.byteLength;
    if (i >= 20) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), bytes, errors };
}

/** Runs every query twice: under EXPLAIN (ANALYZE, BUFFERS) to print its plan, then for real. */
function explaining(db: Queryable, sink: string[]): Queryable {
  const run = async <T>(sql: string, params?: unknown[]) => {
    const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    sink.push(`${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}…\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    return db.query<T>(sql, params);
  };
  return { query: run, one: async <T>(sql: string, params?: unknown[]) => (await run<T>(sql, params))[0] };
}

async function main() {
  const name = flag('reuse') || flag('keep') ? `shop_bench_insight_${orders}` : `shop_bench_insight_${orders}_${process.pid}`;
  if (!(await pgReachable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_SERVER)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-insight-'));
  const reused = flag('reuse') && (await pgReachable(dbUrl(name)));
  const databaseUrl = reused ? dbUrl(name) : await createDatabase(name);
  let db: Db | undefined;
  let api: RunningApi | undefined;
  try {
    db = await openDb({ databaseUrl });
    const have = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n;
    if (have < orders) await generate(db);
    else await vacuum(db);

    const plans: string[] = [];
    await insight(explaining(db, plans), { period: 'year' });
    if (!flag('no-plans')) console.log(`\n# EXPLAIN ANALYZE, period=year\n\n${plans.join('\n\n')}`);

    // Parallel workers come and go, so their CPU could not be counted; on two shared cores they only compete.
    await db.query(`ALTER DATABASE ${name} SET max_parallel_workers_per_gather = 0`);
    ensureApiBuilt();
    api = await startApi({ databaseUrl, dataDir });
    // As a running shop has it: the catalogue's pages and index in memory (filling them is the API's busiest work).
    for (const started = Date.now(); ; ) {
      const h = await catalogHealth(api.url);
      if (!h.productPages.filling && !h.facets.building) break;
      if (Date.now() - started > 600_000) throw new Error('the catalogue memory did not fill in 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const token = createSigner({ key: JWT_SECRET, algorithm: 'HS256', expiresIn: 3_600_000 })({ sub: ADMIN_ID });
    const today = new Date();
    const daysAgo = (d: number) => new Date(today.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    const questions: Array<[string, string, string | undefined]> = [
      ['hello', '/api/hello', undefined],
      ['insight today', '/api/report/insight?period=today', token],
      ['insight week', '/api/report/insight?period=week', token],
      ['insight month', '/api/report/insight?period=month', token],
      ['insight year', '/api/report/insight?period=year', token],
      [`insight custom ${years} years`, `/api/report/insight?from=${daysAgo(Math.min(years * 365, 1827) - 1)}&to=${daysAgo(0)}`, token],
    ];
    const rows: string[][] = [];
    let hello = NaN;
    for (const [what, url, auth] of questions) {
      const before = await serverCpu(db, api.pid, name);
      const r = await measure(api.url + url, auth, requests);
      const cpu = cpuSpent(before, await serverCpu(db, api.pid, name)) / (requests + 20);
      if (what === 'hello') hello = r.p50;
      rows.push([what, fmt(r.p50, 1), fmt(r.p99, 1), fmt(r.p50 / hello, 1), fmt(cpu, 1), fmt(r.bytes), r.errors.length ? `${r.errors.length} (${r.errors[0]})` : '0']);
    }
    const header = ['question', 'median ms', 'p99 ms', 'median ×hello', 'server CPU ms per answer', 'answer bytes', 'errors'];
    console.log(`\nInsight: PostgreSQL, ${fmt(orders)} orders over ${years} years, ${fmt(customers)} customers, ${fmt(products)} products; ${requests} requests each, one at a time; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(table(header, rows));
    console.log(`\n${markdownTable(header, rows)}`);
  } finally {
    await api?.stop();
    await db?.close();
    if (!flag('keep')) await dropDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

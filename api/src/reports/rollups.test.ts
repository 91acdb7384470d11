import fc from 'fast-check';
import { INSIGHT_TOP } from '@shop/contract';
import type { Db, Queryable } from '../db/client';
import { startTestApp, type TestApp } from '../test/harness';
import * as Q from './queries';

// The insight's roll-ups (migration 022): whatever happens to the orders and their lines, in whatever
// order and at once, the roll-ups plus their unfolded deltas equal the sums of the orders themselves,
// folded or not; and the insight's queries answer exactly what the direct queries over the orders
// (the ones they replaced, below) answered.

let t: TestApp;
let db: Db;
let usd: { _id: string };
let products: Array<{ _id: string }>;
const DAY_MS = 86_400_000;
const COUNTED = `status NOT IN ('cancelled', 'rejected')`;
const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'];
const BASE_DAY = Date.UTC(2024, 0, 1) / DAY_MS;
const SPAN = 1500; // over a 1,024-day bucket's edge

/** A seeded random source (mulberry32): the same data every run. */
function randomSource(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

// The direct sums the roll-ups replaced (reports/queries.ts before migration 022), as the reference; what
// is made of the sums (the totals, the picks) is the insight's own.
const directSales = (q: Queryable, from: Date, to: Date, firstDay: number) =>
  q.query(
    `WITH d AS (
       SELECT currency_code AS code, max(currency_symbol) AS symbol, floor(extract(epoch FROM created_at) / 86400)::int AS day, count(*) AS orders, sum(total)::bigint AS revenue,
              sum(shipping_price - CASE WHEN prices_include_tax THEN shipping_tax ELSE 0 END)::bigint AS shipping, sum(tax_total)::bigint AS tax
         FROM orders WHERE created_at >= $1 AND created_at < $2 AND ${COUNTED}
        GROUP BY 1, 3),
     ${Q.SALES_FROM_DAYS}`,
    [from, to, firstDay],
  );
const directTop = (q: Queryable, since: Date, to: Date, top: number) =>
  q.query(
    `WITH per AS (
       SELECT i.product_id, CASE WHEN i.product_id IS NULL THEN i.slug END AS gone, o.currency_code AS code, max(o.currency_symbol) AS symbol,
              sum(i.quantity)::bigint AS units, sum(i.line_total - i.discount)::bigint AS revenue
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.created_at >= $1 AND o.created_at < $2 AND o.${COUNTED}
        GROUP BY 1, 2, 3),
     ${Q.topFromPer('$3')}`,
    [since, to, top],
  );

/** Every roll-up row (with its deltas) equals the orders' own sums: per day, and per bucket of every level. */
async function expectExact() {
  const day = `floor(extract(epoch FROM o.created_at) / 86400)::int`;
  const rolled = await db.query(
    `SELECT day, code, symbol, sum(orders)::bigint AS orders, sum(revenue)::bigint AS revenue
       FROM (SELECT day, code, symbol, orders, revenue FROM sales_daily UNION ALL SELECT day, code, symbol, orders, revenue FROM sales_delta) x
      GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2, 3`,
  );
  const direct = await db.query(
    `SELECT ${day} AS day, o.currency_code AS code, o.currency_symbol AS symbol, count(*)::bigint AS orders, sum(o.total)::bigint AS revenue
       FROM orders o WHERE o.${COUNTED} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  expect(rolled).toEqual(direct);
  const cols = `level, bucket, code, product_id, gone`;
  const rolledProducts = await db.query(
    `SELECT ${cols}, sum(lines)::bigint AS lines, sum(units)::bigint AS units, sum(revenue)::bigint AS revenue FROM (
       SELECT ${cols}, lines, units, revenue FROM product_sales
       UNION ALL SELECT l.level, d.day >> l.level, code, product_id, gone, lines, units, revenue FROM product_sales_delta d CROSS JOIN ${Q.LEVEL_ROWS} l(level)) x
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0 ORDER BY 1, 2, 3, 4, 5`,
  );
  const directProducts = await db.query(
    `SELECT l.level, ${day} >> l.level AS bucket, o.currency_code AS code, i.product_id, CASE WHEN i.product_id IS NULL THEN i.slug END AS gone,
            count(*)::bigint AS lines, sum(i.quantity)::bigint AS units, sum(i.line_total - i.discount)::bigint AS revenue
       FROM orders o JOIN order_items i ON i.order_id = o.id CROSS JOIN ${Q.LEVEL_ROWS} l(level)
      WHERE o.${COUNTED} GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );
  expect(rolledProducts).toEqual(directProducts);
}

/** The insight's sales and top products for [first, first + days) and the previous days equal the direct queries'. */
async function expectSameAnswers(first: number, days: number, top = INSIGHT_TOP) {
  const at = (d: number) => new Date(d * DAY_MS);
  expect(await Q.sales(db, first - days, first + days, first)).toEqual(await directSales(db, at(first - days), at(first + days), first));
  // The top products' symbol is not shown (the service lists them under their currency's).
  const noSymbol = (rows: object[]) => rows.map((r) => ({ ...r, symbol: undefined }));
  expect(noSymbol(await Q.topProducts(db, first, first + days, top))).toEqual(noSymbol(await directTop(db, at(first), at(first + days), top)));
}

const SHIP_TO = JSON.stringify({ fullName: 'Ship To', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' });
const CURRENCIES = [
  ['USD', '$'],
  ['EUR', '€'],
  ['GBP', '£'],
  ['GBP', 'GB£'], // a symbol the currency once had
] as const;

/** One order with 1-3 lines (in one statement or one by one), on a day of the span, at a time of that day. */
async function placeOrder(rnd: ReturnType<typeof randomSource>, q: Queryable = db) {
  const [code, symbol] = rnd.pick(CURRENCIES);
  const at = new Date((BASE_DAY + rnd.int(SPAN)) * DAY_MS + rnd.int(DAY_MS));
  const lines = Array.from({ length: 1 + rnd.int(3) }, () => {
    const qty = 1 + rnd.int(4);
    const price = 100 + rnd.int(10_000);
    return { product: rnd.pick(products)._id, qty, price, discount: rnd.int(3) === 0 ? rnd.int(price) : 0 };
  });
  const total = lines.reduce((s, l) => s + l.qty * l.price - l.discount, 0);
  const o = (await q.one<{ id: string }>(
    `INSERT INTO orders (status, payment_method, currency_code, currency_symbol, shipping_address, sub_total, total_discount, total, created_at)
     VALUES ($1, 'Cash On Delivery', $2, $3, $4, $5, 0, $5, $6) RETURNING id`,
    [rnd.pick(STATUSES), code, symbol, SHIP_TO, total, at],
  ))!;
  // Line i's parameters from $b: product, quantity, unit price, discount.
  const row = (i: number, b: number) => `($1, $${b}::uuid, 'Line', (SELECT slug FROM products WHERE id = $${b}::uuid), $${b + 1}::int, $${b + 2}::bigint, $${b + 1}::int * $${b + 2}::bigint, $${b + 3}::bigint, ${i})`;
  const params = (l: (typeof lines)[number]) => [l.product, l.qty, l.price, l.discount];
  const insert = (rows: string[], p: unknown[]) => q.query(`INSERT INTO order_items (order_id, product_id, title, slug, quantity, unit_price, line_total, discount, seq) VALUES ${rows.join(', ')}`, [o.id, ...p]);
  if (rnd.int(2)) await insert(lines.map((_, i) => row(i, 2 + i * 4)), lines.flatMap(params));
  else for (const [i, l] of lines.entries()) await insert([row(i, 2)], params(l));
  return o.id;
}

/** Folds until this call held the fold's lock (the API's own fold may hold it a moment): nothing committed is left. */
async function foldAll() {
  while (!(await Q.fold(db))) await new Promise((r) => setTimeout(r, 20));
}

const orderIds = async (n: number, rnd: ReturnType<typeof randomSource>, q: Queryable = db) => {
  const all = (await q.query<{ id: string }>(`SELECT id FROM orders ORDER BY id`)).map((r) => r.id);
  return Array.from({ length: Math.min(n, all.length) }, () => rnd.pick(all));
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.ctx.db;
  usd = await t.currency('USD', '$');
  await t.currency('EUR', '€');
  await t.currency('GBP', '£');
  products = [];
  for (let i = 0; i < 8; i++) products.push(await t.product({ title: `Rolled Ring ${i}`, basePrice: [{ currType: usd._id, amount: 10 + i }] }));
});
afterAll(() => t.close());

test('random orders, status changes back and forth, moves, line edits, deletes and a product deleted: the roll-ups stay the orders\' sums, folded or not', async () => {
  const rnd = randomSource(19);
  for (let i = 0; i < 60; i++) await placeOrder(rnd);
  await expectExact();
  // The orders placed before migration 022 were backfilled by it; from here on every change is a delta.
  for (let round = 0; round < 12; round++) {
    for (let step = 0; step < 12; step++) {
      const op = rnd.int(9);
      const [id, other] = await orderIds(2, rnd);
      if (op === 0) await placeOrder(rnd);
      else if (op === 1) await db.query(`UPDATE orders SET status = $2 WHERE id = $1`, [id, rnd.pick(STATUSES)]);
      else if (op === 2) {
        // One statement over several orders, each to another status (back and forth).
        const ids = await orderIds(5, rnd);
        await db.query(`UPDATE orders SET status = CASE WHEN status IN ('cancelled', 'rejected') THEN 'processing' ELSE (ARRAY['rejected', 'cancelled', 'shipped'])[1 + (ascii(id::text) % 3)] END WHERE id = ANY($1::uuid[])`, [ids]);
      } else if (op === 3) await db.query(`DELETE FROM orders WHERE id = $1`, [id]);
      else if (op === 4) await db.query(`UPDATE orders SET created_at = created_at + $2 * interval '1 day' WHERE id = $1`, [id, rnd.int(600) - 300]);
      else if (op === 5) await db.query(`UPDATE orders SET currency_symbol = CASE currency_symbol WHEN '£' THEN 'GB£' WHEN 'GB£' THEN '£' ELSE currency_symbol END, total = total + 1 WHERE id = $1`, [id]);
      else if (op === 6) await db.query(`DELETE FROM order_items WHERE id = (SELECT id FROM order_items WHERE order_id = $1 ORDER BY seq LIMIT 1)`, [id]);
      else if (op === 7) await db.query(`UPDATE order_items SET quantity = quantity + 1, line_total = line_total + unit_price, order_id = $2 WHERE order_id = $1`, [id, other]);
      else await db.query(`UPDATE orders SET status = status, payment_ref = 'nothing counted changes' WHERE id = $1`, [id]);
    }
    if (round % 3 === 1) await Q.fold(db);
    if (round === 5) {
      // A product deleted: its lines keep their slug and title (product_id set null by the foreign key).
      await db.query(`DELETE FROM products WHERE id = $1`, [products[0]._id]);
      products = products.slice(1);
    }
    await expectExact();
  }
  for (const [first, days] of [[BASE_DAY, SPAN], [BASE_DAY + 17, 365], [BASE_DAY + 1023, 30], [BASE_DAY + 700, 1], [BASE_DAY + 3, 7]]) await expectSameAnswers(first, days);
  for (let i = 0; i < 20; i++) await expectSameAnswers(BASE_DAY + rnd.int(SPAN), 1 + rnd.int(400), rnd.pick([INSIGHT_TOP, 1000]));
  await foldAll();
  await expectExact();
  for (let i = 0; i < 10; i++) await expectSameAnswers(BASE_DAY + rnd.int(SPAN), 1 + rnd.int(800), 1000);
  expect((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM sales_delta`))!.n).toBe(0);
});

test('30 checkouts, status changes back and forth and cancels through the routes at once, with folds among them: the sums stay exact', async () => {
  const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
  const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.customer(`Rollup Buyer ${i}`)));
  const fill = () => Promise.all(buyers.map((c, i) => t.call('POST', '/api/cart', { token: c.token, body: { productId: products[i % products.length]._id, quantity: 1 + (i % 3) } })));
  const checkout = (token: string) => t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
  await fill();
  const first = await Promise.all(buyers.map((c) => checkout(c.token)));
  expect(first.map((a) => a.status)).toEqual(Array(30).fill(201));
  await expectExact();
  await fill();
  const admin = (id: string, status: string) => t.call('PATCH', `/api/order/${id}`, { token: t.adminToken, body: { status } });
  const folds: Array<Promise<boolean>> = [];
  const answers = await Promise.all([
    ...buyers.map((c) => checkout(c.token)),
    // Every earlier order rejected, then back to processing, then rejected again; some cancelled by their customer.
    ...first.map(async (a, i) => {
      if (i % 5 === 0) return t.call('PATCH', `/api/order/${a.body._id}`, { token: buyers[i].token, body: { status: 'cancelled' } });
      const r = [await admin(a.body._id, 'rejected'), await admin(a.body._id, 'processing')];
      folds.push(Q.fold(db));
      r.push(await admin(a.body._id, i % 2 ? 'rejected' : 'shipped'));
      return r[2];
    }),
    ...Array.from({ length: 5 }, () => Q.fold(db)),
  ]);
  // A refused one shows its answer (a bare status would not say why).
  const shown = (a: unknown, ok: number) => {
    const { status, body } = a as { status: number; body: unknown };
    return status === ok ? ok : { status, body };
  };
  expect(answers.slice(0, 30).map((a) => shown(a, 201))).toEqual(Array(30).fill(201));
  expect(answers.slice(30, 60).map((a) => shown(a, 200))).toEqual(Array(30).fill(200));
  await Promise.all(folds);
  await expectExact();
  const today = Math.floor(Date.now() / DAY_MS);
  await expectSameAnswers(today, 1);
  const statuses = await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`, [first.map((a) => a.body._id)]);
  expect(statuses).toEqual([{ status: 'cancelled', n: 6 }, { status: 'rejected', n: 12 }, { status: 'shipped', n: 12 }]);
  await Q.fold(db);
  await expectExact();
});

test('a fold while a write is open folds what was committed and leaves the rest to the next; several folds at once count each delta once', async () => {
  const rnd = randomSource(22);
  await Q.fold(db);
  for (let i = 0; i < 3; i++) {
    let folded!: Promise<boolean>;
    await db.tx(async (q) => {
      await placeOrder(rnd, q);
      const [id] = await orderIds(1, rnd, q);
      await q.query(`UPDATE orders SET status = CASE WHEN ${COUNTED} THEN 'rejected' ELSE 'processing' END WHERE id = $1`, [id]);
      // PostgreSQL: the fold runs and commits while this transaction is open (its deltas unseen).
      // PGlite runs one transaction at a time: there the fold comes after it.
      folded = Q.fold(db);
      if (db.kind === 'postgres') await folded;
      await q.query(`DELETE FROM orders WHERE id = (SELECT id FROM orders WHERE ${COUNTED} ORDER BY created_at LIMIT 1)`);
    });
    await folded;
    await expectExact();
    for (let j = 0; j < 5; j++) await placeOrder(rnd);
    await Promise.all(Array.from({ length: 4 }, () => Q.fold(db)));
    await expectExact();
  }
  await foldAll();
  expect((await db.one<{ n: number }>(`SELECT (SELECT count(*) FROM sales_delta) + (SELECT count(*) FROM product_sales_delta) AS n`))!.n).toBe(0);
  await expectSameAnswers(BASE_DAY, SPAN, 1000);
});

test('a range of days is read as whole buckets of the kept levels: each day once, each bucket aligned, a few per level', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 1_200 }), (first, days) => {
      const end = first + days;
      const { levels, buckets } = Q.rangeBuckets(first, end);
      let day = first;
      for (const [i, level] of levels.entries()) {
        expect(Q.LEVELS).toContain(level);
        expect(buckets[i] * 2 ** level).toBe(day); // aligned, and follows the previous one
        day += 2 ** level;
      }
      expect(day).toBe(end);
      // At most 7 of a level below the top on each side, and the top's whole blocks in between.
      const top = Math.max(...Q.LEVELS);
      for (const l of Q.LEVELS.filter((x) => x !== top)) expect(levels.filter((x) => x === l).length).toBeLessThanOrEqual(14);
      expect(levels.filter((x) => x === top).length).toBeLessThanOrEqual(Math.ceil(days / 2 ** top));
    }),
    { numRuns: 2_000, seed: 24 },
  );
  // A year: some fifteen buckets, never more than thirty.
  expect(Q.rangeBuckets(20_000, 20_365).levels.length).toBeLessThanOrEqual(30);
});

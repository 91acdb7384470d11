// On PostgreSQL the order's transaction commits without waiting for the disk (its NOTIFYs would
// otherwise hold PostgreSQL's one notify lock through every order's fsync, orders/service.ts
// flushCommits); the order is answered only after a synchronous commit that comes after it. Checked
// on the statements placeOrder sends, on the real database, in the order they reach it.
import type { Db, Queryable } from '../db/client';
import { placeOrder } from './service';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let product: { _id: string };
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  product = await t.product({ title: 'Durable Ring', basePrice: [{ currType: usd._id, amount: 20 }] });
});
afterAll(() => t.close());

/** The database, telling `log` each statement it runs, BEGIN and COMMIT of a transaction too. */
function recording(db: Db, log: string[]): Db {
  const spy = (q: Queryable): Queryable => ({
    query: (sql, params, prepared) => {
      log.push(sql.trim().replace(/\s+/g, ' '));
      return q.query(sql, params, prepared);
    },
    one: (sql, params, prepared) => {
      log.push(sql.trim().replace(/\s+/g, ' '));
      return q.one(sql, params, prepared);
    },
  });
  return {
    ...db,
    ...spy(db),
    tx: async (fn) => {
      log.push('BEGIN');
      const result = await db.tx((q) => fn(spy(q)));
      log.push('COMMIT');
      return result;
    },
  };
}

test('an order is answered only once a synchronous commit after its own has run', async () => {
  const c = await t.customer();
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: product._id, quantity: 1 } });
  const log: string[] = [];
  const user = { id: c.id, fullName: c.fullName, email: c.email, role: 'customer' as const, isSuperAdmin: false, sessionId: null };
  const order = await placeOrder(
    recording(t.ctx.db, log),
    { verify: t.ctx.payments, refund: t.ctx.refundPayment },
    user,
    { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address },
    { error: () => undefined },
  );
  expect(order.totalPrice).toBe(20);
  const begin = log.indexOf('BEGIN');
  const commit = log.indexOf('COMMIT');
  expect(begin).toBeGreaterThanOrEqual(0);
  expect(await t.ctx.db.one(`SELECT number FROM orders WHERE id = $1`, [order._id])).toBeTruthy();
  if (t.ctx.db.kind === 'pglite') {
    // One connection, no one else's commit to wait for: the order's commit stays synchronous.
    expect(log.filter((s) => /synchronous_commit|pg_current_xact_id/.test(s))).toEqual([]);
    expect(log.slice(commit + 1)).toEqual([]);
    return;
  }
  // The order's own transaction does not wait for the disk …
  expect(log.slice(begin, commit)).toContain('SET LOCAL synchronous_commit = off');
  // … and after it, outside any transaction, one that takes a transaction id commits synchronously.
  expect(log.slice(commit + 1)).toEqual(['SELECT pg_current_xact_id()']);
  expect(log.filter((s) => /synchronous_commit/.test(s))).toHaveLength(1);
});

test('a refused order (nothing in the cart) waits for no flush and changes nothing', async () => {
  const c = await t.customer();
  const log: string[] = [];
  const user = { id: c.id, fullName: c.fullName, email: c.email, role: 'customer' as const, isSuperAdmin: false, sessionId: null };
  const before = (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n;
  await expect(
    placeOrder(recording(t.ctx.db, log), { verify: t.ctx.payments, refund: t.ctx.refundPayment }, user, { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address }, { error: () => undefined }),
  ).rejects.toMatchObject({ statusCode: 400 });
  expect(log).not.toContain('SELECT pg_current_xact_id()');
  expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n).toBe(before);
});

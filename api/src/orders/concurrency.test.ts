import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let product: any;
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  const d = await t.discount({ title: '10%', discountType: 'percentage', timeLimit: new Date(Date.now() + 1e9).toISOString(), value: [{ currType: usd._id, amount: 10 }] });
  product = await t.product({ title: 'Busy Ring', basePrice: [{ currType: usd._id, amount: 33.33 }], discounts: [d._id] });
});
afterAll(() => t.close());

const checkout = (token: string) =>
  t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });

test('100 customers check out at once: exactly 100 orders, correct totals, empty carts', async () => {
  const customers = await Promise.all(Array.from({ length: 100 }, (_, i) => t.customer(`Buyer ${i}`)));
  await Promise.all(customers.map((c, i) => t.call('POST', '/api/cart', { token: c.token, body: { productId: product._id, quantity: 1 + (i % 3) } })));
  const answers = await Promise.all(customers.map((c) => checkout(c.token)));
  expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
  // q × 33.33, minus 10% of the line (rounded to the cent)
  const expected = (q: number) => {
    const sub = 3333 * q;
    return (sub - Math.round(sub * 0.1)) / 100;
  };
  for (const [i, a] of answers.entries()) expect(a.body.totalPrice).toBe(expected(1 + (i % 3)));
  const counts = await t.ctx.db.one<{ orders: number; items: number; carts: number; sum: number }>(
    `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS items,
            (SELECT count(*) FROM cart_items) AS carts, (SELECT sum(total)::bigint FROM orders) AS sum`,
  );
  const want = customers.reduce((s, _, i) => s + Math.round(expected(1 + (i % 3)) * 100), 0);
  expect(counts).toEqual({ orders: 100, items: 100, carts: 0, sum: want });
});

test('the same customer submitting twice at once gets one order', async () => {
  const c = await t.customer();
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: product._id, quantity: 2 } });
  const before = (await t.ctx.db.one<{ n: number }>(`SELECT count(*) AS n FROM orders`))!.n;
  const answers = await Promise.all([checkout(c.token), checkout(c.token), checkout(c.token)]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
  expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === 'Cart is empty')).toBe(true);
  expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*) AS n FROM orders`))!.n).toBe(before + 1);
  expect((await t.call('GET', '/api/order', { token: c.token })).body).toHaveLength(1);
});

test('a cart line added while a checkout waits for the customer is either ordered or left in the cart, never lost', async () => {
  const c = await t.customer();
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: product._id, quantity: 1 } });
  const late = await t.product({ title: 'Late Ring', basePrice: [{ currType: usd._id, amount: 5 }] });
  let answer!: ReturnType<typeof checkout>;
  await t.ctx.db.tx(async (q) => {
    // Hold the customer's row as a checkout of theirs in another tab would, and add a line meanwhile.
    await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [c.id]);
    answer = checkout(c.token);
    // PostgreSQL: let the checkout start and wait for the row. PGlite runs one transaction at a time:
    // there the checkout starts after this one.
    for (let i = 0; t.ctx.db.kind === 'postgres' && i < 100; i++) {
      const waiting = await q.one<{ n: number }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (waiting!.n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await q.query(`INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, 1)`, [c.id, late._id]);
  });
  const r = await answer;
  expect(r.status).toBe(201);
  const kept = (await t.call('GET', '/api/cart', { token: c.token })).body.items;
  expect([...r.body.items, ...kept].map((i: any) => i.product.title).sort()).toEqual(['Busy Ring', 'Late Ring']);
});

import { GATHER_CAP } from './queries';
import { numberRanges } from './service';
import { startTestApp, type TestApp } from '../test/harness';

// The back office's global search (issue 19): GET /api/admin/search?q=. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set (the harness).

let t: TestApp;
let jane: Awaited<ReturnType<TestApp['customer']>>;
let bob: Awaited<ReturnType<TestApp['customer']>>;
const orders: Array<{ _id: string; orderNumber: string }> = [];
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  t = await startTestApp();
  const usd = await t.currency('USD', '$');
  const ring = await t.product({ title: 'Saffron Halo Ring', basePrice: [{ currType: usd._id, amount: 120 }] });
  await t.product({ title: 'Plain Chain', basePrice: [{ currType: usd._id, amount: 20 }] });
  jane = await t.customer('Jane Quillfeather');
  bob = await t.customer('Bob 100% Under_score');
  for (const who of [jane, jane, bob]) {
    expect((await t.call('POST', '/api/cart', { token: who.token, body: { productId: ring._id, quantity: 1 } })).status).toBe(200);
    const placed = await t.call('POST', '/api/order', { token: who.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
    expect(placed.status).toBe(201);
    orders.push(placed.body);
  }
});
afterAll(() => t.close());

const search = (q: string, token = t.adminToken) => t.call('GET', `/api/admin/search?q=${encodeURIComponent(q)}`, { token });

describe('GET /api/admin/search', () => {
  test('finds an order by its number, as typed (AJ-…, aj…, #…, digits), the exact one first', async () => {
    const [first] = orders;
    const digits = first.orderNumber.replace('AJ-', '');
    for (const q of [first.orderNumber, first.orderNumber.toLowerCase().replace('-', ''), `#${digits}`, ` ${digits} `]) {
      const r = await search(q);
      expect(r.status).toBe(200);
      expect(r.body.orders[0]).toEqual({
        _id: first._id,
        orderNumber: first.orderNumber,
        status: 'pending',
        total: 120,
        currencySymbol: '$',
        createdAt: expect.any(String),
        customer: { _id: jane.id, fullName: 'Jane Quillfeather', email: jane.email },
      });
    }
    // A prefix finds the numbers that start with it (all three here: they are consecutive).
    expect((await search(`AJ-${digits.slice(0, -1)}`)).body.orders.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining(orders.map((o) => o._id)));
  });

  test("finds orders by the customer's e-mail or name (any case, any part), newest first, and the customer", async () => {
    const byEmail = await search(jane.email.toUpperCase());
    expect(byEmail.body.orders.map((o: { _id: string }) => o._id)).toEqual([orders[1]._id, orders[0]._id]);
    expect(byEmail.body.customers).toEqual([{ _id: jane.id, fullName: 'Jane Quillfeather', email: jane.email, role: 'customer' }]);
    const byName = await search('quillfeat');
    expect(byName.body.orders).toHaveLength(2);
    expect(byName.body.customers.map((c: { _id: string }) => c._id)).toEqual([jane.id]);
    expect(byName.body.products).toEqual([]);
  });

  test('finds products by any part of the title; % and _ are plain characters', async () => {
    const r = await search('halo');
    expect(r.body.products).toEqual([{ _id: expect.any(String), title: 'Saffron Halo Ring', slug: expect.any(String), imageUrl: null }]);
    expect(r.body.orders).toEqual([]);
    expect((await search('100%')).body.customers.map((c: { _id: string }) => c._id)).toEqual([bob.id]);
    expect((await search('_')).body.customers.map((c: { _id: string }) => c._id)).toEqual([bob.id]);
    expect((await search('%')).body.products).toEqual([]);
  });

  test('a blank q finds nothing; at most 5 of a kind', async () => {
    expect((await search('   ')).body).toEqual({ orders: [], products: [], customers: [] });
    for (let i = 0; i < 6; i++) await t.customer(`Many Namesake ${i}`);
    expect((await search('namesake')).body.customers).toHaveLength(5);
  });

  test('a text most accounts hold is found by walking the newest first (past GATHER_CAP matches), the same answer as a rare one', async () => {
    await t.ctx.db.query(
      `INSERT INTO users (full_name, email, contact, password_hash, created_at)
       SELECT 'Plentiful Person ' || i, 'plentiful' || i || '@example.com', 'plentiful-' || i, 'x', now() - interval '1 day' + i * interval '1 second' FROM generate_series(1, $1::int) i`,
      [GATHER_CAP + 5],
    );
    const r = await search('plentiful');
    expect(r.body.customers.map((c: { fullName: string }) => c.fullName)).toEqual([1005, 1004, 1003, 1002, 1001].map((i) => `Plentiful Person ${i}`));
    // A deleted account's orders are still found by its name; the account is no longer offered.
    await t.call('DELETE', `/api/user/${bob.id}`, { token: t.superToken });
    const gone = await search('under_score');
    expect(gone.body.orders.map((o: { _id: string }) => o._id)).toEqual([orders[2]._id]);
    expect(gone.body.customers).toEqual([]);
  });

  test('admins only; q is required and at most 100 characters (400 with a message, nothing else)', async () => {
    expect((await search('ring', jane.token)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/search?q=ring')).status).toBe(401);
    const long = await search('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.message).toEqual(expect.any(String));
    expect((await search('x'.repeat(100))).status).toBe(200);
    expect((await t.call('GET', '/api/admin/search', { token: t.adminToken })).status).toBe(400);
  });
});

test('numberRanges: the number, then each longer one that starts with it, up to 12 digits; none with a leading zero', () => {
  expect(numberRanges('10004').slice(0, 3)).toEqual([['10004', '10005'], ['100040', '100050'], ['1000400', '1000500']]);
  expect(numberRanges('10004')).toHaveLength(8);
  expect(numberRanges('1234567890123')).toEqual([['1234567890123', '1234567890124']]);
  expect(numberRanges('0042')).toEqual([]);
});

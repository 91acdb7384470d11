import { startTestApp, type TestApp } from '../test/harness';

// GET /report/insight (issue 19): known orders in known currencies on known days give exact figures.
// The orders are written straight into the tables with the dates they need (a checkout writes now).

let t: TestApp;
let ring: { _id: string };
let chain: { _id: string };
let ann: { id: string; email: string; token: string };
let bob: { id: string };
const admin = () => ({ token: t.adminToken });

async function order(o: { user?: string | null; code: string; symbol: string; at: string; status: string; total: number; lines: Array<{ product: { _id: string } | null; slug: string; title: string; qty: number; line: number; discount?: number }> }) {
  const row = await t.ctx.db.one<{ id: string; number: number }>(
    `INSERT INTO orders (user_id, status, payment_method, currency_code, currency_symbol, shipping_address, sub_total, total_discount, total, created_at)
     VALUES ($1, $2, 'Cash On Delivery', $3, $4, $5, $6, 0, $6, $7) RETURNING id, number`,
    [o.user ?? null, o.status, o.code, o.symbol, JSON.stringify({ fullName: 'Ship To Name', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' }), Math.round(o.total * 100), o.at],
  );
  for (const [seq, l] of o.lines.entries()) {
    await t.ctx.db.query(
      `INSERT INTO order_items (order_id, product_id, title, slug, quantity, unit_price, line_total, discount, seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row!.id, l.product?._id ?? null, l.title, l.slug, l.qty, Math.round((l.line * 100) / l.qty), Math.round(l.line * 100), Math.round((l.discount ?? 0) * 100), seq],
    );
  }
  return row!;
}
const chainLine = (qty: number, line: number) => ({ product: chain, slug: 'box-chain', title: 'Box Chain', qty, line });
const registered = (id: string, at: string) => t.ctx.db.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [id, at]);
const insight = (query: string, token = t.adminToken) => t.call('GET', `/api/report/insight${query}`, { token });

beforeAll(async () => {
  t = await startTestApp();
  const usd = await t.currency('USD', '$');
  await t.currency('EUR', '€');
  await t.currency('GBP', '£');
  ring = await t.product({ title: 'Halo Ring', basePrice: [{ currType: usd._id, amount: 60 }] });
  chain = await t.product({ title: 'Box Chain', basePrice: [{ currType: usd._id, amount: 10.1 }] });
  ann = await t.customer('Ann Buyer');
  bob = await t.customer('Bob Buyer');
  const cid = await t.customer('Cid Gone');
  const dan = await t.customer('Dan Later');
  const staff = await t.admin('Staff Admin');
  await registered(ann.id, '2025-03-09T08:00:00Z');
  await registered(bob.id, '2025-03-06T08:00:00Z');
  await registered(cid.id, '2025-03-09T09:00:00Z');
  await t.ctx.db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [cid.id]);
  await registered(dan.id, '2025-03-11T00:00:00Z');
  await registered(staff.id, '2025-03-09T10:00:00Z');

  const ringLine = (qty: number, line: number, discount = 0) => ({ product: ring, slug: 'halo-ring', title: 'Halo Ring', qty, line, discount });
  // The current range, 2025-03-08 .. 2025-03-10:
  await order({ user: ann.id, code: 'USD', symbol: '$', at: '2025-03-08T10:00:00Z', status: 'delivered', total: 100, lines: [ringLine(2, 120, 20)] });
  await order({ user: ann.id, code: 'USD', symbol: '$', at: '2025-03-10T23:59:59Z', status: 'pending', total: 50.5, lines: [chainLine(5, 50.5)] });
  await order({ user: bob.id, code: 'EUR', symbol: '€', at: '2025-03-09T00:00:00Z', status: 'shipped', total: 80, lines: [ringLine(1, 90, 10)] });
  await order({ user: bob.id, code: 'USD', symbol: '$', at: '2025-03-09T12:00:00Z', status: 'cancelled', total: 999, lines: [chainLine(100, 999)] });
  await order({ user: ann.id, code: 'EUR', symbol: '€', at: '2025-03-10T12:00:00Z', status: 'rejected', total: 500, lines: [ringLine(9, 500)] });
  await order({ user: bob.id, code: 'GBP', symbol: '£', at: '2025-03-10T13:00:00Z', status: 'processing', total: 30, lines: [{ product: null, slug: 'old-brooch', title: 'Old Brooch', qty: 1, line: 30 }] });
  // A currency the shop no longer has: listed after the shop's own.
  await order({ user: null, code: 'CHF', symbol: 'Fr', at: '2025-03-08T00:00:00Z', status: 'pending', total: 12, lines: [ringLine(1, 12)] });
  // After the range, and the previous range 2025-03-05 .. 2025-03-07, and before it:
  await order({ user: ann.id, code: 'USD', symbol: '$', at: '2025-03-11T00:00:00Z', status: 'pending', total: 7, lines: [chainLine(1, 7)] });
  await order({ user: bob.id, code: 'USD', symbol: '$', at: '2025-03-07T23:59:59Z', status: 'delivered', total: 60, lines: [ringLine(1, 60)] });
  await order({ user: bob.id, code: 'USD', symbol: '$', at: '2025-03-05T00:00:00Z', status: 'pending', total: 40, lines: [chainLine(4, 40)] });
  await order({ user: bob.id, code: 'USD', symbol: '$', at: '2025-03-07T10:00:00Z', status: 'cancelled', total: 300, lines: [chainLine(30, 300)] });
  await order({ user: bob.id, code: 'EUR', symbol: '€', at: '2025-03-04T23:59:59Z', status: 'delivered', total: 44, lines: [ringLine(1, 44)] });
});
afterAll(() => t.close());

describe('GET /report/insight', () => {
  test('a custom range: figures per currency against the previous range, cancelled and rejected left out', async () => {
    const r = await insight('?from=2025-03-08&to=2025-03-10');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ period: 'custom', current: { from: '2025-03-08', to: '2025-03-10', days: 3 }, previous: { from: '2025-03-05', to: '2025-03-07', days: 3 } });
    expect(r.body.currencies).toEqual([
      { code: 'USD', symbol: '$', current: { revenue: 150.5, orders: 2, averageOrderValue: 75.25, goods: 150.5, shipping: 0, tax: 0 }, previous: { revenue: 100, orders: 2, averageOrderValue: 50, goods: 100, shipping: 0, tax: 0 } },
      { code: 'EUR', symbol: '€', current: { revenue: 80, orders: 1, averageOrderValue: 80, goods: 80, shipping: 0, tax: 0 }, previous: { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 } },
      { code: 'GBP', symbol: '£', current: { revenue: 30, orders: 1, averageOrderValue: 30, goods: 30, shipping: 0, tax: 0 }, previous: { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 } },
      { code: 'CHF', symbol: 'Fr', current: { revenue: 12, orders: 1, averageOrderValue: 12, goods: 12, shipping: 0, tax: 0 }, previous: { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 } },
    ]);
  });

  test('revenue and orders by day, each currency on every day of the range', async () => {
    const r = await insight('?from=2025-03-08&to=2025-03-10');
    expect(r.body.days).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(r.body.revenueByDay).toEqual([
      { code: 'USD', symbol: '$', revenue: [100, 0, 50.5], orders: [1, 0, 1] },
      { code: 'EUR', symbol: '€', revenue: [0, 80, 0], orders: [0, 1, 0] },
      { code: 'GBP', symbol: '£', revenue: [0, 0, 30], orders: [0, 0, 1] },
      { code: 'CHF', symbol: 'Fr', revenue: [12, 0, 0], orders: [1, 0, 0] },
    ]);
  });

  test('top products: by units over every currency, by revenue (after product discounts) per currency; a deleted product by its snapshot', async () => {
    const r = await insight('?from=2025-03-08&to=2025-03-10');
    expect(r.body.topProducts.byUnits).toEqual([
      { productId: chain._id, title: 'Box Chain', slug: 'box-chain', units: 5 },
      { productId: ring._id, title: 'Halo Ring', slug: 'halo-ring', units: 4 },
      { productId: null, title: 'Old Brooch', slug: 'old-brooch', units: 1 },
    ]);
    expect(r.body.topProducts.byRevenue).toEqual([
      { code: 'USD', symbol: '$', products: [
        { productId: ring._id, title: 'Halo Ring', slug: 'halo-ring', units: 2, revenue: 100 },
        { productId: chain._id, title: 'Box Chain', slug: 'box-chain', units: 5, revenue: 50.5 },
      ] },
      { code: 'EUR', symbol: '€', products: [{ productId: ring._id, title: 'Halo Ring', slug: 'halo-ring', units: 1, revenue: 80 }] },
      { code: 'GBP', symbol: '£', products: [{ productId: null, title: 'Old Brooch', slug: 'old-brooch', units: 1, revenue: 30 }] },
      { code: 'CHF', symbol: 'Fr', products: [{ productId: ring._id, title: 'Halo Ring', slug: 'halo-ring', units: 1, revenue: 12 }] },
    ]);
  });

  test('new customers by registration date: open customer accounts only', async () => {
    expect((await insight('?from=2025-03-08&to=2025-03-10')).body.newCustomers).toEqual({ current: 1, previous: 1 });
    expect((await insight('?from=2025-03-11&to=2025-03-11')).body.newCustomers).toEqual({ current: 1, previous: 0 });
  });

  test('the previous range of a longer range, and a range with nothing in it', async () => {
    const r = await insight('?from=2025-03-06&to=2025-03-10');
    expect(r.body.previous).toEqual({ from: '2025-03-01', to: '2025-03-05', days: 5 });
    expect(r.body.currencies.find((c: { code: string }) => c.code === 'USD')).toEqual({
      code: 'USD', symbol: '$', current: { revenue: 210.5, orders: 3, averageOrderValue: 70.17, goods: 210.5, shipping: 0, tax: 0 }, previous: { revenue: 40, orders: 1, averageOrderValue: 40, goods: 40, shipping: 0, tax: 0 },
    });
    const empty = await insight('?from=2024-01-01&to=2024-01-31');
    expect(empty.body).toMatchObject({ currencies: [], revenueByDay: [], topProducts: { byUnits: [], byRevenue: [] }, newCustomers: { current: 0, previous: 0 } });
    expect(empty.body.days).toHaveLength(31);
  });

  test('periods end today; recent orders are the shop\'s latest, whatever their status', async () => {
    const now = await order({ user: ann.id, code: 'USD', symbol: '$', at: new Date().toISOString(), status: 'pending', total: 10, lines: [chainLine(1, 10)] });
    const today = new Date().toISOString().slice(0, 10);
    const r = await insight('?period=today');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ period: 'today', current: { from: today, to: today, days: 1 }, days: [today] });
    expect(r.body.currencies).toEqual([{ code: 'USD', symbol: '$', current: { revenue: 10, orders: 1, averageOrderValue: 10, goods: 10, shipping: 0, tax: 0 }, previous: { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 } }]);
    expect(r.body.newCustomers.current).toBe(0);
    for (const [period, days] of [['week', 7], ['month', 30], ['year', 365]] as const) {
      const p = await insight(`?period=${period}`);
      expect([p.status, p.body.current.days, p.body.current.to, p.body.days.length, p.body.currencies[0].current.revenue]).toEqual([200, days, today, days, 10]);
    }
    // Nothing asked: the last 30 days.
    expect((await insight('')).body).toMatchObject({ period: 'month', current: { days: 30, to: today } });

    const recent = r.body.recentOrders;
    expect(recent).toHaveLength(8);
    expect(recent[0]).toEqual({
      _id: now.id, orderNumber: `AJ-${now.number}`, customer: { fullName: 'Ann Buyer', email: ann.email }, total: 10, currency: { code: 'USD', symbol: '$' }, status: 'pending', orderDate: expect.any(String),
    });
    expect(recent.slice(1, 4).map((o: { total: number; status: string }) => [o.total, o.status])).toEqual([[7, 'pending'], [50.5, 'pending'], [30, 'processing']]);
    expect(recent[4]).toMatchObject({ total: 500, status: 'rejected', currency: { code: 'EUR', symbol: '€' } });
    const all = recent.map((o: { orderDate: string }) => o.orderDate);
    expect([...all].sort().reverse()).toEqual(all);
    const firstDay = (await t.call('GET', '/api/report/insight?from=2025-03-08&to=2025-03-08', admin())).body;
    expect(firstDay.currencies.map((c: { code: string }) => c.code)).toEqual(['USD', 'CHF']);
  });

  test('the first and the last days there are: answered, empty', async () => {
    for (const day of ['1970-01-01', '9999-12-31']) {
      const r = await insight(`?from=${day}&to=${day}`);
      expect([r.status, r.body.current, r.body.currencies]).toEqual([200, { from: day, to: day, days: 1 }, []]);
    }
  });

  test('admins only: a customer gets 403, nobody 401', async () => {
    expect((await insight('?period=week', ann.token)).status).toBe(403);
    expect((await t.call('GET', '/api/report/insight?period=week')).status).toBe(401);
  });

  test.each([
    ['?from=2025-03-10&to=2025-03-08', 'from must not be after to'],
    ['?from=2020-01-01&to=2025-12-31', 'A range is at most 5 years'],
    ['?from=2025-02-30&to=2025-03-08', 'from must be a date (YYYY-MM-DD)'],
    ['?from=2025-3-1&to=2025-03-08', 'from must be a date (YYYY-MM-DD)'],
    ['?from=2025-03-01&to=tomorrow', 'to must be a date (YYYY-MM-DD)'],
    ['?from=1969-12-31&to=1970-01-02', 'from must be a date (YYYY-MM-DD)'],
    ['?from=2025-03-01', 'A range needs both from and to'],
    ['?period=week&from=2025-03-01&to=2025-03-02', 'Give a period or a from–to range, not both'],
    ['?period=decade', expect.stringContaining('period')],
  ])('%s is a 400 that says why', async (query, message) => {
    const r = await insight(query);
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(message);
  });
});

import { startTestApp, type TestApp } from '../test/harness';
import { writeOrders } from '../test/orderFixtures';

// Issue 19, the admin's orders list: GET /order keeps SPEC's array without paging parameters; with
// them it answers a page { items, itemCount, page, limit }, filtered (status, dates, a keyword: the
// number, the customer's name or e-mail, a product in its lines) and sorted on the server.

let t: TestApp;
let jane: Awaited<ReturnType<TestApp['customer']>>;
let bob: Awaited<ReturnType<TestApp['customer']>>;
let orders: Array<{ id: string; number: string }>;
const admin = () => ({ token: t.adminToken });

beforeAll(async () => {
  t = await startTestApp();
  const usd = await t.currency('USD', '$');
  const eur = await t.currency('EUR', '€');
  const product = await t.product({ title: 'List Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
  jane = await t.customer('Jane Lister');
  bob = await t.customer('Bob Finder');
  const carol = await t.customer('Carol 100% Real');
  orders = await writeOrders(t, product._id, [
    { user: jane, at: '2026-01-10T10:00:00Z', status: 'pending', currency: usd, lines: [{ title: 'Sapphire Ring', unit: 6000 }, { title: 'Gold Chain', unit: 2000, quantity: 2 }] },
    { user: jane, at: '2026-02-15T12:00:00Z', status: 'shipped', currency: eur, lines: [{ title: 'Pearl Studs', unit: 5000 }] },
    { user: bob, at: '2026-03-20T23:30:00Z', status: 'delivered', currency: usd, lines: [{ title: 'Sapphire Pendant', unit: 20000 }, { title: 'Silver Ring', unit: 4000 }, { title: 'Gift Box', unit: 1000 }] },
    { user: bob, at: '2026-03-21T00:30:00Z', status: 'cancelled', currency: usd, lines: [{ title: 'Ruby Ring', unit: 1000 }] },
    { user: carol, at: '2026-04-01T08:00:00Z', status: 'processing', currency: usd, lines: [{ title: 'Emerald Bracelet', unit: 7500 }], paymentMethod: 'PayPal' },
  ]);
});
afterAll(() => t.close());

const numbers = (body: { items: Array<{ orderNumber: string }> }) => body.items.map((o) => o.orderNumber);
const n = (...i: number[]) => i.map((k) => orders[k].number);
const page = async (query: string, token = t.adminToken) => {
  const res = await t.call('GET', `/api/order?${query}`, { token });
  expect({ query, status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ query, status: 200, body: 'ok' });
  return res.body;
};

describe('SPEC answer without paging parameters', () => {
  test('every order as an array, with its items, newest first; status alone still answers the array', async () => {
    const all = await t.call('GET', '/api/order', admin());
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(n(4, 3, 2, 1, 0));
    expect(all.body[2].items).toHaveLength(3);
    expect(all.body[2]).toMatchObject({ status: 'delivered', paymentMethod: 'Cash On Delivery', totalPrice: 250, shippingAddress: { city: 'Springfield' }, subTotalPrice: 250 });
    const pending = await t.call('GET', '/api/order?status=pending', admin());
    expect(pending.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(n(0));
    const own = await t.call('GET', '/api/order', { token: jane.token });
    expect(own.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(n(1, 0));
  });
});

describe('a page of orders', () => {
  test('paging: items, itemCount, page, limit; newest first by default', async () => {
    const first = await page('limit=2');
    expect({ ...first, items: numbers(first) }).toEqual({ items: n(4, 3), itemCount: 5, page: 1, limit: 2 });
    expect(numbers(await page('limit=2&page=2'))).toEqual(n(2, 1));
    expect(numbers(await page('limit=2&page=3'))).toEqual(n(0));
    expect(await page('limit=2&page=4')).toEqual({ items: [], itemCount: 5, page: 4, limit: 2 });
    expect(await page('page=1')).toMatchObject({ itemCount: 5, page: 1, limit: 20 });
  });

  test('each row: number, customer, lines and pieces, total, currency, payment, status, date', async () => {
    const { items } = await page('keyword=' + encodeURIComponent(orders[0].number));
    expect(items).toEqual([
      {
        _id: orders[0].id,
        orderNumber: orders[0].number,
        customer: { _id: jane.id, fullName: 'Jane Lister', email: jane.email },
        shipTo: 'Ship Name',
        itemCount: 2,
        quantity: 3,
        totalPrice: 100,
        currency: { symbol: '$', currType: expect.any(String), code: 'USD' },
        paymentMethod: 'Cash On Delivery',
        status: 'pending',
        orderDate: '2026-01-10T10:00:00.000Z',
        refund: null,
      },
    ]);
  });

  test('status filter', async () => {
    expect(numbers(await page('status=shipped&page=1'))).toEqual(n(1));
    expect((await page('status=all&limit=10')).itemCount).toBe(5);
    expect(await page('status=rejected&limit=10')).toEqual({ items: [], itemCount: 0, page: 1, limit: 10 });
  });

  test('date range: whole UTC days, both ends included; date-times to the instant', async () => {
    expect(numbers(await page('from=2026-03-20&to=2026-03-20'))).toEqual(n(2));
    expect(numbers(await page('from=2026-03-01'))).toEqual(n(4, 3, 2));
    expect(numbers(await page('to=2026-02-15'))).toEqual(n(1, 0));
    expect(numbers(await page(`from=${encodeURIComponent('2026-03-21T00:30:00Z')}&to=${encodeURIComponent('2026-04-01T08:00:00+00:00')}`))).toEqual(n(4, 3));
    expect(numbers(await page(`to=${encodeURIComponent('2026-03-21T01:30:00+01:00')}&from=2026-03-21`))).toEqual(n(3));
  });

  test('keyword: the order number, with or without its prefix', async () => {
    const digits = orders[2].number.slice(3);
    for (const k of [orders[2].number, digits, `aj${digits}`, ` #${digits} `]) expect(numbers(await page(`keyword=${encodeURIComponent(k)}`))).toEqual(n(2));
  });

  test("keyword: the customer's name or e-mail, any part, any case", async () => {
    expect(numbers(await page('keyword=lister'))).toEqual(n(1, 0));
    expect(numbers(await page(`keyword=${encodeURIComponent(bob.email.toUpperCase())}`))).toEqual(n(3, 2));
    expect(numbers(await page(`keyword=${encodeURIComponent(bob.email.split('@')[0])}`))).toEqual(n(3, 2));
    // LIKE's own characters are taken literally: '100%' is Carol's name, not 'anything starting 100'.
    expect(numbers(await page('keyword=100%25%20real'))).toEqual(n(4));
    expect(numbers(await page('keyword=_'))).toEqual([]);
  });

  test('keyword: a product in the lines; combined with a status and dates', async () => {
    expect(numbers(await page('keyword=sapphire'))).toEqual(n(2, 0));
    expect(numbers(await page('keyword=ring'))).toEqual(n(3, 2, 0));
    expect(numbers(await page('keyword=ring&status=delivered'))).toEqual(n(2));
    expect(numbers(await page('keyword=ring&to=2026-02-01'))).toEqual(n(0));
    expect(await page('keyword=nothing%20like%20this')).toEqual({ items: [], itemCount: 0, page: 1, limit: 20 });
  });

  test('sorting by date, total, number, status and customer, each way', async () => {
    const sorted = async (sort: string) => numbers(await page(`sort=${sort}`));
    expect(await sorted('date:asc')).toEqual(n(0, 1, 2, 3, 4));
    expect(await sorted('date:desc')).toEqual(n(4, 3, 2, 1, 0));
    // Totals $100, €50, $250, $10, $75: within each currency (issue 38: amounts in two currencies do not compare).
    expect(await sorted('total:asc')).toEqual(n(1, 3, 4, 0, 2));
    expect(await sorted('total:desc')).toEqual(n(2, 0, 4, 3, 1));
    expect(await sorted('number:asc')).toEqual(n(0, 1, 2, 3, 4));
    expect(await sorted('number:desc')).toEqual(n(4, 3, 2, 1, 0));
    // cancelled, delivered, pending, processing, shipped.
    expect(await sorted('status:asc')).toEqual(n(3, 2, 0, 4, 1));
    expect(await sorted('status:desc')).toEqual(n(1, 4, 0, 2, 3));
    // Bob, Carol, Jane; one customer's orders by number, the same way.
    expect(await sorted('customer:asc')).toEqual(n(2, 3, 4, 0, 1));
    expect(await sorted('customer:desc')).toEqual(n(1, 0, 4, 3, 2));
    expect(numbers(await page('sort=total:desc&limit=2&page=2'))).toEqual(n(4, 3));
  });

  test('a customer pages their own orders only, whatever they search', async () => {
    expect(await page('limit=10', jane.token)).toMatchObject({ itemCount: 2 });
    expect(numbers(await page('keyword=sapphire', jane.token))).toEqual(n(0));
    expect(numbers(await page(`keyword=${encodeURIComponent(orders[2].number)}`, jane.token))).toEqual([]);
    expect((await t.call('GET', '/api/order?page=1')).status).toBe(401);
  });

  test('bad parameters: 400 with a message that says which', async () => {
    const before = await t.fingerprint();
    for (const [query, says] of [
      ['limit=0', /limit/],
      ['limit=101', /limit/],
      ['page=0', /page/],
      ['page=two', /page/],
      ['sort=price:asc', /sort/],
      ['sort=date', /sort/],
      ['status=lost&page=1', /status/],
      ['from=yesterday', /from/],
      ['from=2026-13-01', /from/],
      ['from=2026-02-31', /from/],
      ['to=2026-01-01T10:00', /to/],
      ['from=2026-03-02&to=2026-03-01', /from must be on or before to/],
      [`keyword=${'x'.repeat(201)}`, /keyword/],
    ] as const) {
      const res = await t.call('GET', `/api/order?${query}`, admin());
      expect({ query, status: res.status, message: says.test(res.body?.message ?? '') }).toEqual({ query, status: 400, message: true });
    }
    expect(await t.fingerprint()).toBe(before);
  });
});

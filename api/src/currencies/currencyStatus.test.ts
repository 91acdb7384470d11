import { startTestApp, type TestApp } from '../test/harness';

// Issue 38 (14): a new currency is hidden from shoppers until the owner publishes it, on PGlite and
// (DATABASE_URL) PostgreSQL.
let t: TestApp;
let usd: { _id: string };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
const shopperCodes = async () => ((await t.call('GET', '/api/currencies')).body as Array<{ code: string }>).map((c) => c.code);
const adminList = async () => (await t.call('GET', '/api/currencies/all', { token: t.adminToken })).body as Array<{ _id: string; code: string; status: string; pricedProducts: number; products: number }>;
const setStatus = (id: string, status: string, token = t.adminToken) => t.call('PUT', `/api/currencies/${id}/status`, { token, body: { status } });

test("the shop's own currencies (its setup, and every one a shop had before migration 041) are published", async () => {
  expect(await shopperCodes()).toEqual(['USD']);
  expect((await adminList())[0]).toMatchObject({ code: 'USD', status: 'published' });
});

test("an admin's new currency is a draft: shoppers neither list it nor buy in it until it is published; the admin sees how many products have a price in it", async () => {
  const p = await t.product({ title: 'Status ring', basePrice: [{ currType: usd._id, amount: 120 }] });
  await t.product({ title: 'Status chain', basePrice: [{ currType: usd._id, amount: 80 }] });
  const made = await t.call('POST', '/api/currencies', { token: t.adminToken, body: { name: 'Swiss franc', code: 'chf', symbol: 'Fr' } });
  expect(made.status).toBe(201);
  const chf = made.body._id as string;
  expect(await shopperCodes()).toEqual(['USD']);
  expect((await adminList()).find((c) => c._id === chf)).toEqual({ _id: chf, name: 'Swiss franc', code: 'CHF', symbol: 'Fr', pricesIncludeTax: false, status: 'draft', pricedProducts: 0, products: 2 });

  await t.call('PUT', `/api/product/${p._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 120 }, { currType: chf, amount: 110 }] } });
  expect((await adminList()).find((c) => c._id === chf)).toMatchObject({ pricedProducts: 1, products: 2 });

  // Not the shoppers' yet: the cart and the checkout refuse it as an unknown currency.
  const shopper = await t.customer();
  expect((await t.call('POST', '/api/cart', { token: shopper.token, body: { productId: p._id, quantity: 1, options: [], selectedCurr: chf } })).status).toBe(400);
  expect((await t.call('POST', '/api/cart', { token: shopper.token, body: { productId: p._id, quantity: 1, options: [] } })).status).toBe(200);
  const refused = await t.call('POST', '/api/order', { token: shopper.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: chf, shippingAddress: address } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Unknown currency');

  const published = await setStatus(chf, 'published');
  expect(published.status).toBe(200);
  expect(published.body).toMatchObject({ _id: chf, status: 'published', pricedProducts: 1 });
  expect(await shopperCodes()).toEqual(['USD', 'CHF']);
  expect((await t.call('POST', '/api/order', { token: shopper.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: chf, shippingAddress: address } })).status).toBe(201);
  const audit = await t.ctx.db.query<{ before: unknown; after: unknown }>(`SELECT before, after FROM audit_log WHERE entity = 'currency' AND entity_id = $1 AND action = 'update' ORDER BY at`, [chf]);
  expect(audit.at(-1)).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });

  // Back to draft: hidden again, its prices kept.
  expect((await setStatus(chf, 'draft')).body).toMatchObject({ status: 'draft', pricedProducts: 1 });
  expect(await shopperCodes()).toEqual(['USD']);
});

test('the last published currency stays published; bad input and other callers are refused, nothing changes', async () => {
  const c = await t.customer();
  const before = await t.fingerprint();
  const last = await setStatus(usd._id, 'draft');
  expect(last.status).toBe(409);
  expect(last.body.message).toMatch(/at least one published currency/);
  expect((await setStatus(usd._id, 'live')).status).toBe(400);
  expect((await setStatus('00000000-0000-0000-0000-000000000000', 'published')).status).toBe(404);
  expect((await setStatus(usd._id, 'published', c.token)).status).toBe(403);
  expect((await t.call('GET', '/api/currencies/all', { token: c.token })).status).toBe(403);
  expect((await t.call('GET', '/api/currencies/all')).status).toBe(401);
  expect(await t.fingerprint()).toBe(before);
});

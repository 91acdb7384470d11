import { startTestApp, type TestApp } from '../test/harness';

// Issue 16, finding 2: a product (or a chosen option) with no price in a currency is not available
// in it. Nothing may price it as 0: not the cart, not the preview, not POST /order. On PGlite, and
// on PostgreSQL when DATABASE_URL is set.

const address = { line1: '1 Gem Street', city: 'Goldtown', postalCode: '12345', country: 'US' };
let t: TestApp;
let usd: string;
let eur: string;
let usdOnly: any;
let ring: any;
beforeAll(async () => {
  t = await startTestApp();
  usd = (await t.currency('USD', '$'))._id;
  eur = (await t.currency('EUR', '€'))._id;
  usdOnly = await t.product({ title: 'Dollar Diamond', basePrice: [{ currType: usd, amount: 2500 }] });
  ring = await t.product({
    title: 'Two Price Ring',
    basePrice: [{ currType: usd, amount: 100 }, { currType: eur, amount: 90 }],
    variants: [{ type: 'Metal', options: [{ name: 'Silver', incRate: [{ currType: usd, amount: 0 }, { currType: eur, amount: 0 }] }, { name: 'Gold', incRate: [{ currType: usd, amount: 40 }] }] }],
  });
});
afterAll(() => t.close());

const order = (token: string, selectedCurr: string) =>
  t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr, shippingAddress: address } });
const optionId = (name: string) => ring.variants[0].options.find((o: { name: string }) => o.name === name)._id;

test('a price list leaves out the currencies a product has no price in', async () => {
  const p = await t.call('GET', `/api/product/${usdOnly._id}`);
  expect(p.body.basePrice).toEqual([{ currType: usd, amount: 2500 }]);
  const r = await t.call('GET', `/api/product/${ring._id}`);
  expect(r.body.variants[0].options.find((o: { name: string }) => o.name === 'Gold').incRate).toEqual([{ currType: usd, amount: 40 }]);
});

test('a product with no price in EUR is refused in EUR by the cart, the preview and the order, which change nothing', async () => {
  const c = await t.customer();
  const inEur = await t.call('POST', '/api/cart', { token: c.token, body: { productId: usdOnly._id, quantity: 10, selectedCurr: eur } });
  expect(inEur.status).toBe(400);
  expect(inEur.body.message).toBe('"Dollar Diamond" is not available in EUR');
  expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toEqual([]);

  // Added while shopping in dollars, then ordered in euros.
  const added = await t.call('POST', '/api/cart', { token: c.token, body: { productId: usdOnly._id, quantity: 10, selectedCurr: usd } });
  expect(added.status).toBe(200);
  expect(added.body.items[0].unitPrice).toEqual([{ currType: usd, amount: 2500 }]);
  expect(added.body.items[0].totalPrice).toEqual([{ currType: usd, amount: 25000 }]);
  const before = await t.fingerprint();
  const preview = await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: eur } });
  expect(preview.status).toBe(400);
  expect(preview.body.message).toMatch(/Dollar Diamond/);
  const refused = await order(c.token, eur);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('"Dollar Diamond" is not available in EUR');
  expect(await t.fingerprint()).toBe(before);

  const placed = await order(c.token, usd);
  expect(placed.status).toBe(201);
  expect(placed.body.totalPrice).toBe(25000);
});

test('an option with no increase in a currency makes the product not available in it with that option', async () => {
  const c = await t.customer();
  const gold = await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [optionId('Gold')], selectedCurr: eur } });
  expect(gold.status).toBe(400);
  expect(gold.body.message).toBe('"Two Price Ring" is not available in EUR');
  const silver = await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [optionId('Silver')], selectedCurr: eur } });
  expect(silver.status).toBe(200);
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [optionId('Gold')], selectedCurr: usd } });
  const before = await t.fingerprint();
  expect((await order(c.token, eur)).status).toBe(400);
  expect(await t.fingerprint()).toBe(before);
  const placed = await order(c.token, usd);
  expect(placed.status).toBe(201);
  expect(placed.body.totalPrice).toBe(100 + 140);
});

test('a currency added after the products does not make the catalogue free in it', async () => {
  const gbp = (await t.currency('GBP', '£'))._id;
  const c = await t.customer();
  expect((await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [optionId('Silver')] } })).status).toBe(200);
  const before = await t.fingerprint();
  const refused = await order(c.token, gbp);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('"Two Price Ring" is not available in GBP');
  expect(await t.fingerprint()).toBe(before);
  const cart = await t.call('GET', '/api/cart', { token: c.token });
  expect(cart.body.items[0].unitPrice.map((p: { currType: string }) => p.currType)).toEqual([usd, eur]);

  // Once the admin prices the ring in pounds: Silver (saved with 0 increases, so it adds nothing in
  // any currency) sells at the base price; Gold (+$40, no amount in pounds) is still not available.
  const priced = await t.call('PUT', `/api/product/${ring._id}`, {
    token: t.adminToken,
    body: { basePrice: [{ currType: usd, amount: 100 }, { currType: eur, amount: 90 }, { currType: gbp, amount: 80 }] },
  });
  expect(priced.status).toBe(200);
  const preview = await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: gbp } });
  expect(preview.status).toBe(200);
  expect(preview.body.totalPrice).toBe(80);
  const gold = await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [optionId('Gold')], selectedCurr: gbp } });
  expect(gold.status).toBe(400);
  expect(gold.body.message).toBe('"Two Price Ring" is not available in GBP');
  const placed = await order(c.token, gbp);
  expect(placed.status).toBe(201);
  expect(placed.body.totalPrice).toBe(80);
});

test('a product with no price anywhere cannot be put in the cart at all', async () => {
  const unpriced = await t.product({ title: 'Priceless Pearl', basePrice: [] });
  const c = await t.customer();
  const r = await t.call('POST', '/api/cart', { token: c.token, body: { productId: unpriced._id } });
  expect(r.status).toBe(400);
  expect(r.body.message).toMatch(/Priceless Pearl/);
});

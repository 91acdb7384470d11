// Issue 43: an order takes its cart's products and its shipping and tax setup from the catalogue's memory
// when they are kept under exactly the catalogue version its own locked statement read
// (checkout-queries.ts readCheckoutToOrder, CatalogParts.at), and reads them itself otherwise: it charges what
// the database held at that version, never what a memory a moment behind holds (an admin's edit just made, on
// this process or, on PostgreSQL, on another one).
import { startTestApp, within, type TestApp } from '../test/harness';

let t: TestApp;
let eur: { _id: string };
let method: any;
let ring: any;

const flat = (amount: number) => [{ currType: eur._id, bands: [{ upTo: null, amount }] }];
const address = { fullName: 'Memory Buyer', line1: '1 Hauptstraße', city: 'Berlin', postalCode: '10115', country: 'Germany', countryCode: 'DE', contact: '+49 30 1234567' };

/** A new buyer with the ring in their cart. */
async function buyerWithRing(app: TestApp = t) {
  const buyer = await app.customer(`Memory Buyer ${Math.random()}`);
  expect((await app.call('POST', '/api/cart', { token: buyer.token, body: { productId: ring._id, options: [], quantity: 1 } })).status).toBe(200);
  return buyer;
}
const order = (app: TestApp, buyer: { token: string }) =>
  app.call('POST', '/api/order', { token: buyer.token, body: { selectedCurr: eur._id, paymentMethod: 'Cash On Delivery', shippingAddress: address, shippingMethodId: method._id } });
const preview = (app: TestApp, buyer: { token: string }) =>
  app.call('POST', '/api/order/preview', { token: buyer.token, body: { selectedCurr: eur._id, country: 'DE', shippingMethodId: method._id } });
const setMethodPrice = async (amount: number) => {
  const body = { zoneId: method.zoneId, name: 'Standard', estimate: '3-5 days', type: 'flat', rates: flat(amount) };
  expect((await t.call('PUT', `/api/shipping/methods/${method._id}`, { token: t.adminToken, body })).status).toBe(200);
};
const setRingPrice = async (amount: number) =>
  expect((await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: eur._id, amount }] } })).status).toBe(200);
/** Until the ring's page is kept again under the catalogue version now (the walk reads changed products after a second). */
const ringKept = async () => {
  const { version } = (await t.ctx.db.one<{ version: number }>(`SELECT version FROM catalog_version`))!;
  expect(await within(20_000, () => t.ctx.catalog.memory.keepsProductPage(ring.slug, Number(version)))).toBe(true);
};

beforeAll(async () => {
  t = await startTestApp();
  eur = await t.currency('EUR', '€');
  await t.call('PUT', `/api/currencies/${eur._id}`, { token: t.adminToken, body: { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true } });
  const standard = (await t.call('GET', '/api/tax/classes', { token: t.adminToken })).body.find((c: any) => c.name === 'Standard')._id;
  ring = await t.product({ title: 'Memory Ring', basePrice: [{ currType: eur._id, amount: 119 }], weight: 40 });
  const zone = (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'Europe', countries: ['DE'] } })).body;
  method = (await t.call('POST', '/api/shipping/methods', { token: t.adminToken, body: { zoneId: zone._id, name: 'Standard', estimate: '3-5 days', type: 'flat', rates: flat(9.9) } })).body;
  method.zoneId = zone._id;
  await t.call('POST', '/api/tax/rates', { token: t.adminToken, body: { classId: standard, country: 'DE', percent: 19 } });
  expect(await within(20_000, () => t.ctx.catalog.memory.slugOf(ring._id) === ring.slug)).toBe(true);
}, 60_000);
afterAll(() => t.close());

test('an order takes the products and the shipping and tax setup kept under the version it read, and charges what the preview showed', async () => {
  await ringKept();
  const buyer = await buyerWithRing();
  const shown = (await preview(t, buyer)).body;
  expect(shown).toMatchObject({ subTotalPrice: 119, shippingPrice: 9.9, totalPrice: 128.9 });
  const before = t.ctx.catalog.memory.status().answers.hits;
  const placed = await order(t, buyer);
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({ totalPrice: shown.totalPrice, shippingPrice: 9.9, taxTotal: shown.taxTotal, taxLines: [{ rate: 19 }] });
  expect(placed.body.items).toEqual([expect.objectContaining({ product: expect.objectContaining({ title: 'Memory Ring' }), quantity: 1, unitPrice: [{ amount: 119, currType: eur._id }] })]);
  // The ring's page and the country's setup, each taken from memory (the order read neither itself).
  expect(t.ctx.catalog.memory.status().answers.hits - before).toBeGreaterThanOrEqual(2);
});

test("an admin's edit just made is charged by the next order, before the memory has anything of its version", async () => {
  await ringKept();
  const buyer = await buyerWithRing();
  await setRingPrice(150);
  await setMethodPrice(4.5);
  // At once: the ring's page of the new version is not kept yet (the walk waits a second after a change).
  const placed = await order(t, buyer);
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({ subTotalPrice: 150, shippingPrice: 4.5, totalPrice: 154.5 });
  // Kept again: the next order takes them from memory, at the new prices.
  await ringKept();
  const next = await order(t, await buyerWithRing());
  expect(next.body).toMatchObject({ subTotalPrice: 150, shippingPrice: 4.5, totalPrice: 154.5 });
  await setRingPrice(119);
  await setMethodPrice(9.9);
});

test('a product taken off sale is left out of the order whatever the memory kept', async () => {
  await ringKept();
  const buyer = await buyerWithRing();
  const bulk = (action: string) => t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [ring._id], action } });
  expect((await bulk('unpublish')).status).toBe(200);
  const refused = await order(t, buyer);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Cart is empty');
  expect((await bulk('publish')).status).toBe(200);
  expect((await order(t, buyer)).status).toBe(201);
});

test("an edit made on another API process is charged by this one's next order, notified or not (PostgreSQL)", async () => {
  if (!t.databaseUrl) return; // PGlite: one process.
  const second = await startTestApp({ databaseUrl: t.databaseUrl });
  try {
    const buyer = await buyerWithRing(second);
    // The second process's memory holds the ring at 119 (its preview read it).
    expect((await preview(second, buyer)).body.subTotalPrice).toBe(119);
    await setRingPrice(175);
    await setMethodPrice(6);
    const placed = await order(second, buyer);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ subTotalPrice: 175, shippingPrice: 6, totalPrice: 181 });
  } finally {
    await second.close();
    await setRingPrice(119);
    await setMethodPrice(9.9);
  }
});

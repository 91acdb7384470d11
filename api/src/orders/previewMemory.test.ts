// Issue 43: what an order preview charges with is kept in the catalogue's memory: the shipping setup and tax
// rates (shipping/service.ts shippingFor, tax/service.ts countryTaxOf, migration 049) and the cart's products
// (catalog/storefront/keptProducts.ts, from the kept product pages). A second preview reads them from memory,
// and an admin's edit of a method, a zone, a rate or a product's price is seen by the next preview, on this
// API process and (PostgreSQL) on a second one sharing the database, as the order charges it.
import { startTestApp, within, type TestApp } from '../test/harness';

let t: TestApp;
let eur: { _id: string };
let standard: string;
let zone: any;
let method: any;
let rate: any;
let ring: any;
let buyer: { token: string };

const flat = (amount: number) => [{ currType: eur._id, bands: [{ upTo: null, amount }] }];
const preview = (app: TestApp, body: object = {}) => app.call('POST', '/api/order/preview', { token: buyer.token, body: { selectedCurr: eur._id, country: 'DE', ...body } });
const addRing = async () => expect((await t.call('POST', '/api/cart', { token: buyer.token, body: { productId: ring._id, options: [], quantity: 1 } })).status).toBe(200);

beforeAll(async () => {
  t = await startTestApp();
  eur = await t.currency('EUR', '€');
  await t.call('PUT', `/api/currencies/${eur._id}`, { token: t.adminToken, body: { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true } });
  standard = (await t.call('GET', '/api/tax/classes', { token: t.adminToken })).body.find((c: any) => c.name === 'Standard')._id;
  ring = await t.product({ title: 'Kept Ring', basePrice: [{ currType: eur._id, amount: 119 }], weight: 40 });
  zone = (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'Europe', countries: ['DE'] } })).body;
  method = (await t.call('POST', '/api/shipping/methods', { token: t.adminToken, body: { zoneId: zone._id, name: 'Standard', estimate: '3-5 days', type: 'flat', rates: flat(9.9) } })).body;
  rate = (await t.call('POST', '/api/tax/rates', { token: t.adminToken, body: { classId: standard, country: 'DE', percent: 19 } })).body;
  buyer = await t.customer('Kept Buyer');
  await addRing();
  // The ring's page is kept once the catalogue's walk has read it: from then on a preview takes it from there.
  expect(await within(20_000, () => t.ctx.catalog.memory.slugOf(ring._id) === ring.slug)).toBe(true);
}, 60_000);
afterAll(() => t.close());

test('a second preview reads the shipping setup, the tax rates and the cart\'s product from memory, and charges the same', async () => {
  const first = await preview(t, { shippingMethodId: method._id });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ subTotalPrice: 119, shippingPrice: 9.9, totalPrice: 128.9, taxLines: [{ rate: 19 }] });
  const before = t.ctx.catalog.memory.status().answers;
  const again = await preview(t, { shippingMethodId: method._id });
  expect(again.body).toEqual(first.body);
  const after = t.ctx.catalog.memory.status().answers;
  // The country's shipping setup with its tax rates (one entry, read in one statement), and the ring's page: each a hit, nothing made again.
  expect(after.hits - before.hits).toBeGreaterThanOrEqual(2);
  expect(after.misses - before.misses).toBe(0);
});

test("an admin's edit of a method, a rate and a zone is seen by the next preview, as the order charges it", async () => {
  expect((await preview(t)).body.shippingPrice).toBe(9.9);
  const edit = { zoneId: zone._id, name: 'Standard', estimate: '3-5 days', type: 'flat', rates: flat(12.5) };
  expect((await t.call('PUT', `/api/shipping/methods/${method._id}`, { token: t.adminToken, body: edit })).status).toBe(200);
  expect((await preview(t)).body).toMatchObject({ shippingPrice: 12.5, totalPrice: 131.5 });
  expect((await t.call('PUT', `/api/tax/rates/${rate._id}`, { token: t.adminToken, body: { classId: standard, country: 'DE', percent: 7 } })).status).toBe(200);
  expect((await preview(t)).body.taxLines.map((l: any) => l.rate)).toEqual([7]);
  // A zone that no longer covers the country: not shipped there; the shipping options say so too.
  expect((await t.call('PUT', `/api/shipping/zones/${zone._id}`, { token: t.adminToken, body: { name: 'Europe', countries: ['FR'] } })).status).toBe(200);
  const refused = await preview(t);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/We do not ship to Germany yet/);
  expect((await t.call('GET', `/api/shipping/methods?country=DE&currency=${eur._id}`, { token: buyer.token })).status).toBe(400);
  expect((await t.call('PUT', `/api/shipping/zones/${zone._id}`, { token: t.adminToken, body: { name: 'Europe', countries: ['DE'] } })).status).toBe(200);
  const options = await t.call('GET', `/api/shipping/methods?country=DE&currency=${eur._id}`, { token: buyer.token });
  expect(options.body).toEqual([expect.objectContaining({ _id: method._id, amount: 12.5 })]);
  const back = await preview(t, { shippingMethodId: method._id });
  expect(back.body).toMatchObject({ shippingPrice: 12.5, taxLines: [{ rate: 7 }] });
  // The order charges what the preview showed, to the cent.
  const address = { fullName: 'Kept Buyer', line1: '1 Hauptstraße', city: 'Berlin', postalCode: '10115', country: 'Germany', countryCode: 'DE', contact: '+49 30 1234567' };
  const order = await t.call('POST', '/api/order', { token: buyer.token, body: { selectedCurr: eur._id, paymentMethod: 'Cash On Delivery', shippingAddress: address, shippingMethodId: method._id } });
  expect(order.status).toBe(201);
  expect(order.body).toMatchObject({ shippingPrice: back.body.shippingPrice, taxTotal: back.body.taxTotal, totalPrice: back.body.totalPrice });
  await addRing();
});

test("a product's new price, and a product taken off sale, are seen by the next preview", async () => {
  expect((await preview(t, { shippingMethodId: method._id })).body.subTotalPrice).toBe(119);
  expect((await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: eur._id, amount: 238 }] } })).status).toBe(200);
  const after = (await preview(t, { shippingMethodId: method._id })).body;
  expect(after).toMatchObject({ subTotalPrice: 238, totalPrice: 238 + after.shippingPrice });
  const bulk = (action: string) => t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [ring._id], action } });
  expect((await bulk('unpublish')).status).toBe(200);
  // Its line is left out, as the order leaves it out: the cart holds nothing for sale.
  expect((await preview(t, { shippingMethodId: method._id })).body.message).toBe('Cart is empty');
  expect((await bulk('publish')).status).toBe(200);
  expect((await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: eur._id, amount: 119 }] } })).status).toBe(200);
  expect((await preview(t, { shippingMethodId: method._id })).body.subTotalPrice).toBe(119);
});

test('a second API process on the same database sees an edit made by the first at its next preview (PostgreSQL)', async () => {
  if (!t.databaseUrl) return; // PGlite: one process.
  const second = await startTestApp({ databaseUrl: t.databaseUrl });
  try {
    expect((await preview(second, { shippingMethodId: method._id })).body).toMatchObject({ shippingPrice: 12.5, taxLines: [{ rate: 7 }] });
    const edit = { zoneId: zone._id, name: 'Standard', estimate: '3-5 days', type: 'flat', rates: flat(4.2) };
    expect((await t.call('PUT', `/api/shipping/methods/${method._id}`, { token: t.adminToken, body: edit })).status).toBe(200);
    expect((await t.call('PUT', `/api/tax/rates/${rate._id}`, { token: t.adminToken, body: { classId: standard, country: 'DE', percent: 19 } })).status).toBe(200);
    expect((await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: eur._id, amount: 129 }] } })).status).toBe(200);
    // The edits reach the second process by the catalogue version's notification.
    expect(
      await within(5_000, async () => {
        const b = (await preview(second, { shippingMethodId: method._id })).body;
        return b.shippingPrice === 4.2 && b.taxLines?.[0]?.rate === 19 && b.subTotalPrice === 129;
      }),
    ).toBe(true);
  } finally {
    await second.close();
  }
});

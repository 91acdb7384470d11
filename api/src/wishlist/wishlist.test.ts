import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The wishlist had no tests of its own; these pin its answers while its SQL moved to queries.ts (issue 21).
test('a wishlist lists products by product id: add twice keeps one, remove by product id, 404s', async () => {
  const usd = await t.currency('USD', '$');
  const p = await t.product({ title: 'Wished Ring', basePrice: [{ currType: usd._id, amount: 12 }] });
  const c = await t.customer();
  const add = await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token });
  expect(add.status).toBe(200);
  expect(add.body.items).toEqual([
    { _id: p._id, slug: p.slug, title: 'Wished Ring', imageUrls: p.imageUrls, basePrice: [{ currType: usd._id, amount: 12 }], discounts: [] },
  ]);
  expect((await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token })).body.items).toHaveLength(1);
  expect((await t.call('GET', '/api/wishlist', { token: c.token })).body).toEqual(add.body);
  const missing = await t.call('POST', '/api/wishlist/00000000-0000-0000-0000-000000000000', { token: c.token });
  expect(missing).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  expect((await t.call('DELETE', `/api/wishlist/${p._id}`, { token: c.token })).body).toEqual({ items: [] });
  const again = await t.call('DELETE', `/api/wishlist/${p._id}`, { token: c.token });
  expect(again).toMatchObject({ status: 404, body: { message: 'Product is not in the wishlist' } });
});

import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

// The wishlist had no tests of its own; these pin its answers while its SQL moved to queries.ts (issue 21).
test('a wishlist lists products by product id: add twice keeps one, remove by product id, 404s', async () => {
  const p = await t.product({ title: 'Wished Ring', basePrice: [{ currType: usd._id, amount: 12 }] });
  const c = await t.customer();
  const add = await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token });
  expect(add.status).toBe(200);
  expect(add.body.items).toEqual([
    {
      _id: p._id,
      slug: p.slug,
      title: 'Wished Ring',
      imageUrls: p.imageUrls,
      basePrice: [{ currType: usd._id, amount: 12 }],
      discounts: [],
      variants: [],
      trackInventory: false,
      available: true,
      stock: [{ options: [], quantity: 0 }],
    },
  ]);
  expect((await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token })).body.items).toHaveLength(1);
  expect((await t.call('GET', '/api/wishlist', { token: c.token })).body).toEqual(add.body);
  const missing = await t.call('POST', '/api/wishlist/00000000-0000-0000-0000-000000000000', { token: c.token });
  expect(missing).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  expect((await t.call('DELETE', `/api/wishlist/${p._id}`, { token: c.token })).body).toEqual({ items: [] });
  const again = await t.call('DELETE', `/api/wishlist/${p._id}`, { token: c.token });
  expect(again).toMatchObject({ status: 404, body: { message: 'Product is not in the wishlist' } });
});

// Issue 22: the wishlist shows the sale price and adds to the cart from the list, so each item carries
// the product's discounts, its variants (the options 'Add to cart' defaults to) and what is left of each combination.
test("a wishlist item carries the product's discounts, variants and stock", async () => {
  const sale = await t.discount({ title: 'Wish Sale', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: [{ currType: usd._id, amount: 15 }] });
  const p = await t.product({
    title: 'Wished Pendant',
    basePrice: [{ currType: usd._id, amount: 89 }],
    discounts: [sale._id],
    variants: [{ type: 'Metal', options: [{ name: 'Gold', incRate: [{ currType: usd._id, amount: 10 }] }, { name: 'Silver' }] }],
  });
  const [gold, silver] = p.variants[0].options.map((o: any) => o._id);
  const stocked = await t.call('PUT', `/api/product/${p._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [silver], quantity: 4 }] } });
  expect(stocked.status).toBe(200);
  const c = await t.customer();
  const { body } = await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token });
  const [item] = body.items;
  expect(item.discounts).toEqual([expect.objectContaining({ _id: sale._id, discountType: 'percentage', value: [{ currType: usd._id, amount: 15 }] })]);
  expect(item.variants).toEqual(p.variants);
  expect(item).toMatchObject({ trackInventory: true, available: true, stock: [{ options: [gold], quantity: 0 }, { options: [silver], quantity: 4 }] });
  // The fields it had stay as they were.
  expect(item).toMatchObject({ _id: p._id, slug: p.slug, title: 'Wished Pendant', imageUrls: p.imageUrls, basePrice: [{ currType: usd._id, amount: 89 }] });
});

import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
let ring: any;
let a: any;
let b: any;
const opt = (i: number, j: number) => ring.variants[i].options[j]._id;

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
  ring = await t.product({
    title: 'Cart Ring',
    basePrice: [{ currType: usd._id, amount: 100 }, { currType: eur._id, amount: 90 }],
    variants: [
      { type: 'Metal', options: [{ name: 'Silver' }, { name: 'Gold', incRate: [{ currType: usd._id, amount: 20.25 }, { currType: eur._id, amount: 18 }] }, { name: 'Platinum', isActive: false }] },
      { type: 'Size', options: [{ name: '6', incRate: [{ currType: usd._id, amount: 1 }, { currType: eur._id, amount: 0 }] }, { name: '9', inStock: false }] },
    ],
  });
  a = await t.customer();
  b = await t.customer();
});
afterAll(() => t.close());

describe('cart', () => {
  test('add computes unit and total per currency; the same options increment the line', async () => {
    const body = { productId: ring._id, options: [{ variantType: 'Metal', selectedOption: { _id: opt(0, 1) } }, { variantType: 'Size', selectedOption: { _id: opt(1, 0) } }], quantity: 2 };
    const r = await t.call('POST', '/api/cart', { token: a.token, body });
    expect(r.status).toBe(200);
    const item = r.body.items[0];
    expect(item).toMatchObject({
      product: { _id: ring._id, title: 'Cart Ring', slug: 'cart-ring', imageUrls: [], discounts: [] },
      options: [{ variantType: 'Metal', selectedOption: { _id: opt(0, 1), name: 'Gold' } }, { variantType: 'Size', selectedOption: { _id: opt(1, 0), name: '6' } }],
      quantity: 2,
      unitPrice: [{ currType: usd._id, amount: 121.25 }, { currType: eur._id, amount: 108 }],
      totalPrice: [{ currType: usd._id, amount: 242.5 }, { currType: eur._id, amount: 216 }],
    });
    const again = await t.call('POST', '/api/cart', { token: a.token, body: { productId: ring._id, options: [opt(1, 0), { optionId: opt(0, 1) }], quantity: 1 } });
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0].quantity).toBe(3);
    const other = await t.call('POST', '/api/cart', { token: a.token, body: { productId: ring._id, options: [opt(0, 0), opt(1, 0)] } });
    expect(other.body.items).toHaveLength(2);
    expect(other.body.items[1]).toMatchObject({ quantity: 1, totalPrice: [{ currType: usd._id, amount: 101 }, { currType: eur._id, amount: 90 }] });
  });

  test('the answer to an add is the cart as GET /cart shows it, with the lines of other products', async () => {
    const c = await t.customer();
    const chain = await t.product({ title: 'Cart Chain', basePrice: [{ currType: usd._id, amount: 5 }], variants: [{ type: 'Length', options: [{ name: '45 cm' }] }] });
    await t.call('POST', '/api/cart', { token: c.token, body: { productId: chain._id, options: [chain.variants[0].options[0]._id], quantity: 4 } });
    const added = await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [opt(0, 1), opt(1, 0)] } });
    expect(added.body.items.map((i: any) => [i.product.title, i.quantity])).toEqual([['Cart Chain', 4], ['Cart Ring', 1]]);
    expect(added.body).toEqual((await t.call('GET', '/api/cart', { token: c.token })).body);
    const more = await t.call('POST', '/api/cart', { token: c.token, body: { productId: chain._id, options: [chain.variants[0].options[0]._id], quantity: 999 } });
    expect(more.body.items.map((i: any) => [i.product.title, i.quantity])).toEqual([['Cart Chain', 1000], ['Cart Ring', 1]]);
    expect(more.body).toEqual((await t.call('GET', '/api/cart', { token: c.token })).body);
  });

  test('refuses inactive, out of stock, missing, foreign or duplicate options, unknown product, bad quantity', async () => {
    const before = await t.fingerprint();
    const cases: Array<[unknown[], RegExp]> = [
      [[opt(0, 2), opt(1, 0)], /not available/],
      [[opt(0, 0), opt(1, 1)], /out of stock/],
      [[opt(0, 0)], /Choose a Size/],
      [[opt(0, 0), opt(0, 1), opt(1, 0)], /only one Metal/],
      [[opt(0, 0), opt(1, 0), '00000000-0000-0000-0000-000000000000'], /does not belong/],
    ];
    for (const [options, msg] of cases) {
      const r = await t.call('POST', '/api/cart', { token: b.token, body: { productId: ring._id, options, quantity: 1 } });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    expect((await t.call('POST', '/api/cart', { token: b.token, body: { productId: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
    for (const quantity of [0, -1, 1.5, 5000, 'many']) {
      expect((await t.call('POST', '/api/cart', { token: b.token, body: { productId: ring._id, options: [opt(0, 0), opt(1, 0)], quantity } })).status).toBe(400);
    }
    expect((await t.call('POST', '/api/cart', { body: { productId: ring._id } })).status).toBe(401);
    expect(await t.fingerprint()).toBe(before);
  });

  test('PUT sets the quantity; below 1 removes; only the owner; DELETE removes', async () => {
    const items = (await t.call('GET', '/api/cart', { token: a.token })).body.items;
    const [first, second] = items;
    expect((await t.call('PUT', `/api/cart/${first._id}`, { token: b.token, body: { quantity: 5 } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/cart/${first._id}`, { token: b.token })).status).toBe(404);
    const upd = await t.call('PUT', `/api/cart/${first._id}`, { token: a.token, body: { quantity: 5 } });
    expect(upd.body.items[0]).toMatchObject({ quantity: 5, totalPrice: [{ currType: usd._id, amount: 606.25 }, { currType: eur._id, amount: 540 }] });
    expect((await t.call('PUT', `/api/cart/${first._id}`, { token: a.token, body: { quantity: 0 } })).body.items.map((i: any) => i._id)).toEqual([second._id]);
    expect((await t.call('PUT', `/api/cart/${second._id}`, { token: a.token, body: {} })).status).toBe(400);
    expect((await t.call('DELETE', `/api/cart/${second._id}`, { token: a.token })).body).toEqual({ items: [] });
    expect((await t.call('DELETE', `/api/cart/${second._id}`, { token: a.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/cart/123`, { token: a.token })).status).toBe(400);
  });
});

describe('wishlist', () => {
  test('add (idempotent), list, remove; per user; unknown product 404', async () => {
    const r = await t.call('POST', `/api/wishlist/${ring._id}`, { token: a.token });
    expect(r.status).toBe(200);
    // Issue 22: with what the wishlist's sale price and 'Add to cart' need (discounts, variants, stock).
    expect(r.body.items).toEqual([
      expect.objectContaining({ _id: ring._id, slug: 'cart-ring', title: 'Cart Ring', imageUrls: [], basePrice: ring.basePrice, discounts: [], variants: ring.variants, available: true }),
    ]);
    expect((await t.call('POST', `/api/wishlist/${ring._id}`, { token: a.token, body: {} })).body.items).toHaveLength(1);
    expect((await t.call('GET', '/api/wishlist', { token: b.token })).body).toEqual({ items: [] });
    expect((await t.call('DELETE', `/api/wishlist/${ring._id}`, { token: b.token })).status).toBe(404);
    expect((await t.call('POST', `/api/wishlist/00000000-0000-0000-0000-000000000000`, { token: a.token })).status).toBe(404);
    expect((await t.call('POST', `/api/wishlist/abc`, { token: a.token })).status).toBe(400);
    expect((await t.call('GET', '/api/wishlist')).status).toBe(401);
    expect((await t.call('DELETE', `/api/wishlist/${ring._id}`, { token: a.token })).body).toEqual({ items: [] });
  });
});

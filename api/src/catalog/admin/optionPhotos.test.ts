import { form, pngBytes, startTestApp, within, type TestApp } from '../../test/harness';

// Photos per option (issue 22): an option names some of its product's images; the product page,
// its first view, the cart and the order follow the chosen option's.

let t: TestApp;
let usd: { _id: string };
const GOLD = 'uploads/pendant-gold.jpg';
const SILVER = 'uploads/pendant-silver.jpg';
const SIDE = 'uploads/pendant-side.jpg';
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

/** A pendant whose Gold option shows the gold photo, Silver the silver one; Length has none. */
const pendant = (title: string) =>
  t.product({
    title,
    basePrice: [{ currType: usd._id, amount: 100 }],
    imageUrls: [SIDE, GOLD, SILVER],
    variants: [
      { type: 'Length', options: [{ name: '16"' }, { name: '18"' }] },
      { type: 'Metal', options: [{ name: 'Gold', imageUrls: [GOLD] }, { name: 'Silver', imageUrls: [SILVER, SIDE] }, { name: 'Rose' }] },
    ],
  });
const photos = (p: any) => p.variants.map((v: any) => v.options.map((o: any) => o.imageUrls));
const admin = (method: string, url: string, body?: unknown) => t.call(method, url, { token: t.adminToken, body });
const page = async (slug: string) => (await t.call('GET', `/api/product/slugSearch/${slug}`)).body;

test('an option\'s photos are saved and answered: at creation, by a new option, a new variant and an edit; the product page follows each edit', async () => {
  const p = await pendant('Option Photo Pendant');
  expect(photos(p)).toEqual([[[], []], [[GOLD], [SILVER, SIDE], []]]);
  expect(photos(await page(p.slug))).toEqual(photos(p));
  const [length, metal] = p.variants;
  const rose = metal.options[2];

  // An edit of one option's photos shows on the very next read of the kept product page.
  const edited = await admin('PUT', `/api/product/variant-option/${rose._id}`, { imageUrls: [GOLD, SIDE, GOLD] });
  expect(edited.status).toBe(200);
  expect(edited.body.variants[1].options[2]).toMatchObject({ name: 'Rose', imageUrls: [GOLD, SIDE] });
  expect((await page(p.slug)).variants[1].options[2].imageUrls).toEqual([GOLD, SIDE]);
  // Other fields alone leave them; an empty list takes them away (the product's apply).
  expect((await admin('PUT', `/api/product/variant-option/${rose._id}`, { name: 'Rose Gold' })).body.variants[1].options[2].imageUrls).toEqual([GOLD, SIDE]);
  expect((await admin('PUT', `/api/product/variant-option/${rose._id}`, { imageUrls: [] })).body.variants[1].options[2].imageUrls).toEqual([]);
  expect((await page(p.slug)).variants[1].options[2].imageUrls).toEqual([]);

  const added = await admin('POST', `/api/product/variant-option/${length._id}`, { name: '20"', imageUrls: [SIDE] });
  expect(added.status).toBe(201);
  expect(added.body.variants[0].options[2]).toMatchObject({ name: '20"', imageUrls: [SIDE] });
  const variant = await admin('POST', `/api/product/${p._id}/variants`, { type: 'Finish', options: [{ name: 'Matte', imageUrls: [SILVER] }, { name: 'Polished' }] });
  expect(variant.status).toBe(201);
  expect(variant.body.variants[2].options.map((o: any) => o.imageUrls)).toEqual([[SILVER], []]);
  expect(photos(await page(p.slug))).toEqual(photos(variant.body));
});

test('an edit of option photos made elsewhere (another API process) is recorded as a change of its product: kept pages follow it', async () => {
  const p = await pendant('Elsewhere Pendant');
  const rose = p.variants[1].options[2];
  expect((await page(p.slug)).variants[1].options[2].imageUrls).toEqual([]);
  await t.ctx.db.query(`UPDATE variant_options SET image_urls = ARRAY[$2] WHERE id = $1`, [rose._id, SIDE]);
  // What every process's memory reads to know which pages to read again (migration 007's triggers).
  const changed = await t.ctx.db.query<{ product_id: string }>(`SELECT product_id FROM catalog_changes WHERE version = (SELECT version FROM catalog_version)`);
  expect(changed).toEqual([{ product_id: p._id }]);
  expect(await within(5_000, async () => (await page(p.slug)).variants[1].options[2].imageUrls[0] === SIDE)).toBe(true);
});

test('a photo that is not one of the product\'s images: 400 naming it, and nothing changes', async () => {
  const p = await pendant('Refused Photo Pendant');
  const [length, metal] = p.variants;
  const other = await t.product({ title: 'Other Piece', imageUrls: ['uploads/other.jpg'] });
  const before = await t.fingerprint();
  const refusals = [
    await admin('PUT', `/api/product/variant-option/${metal.options[0]._id}`, { name: 'Yellow Gold', imageUrls: [GOLD, 'uploads/other.jpg'] }),
    await admin('POST', `/api/product/variant-option/${length._id}`, { name: '20"', imageUrls: ['uploads/nowhere.jpg'] }),
    await admin('POST', `/api/product/${p._id}/variants`, { type: 'Finish', options: [{ name: 'Matte' }, { name: 'Polished', imageUrls: [other.imageUrls[0]] }] }),
  ];
  for (const r of refusals) {
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/An option's photos must be among the product's images; not one of them: uploads\/(other|nowhere)\.jpg/);
  }
  expect(await t.fingerprint()).toBe(before);
  expect(photos(await page(p.slug))).toEqual(photos(p));
  // A new product's uploads get their paths when stored: an option of the form cannot name one yet (and no file is written).
  const png = await pngBytes();
  const variants = JSON.stringify([{ type: 'Metal', options: [{ name: 'Gold', imageUrls: ['uploads/a.png'] }] }]);
  const created = await t.call('POST', '/api/product', { token: t.adminToken, raw: form({ title: 'Form Pendant', variants }, [{ field: 'images', name: 'a.png', type: 'image/png', data: png }]) });
  expect(created.status).toBe(400);
  expect(created.body.message).toMatch(/not one of them: uploads\/a\.png/);
  expect(await t.fingerprint()).toBe(before);
});

test('deleting a product image takes it out of every option that showed it', async () => {
  const p = await pendant('Deleted Photo Pendant');
  const r = await admin('DELETE', `/api/product/${p._id}/images/0`); // SIDE
  expect(r.status).toBe(200);
  expect(r.body.imageUrls).toEqual([GOLD, SILVER]);
  expect(photos(r.body)).toEqual([[[], []], [[GOLD], [SILVER], []]]);
  expect(photos(await page(p.slug))).toEqual(photos(r.body));
  const last = await admin('DELETE', `/api/product/${p._id}/images/1`); // SILVER
  expect(photos(last.body)).toEqual([[[], []], [[GOLD], [], []]]);
});

test('the cart line\'s photos start with the chosen option\'s, and the order line keeps its first', async () => {
  const p = await pendant('Cart Photo Pendant');
  const [length, metal] = p.variants;
  const c = await t.customer();
  const add = (metalIndex: number) => t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, options: [length.options[0]._id, metal.options[metalIndex]._id] } });
  await add(1); // Silver
  await add(2); // Rose: no photos of its own
  const cart = (await add(0)).body.items; // Gold
  expect(cart.map((i: any) => [i.options[1].selectedOption.name, i.product.imageUrls])).toEqual([
    ['Silver', [SILVER, SIDE]],
    ['Rose', [SIDE, GOLD, SILVER]],
    ['Gold', [GOLD]],
  ]);
  const order = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
  expect(order.status).toBe(201);
  expect(order.body.items.map((i: any) => [i.options[1].selectedOption.name, i.product.imageUrls])).toEqual([
    ['Silver', [SILVER]],
    ['Rose', [SIDE]],
    ['Gold', [GOLD]],
  ]);
  // Kept with the order: a later change of the option's photos does not reach it.
  await admin('PUT', `/api/product/variant-option/${metal.options[0]._id}`, { imageUrls: [SIDE] });
  const [kept] = (await t.call('GET', `/api/order/${order.body._id}`, { token: c.token })).body;
  expect(kept.items[2].product.imageUrls).toEqual([GOLD]);
});

test('a product page\'s first view and preloaded photo are those of the options chosen by default', async () => {
  const p = await pendant('First View Pendant');
  expect((await t.ctx.catalog.firstView.product(p.slug))?.imageUrls).toEqual([GOLD]);
  expect(await t.ctx.catalog.leadImage('product', p.slug)).toBe(GOLD);
  // Gold can no longer be chosen: Silver is the default, and its photos lead.
  await admin('PUT', `/api/product/variant-option/${p.variants[1].options[0]._id}`, { isActive: false });
  expect((await t.ctx.catalog.firstView.product(p.slug))?.imageUrls).toEqual([SILVER, SIDE]);
  expect(await t.ctx.catalog.leadImage('product', p.slug)).toBe(SILVER);
  // Without option photos, the product's own.
  const plain = await t.product({ title: 'Plain Photo Pendant', imageUrls: [SIDE, GOLD], variants: [{ type: 'Metal', options: [{ name: 'Gold' }] }] });
  expect(await t.ctx.catalog.leadImage('product', plain.slug)).toBe(SIDE);
});

import { form, pngBytes, startTestApp, type TestApp } from '../../test/harness';
import { storedKeys } from '../../test/s3';

let t: TestApp;
let usd: { _id: string };
let png: Buffer;
let customer: { token: string };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  png = await pngBytes();
  customer = await t.customer();
});
afterAll(() => t.close());

const post = (fd: FormData, token = t.adminToken, url = '/api/product') => t.call('POST', url, { token, raw: fd });

describe('POST /product (multipart)', () => {
  test('creates a product with images, variants, tags; 201; slug unique', async () => {
    const fields = {
      title: 'Rose Halo Ring',
      description: 'A halo ring',
      basePrice: JSON.stringify([{ currType: usd._id, amount: 199.99 }]),
      tags: 'New, ring',
      filterOptions: '[]',
      discounts: '[]',
      variants: JSON.stringify([{ type: 'Size', options: [{ name: '6', isActive: true, inStock: true, incRate: [{ currType: usd._id, amount: 5 }] }] }]),
    };
    const r = await post(form(fields, [{ field: 'images', name: 'a.png', type: 'image/png', data: png }, { field: 'images', name: 'b.png', type: 'image/png', data: png }]));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Rose Halo Ring', slug: 'rose-halo-ring', tags: ['New', 'ring'], isNew: true, basePrice: [{ currType: usd._id, amount: 199.99 }] });
    expect(r.body.imageUrls).toHaveLength(2);
    expect(r.body.imageUrls[0]).toMatch(/^uploads\/[0-9a-f-]+\.png$/);
    expect(r.body.variants[0]).toMatchObject({ type: 'Size', options: [{ name: '6', isActive: true, inStock: true, incRate: [{ currType: usd._id, amount: 5 }] }] });
    const img = await fetch(`${t.url}/${r.body.imageUrls[0]}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('cache-control')).toContain('max-age=31536000');
    // Its copies (each width, and WebP) are made with the upload, before any visitor asks for them.
    const name = r.body.imageUrls[0].replace(/^uploads\//, '');
    const copies = ['160', '320', '480'].flatMap((w) => [`${w}/${name}`, `${w}/${name}.webp`]).concat(`full/${name}.webp`);
    const stored = await storedKeys(t.ctx.files, '.sized/');
    expect(copies.filter((c) => !stored.includes(`.sized/${c}`))).toEqual([]);
    const again = await post(form({ title: 'Rose Halo Ring' }, [{ field: 'images', name: 'c.png', type: 'image/png', data: png }]));
    expect(again.body.slug).toBe('rose-halo-ring-2');
  });

  test('refuses: a .jpg that is really text (415), no title (400), bad JSON (400), unknown currency (400), too large (413), not multipart (415)', async () => {
    const before = await t.fingerprint();
    const files = (await storedKeys(t.ctx.files)).length;
    const fake = await post(form({ title: 'Fake' }, [{ field: 'images', name: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('<?php echo "hi"; ?>') }]));
    expect(fake.status).toBe(415);
    expect(fake.body.message).toMatch(/not a JPEG, PNG or GIF/);
    const mixed = await post(form({ title: 'Mixed' }, [{ field: 'images', name: 'ok.png', type: 'image/png', data: png }, { field: 'images', name: 'bad.gif', type: 'image/gif', data: Buffer.from('GIF') }]));
    expect(mixed.status).toBe(415);
    expect((await post(form({ description: 'x' }))).status).toBe(400);
    expect((await post(form({ title: 'x', basePrice: '{oops' }))).body.message).toMatch(/basePrice must be valid JSON/);
    expect((await post(form({ title: 'x', basePrice: JSON.stringify([{ currType: '00000000-0000-0000-0000-000000000000', amount: 1 }]) }))).status).toBe(400);
    expect((await post(form({ title: 'x', basePrice: JSON.stringify([{ currType: usd._id, amount: -1 }]) }))).status).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await post(form({ title: 'Big' }, [{ field: 'images', name: 'big.png', type: 'image/png', data: big }]))).status).toBe(413);
    expect((await t.call('POST', '/api/product', { token: t.adminToken, body: { title: 'json' } })).status).toBe(415);
    expect(await t.fingerprint()).toBe(before);
    expect((await storedKeys(t.ctx.files)).length).toBe(files);
  });

  test('permissions: anonymous 401, customer 403', async () => {
    expect((await post(form({ title: 'x' }), '')).status).toBe(401);
    expect((await post(form({ title: 'x' }), customer.token)).status).toBe(403);
  });
});

describe('admin product edits', () => {
  let id: string;
  beforeAll(async () => {
    id = (await t.product({ title: 'Editable Chain', basePrice: [{ currType: usd._id, amount: 10 }], imageUrls: ['uploads/a.jpg', 'uploads/b.jpg', 'uploads/c.jpg'] }))._id;
  });

  test('PUT details; the slug stays', async () => {
    const d = await t.discount({ title: 'd', discountType: 'fixed', timeLimit: new Date(Date.now() + 1e8).toISOString(), value: [] });
    const r = await t.call('PUT', `/api/product/${id}`, { token: t.adminToken, body: { title: 'Edited Chain', description: 'new', tags: ['a', ' b ', ''], basePrice: [{ currType: usd._id, amount: 12.5 }], discounts: [d._id] } });
    expect(r.body).toMatchObject({ title: 'Edited Chain', slug: 'editable-chain', description: 'new', tags: ['a', 'b'], basePrice: [{ currType: usd._id, amount: 12.5 }] });
    expect(r.body.discounts.map((x: any) => x._id)).toEqual([d._id]);
    expect((await t.call('PUT', `/api/product/${id}`, { token: t.adminToken, body: { discounts: ['00000000-0000-0000-0000-000000000000'] } })).status).toBe(400);
    expect((await t.call('PUT', `/api/product/00000000-0000-0000-0000-000000000000`, { token: t.adminToken, body: { title: 'x' } })).status).toBe(404);
    expect((await t.call('PUT', `/api/product/${id}`, { token: customer.token, body: { title: 'x' } })).status).toBe(403);
  });

  test('images: add (multipart) and delete by index', async () => {
    const add = await post(form({}, [{ field: 'images', name: 'x.png', type: 'image/png', data: png }]), t.adminToken, `/api/product/${id}/images`);
    expect(add.status).toBe(200);
    expect(add.body.imageUrls).toHaveLength(4);
    const del = await t.call('DELETE', `/api/product/${id}/images/1`, { token: t.adminToken });
    expect(del.body.imageUrls.slice(0, 2)).toEqual(['uploads/a.jpg', 'uploads/c.jpg']);
    expect((await t.call('DELETE', `/api/product/${id}/images/9`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', `/api/product/${id}/images/-1`, { token: t.adminToken })).status).toBe(400);
    expect((await post(form({}), t.adminToken, `/api/product/${id}/images`)).status).toBe(400);
  });

  test('filter options', async () => {
    const f = (await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Metal', filterOptions: [{ name: 'Gold' }] } })).body;
    const r = await t.call('PUT', `/api/product/${id}/filterOptions`, { token: t.adminToken, body: { filterOptionIds: [f.filterOptions[0]._id] } });
    expect(r.body.filterOptions).toEqual([f.filterOptions[0]._id]);
    expect((await t.call('PUT', `/api/product/${id}/filterOptions`, { token: t.adminToken, body: { filterOptionIds: ['00000000-0000-0000-0000-000000000000'] } })).status).toBe(400);
    expect((await t.call('PUT', `/api/product/${id}/filterOptions`, { token: t.adminToken, body: {} })).status).toBe(400);
  });

  test('variants and variant options', async () => {
    const v = await t.call('POST', `/api/product/${id}/variants`, { token: t.adminToken, body: { type: 'Length', options: [{ name: '16"', incRate: [] }] } });
    expect(v.status).toBe(201);
    const variant = v.body.variants[0];
    expect(variant).toMatchObject({ type: 'Length', options: [{ name: '16"', isActive: true, inStock: true, incRate: [] }] }); // no increase anywhere: adds nothing (orders/pricing.ts)
    const renamed = await t.call('PUT', `/api/product/${id}/variants/${variant._id}`, { token: t.adminToken, body: { type: 'Chain length' } });
    expect(renamed.body.variants[0].type).toBe('Chain length');
    const added = await t.call('POST', `/api/product/variant-option/${variant._id}`, { token: t.adminToken, body: { name: '18"', isActive: true, inStock: false, incRate: [{ currType: usd._id, amount: 7 }] } });
    expect(added.status).toBe(201);
    const opt = added.body.variants[0].options[1];
    expect(opt).toMatchObject({ name: '18"', inStock: false, incRate: [{ currType: usd._id, amount: 7 }] });
    const upd = await t.call('PUT', `/api/product/variant-option/${opt._id}`, { token: t.adminToken, body: { name: '18 in', isActive: false, inStock: true, incRate: [{ currType: usd._id, amount: 8 }] } });
    expect(upd.body.variants[0].options[1]).toMatchObject({ name: '18 in', isActive: false, inStock: true, incRate: [{ currType: usd._id, amount: 8 }] });
    expect((await t.call('DELETE', `/api/product/variant-option/${opt._id}`, { token: t.adminToken })).body.variants[0].options).toHaveLength(1);
    expect((await t.call('DELETE', `/api/product/variant-option/${opt._id}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('POST', `/api/product/${id}/variants`, { token: t.adminToken, body: { type: '' } })).status).toBe(400);
    expect((await t.call('DELETE', `/api/product/${id}/variants/${variant._id}`, { token: t.adminToken })).body.variants).toEqual([]);
    expect((await t.call('DELETE', `/api/product/${id}/variants/${variant._id}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('POST', `/api/product/${id}/variants`, { token: customer.token, body: { type: 'x' } })).status).toBe(403);
  });

  test('DELETE /product/:id', async () => {
    expect((await t.call('DELETE', `/api/product/${id}`, { token: customer.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/product/${id}`, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('DELETE', `/api/product/${id}`, { token: t.adminToken })).status).toBe(404);
    // The other products' uploads stay.
    expect((await storedKeys(t.ctx.files)).length).toBeGreaterThan(0);
  });
});

import { startTestApp, within, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const IMAGES = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'];

describe('PUT /product/:productId/images/order (issue 19: the first image is the main photo)', () => {
  test('reorders the images; the storefront and the option photos follow; the audit log records it', async () => {
    const usd = await t.currency('USD', '$');
    const p = await t.product({ title: 'Ordered Ring', basePrice: [{ currType: usd._id, amount: 10 }], imageUrls: IMAGES });
    expect((await t.call('GET', `/api/product/${p._id}`)).body.imageUrls).toEqual(IMAGES);
    const order = ['/uploads/c.jpg', '/uploads/a.jpg', '/uploads/b.jpg'];
    const r = await t.call('PUT', `/api/product/${p._id}/images/order`, { token: t.adminToken, body: { images: order } });
    expect(r.status).toBe(200);
    expect(r.body.imageUrls).toEqual(order);
    // The storefront's kept page follows, as after any product edit.
    expect(await within(5000, async () => (await t.call('GET', `/api/product/${p._id}`)).body.imageUrls[0] === '/uploads/c.jpg')).toBe(true);
    const audit = await t.ctx.db.query<{ entity: string; entity_id: string; after: unknown }>(`SELECT entity, entity_id, after FROM audit_log WHERE entity_id = $1`, [p._id]);
    expect(audit).toEqual([expect.objectContaining({ entity: 'product', after: { title: 'Ordered Ring', imageUrls: order } })]);
    // The same order again writes nothing.
    expect((await t.call('PUT', `/api/product/${p._id}/images/order`, { token: t.adminToken, body: { images: order } })).status).toBe(200);
    expect(await t.ctx.db.query(`SELECT 1 FROM audit_log WHERE entity_id = $1`, [p._id])).toHaveLength(1);
  });

  test('400 unless the body is a permutation of the current images; 404 for no product; nothing changes', async () => {
    const p = await t.product({ title: 'Strict Ring', imageUrls: IMAGES });
    const c = await t.customer();
    const before = await t.fingerprint();
    const put = (images: unknown) => t.call('PUT', `/api/product/${p._id}/images/order`, { token: t.adminToken, body: { images } });
    for (const images of [
      ['/uploads/a.jpg', '/uploads/b.jpg'],
      ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg', '/uploads/c.jpg'],
      ['/uploads/a.jpg', '/uploads/a.jpg', '/uploads/b.jpg'],
      ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/x.jpg'],
      [],
      'a',
      [1, 2, 3],
    ]) {
      const r = await put(images);
      expect(r.status).toBe(400);
      expect(r.body.message).toEqual(expect.any(String));
    }
    expect((await t.call('PUT', `/api/product/${p._id}/images/order`, { token: t.adminToken, body: {} })).status).toBe(400);
    expect((await t.call('PUT', `/api/product/00000000-0000-0000-0000-000000000000/images/order`, { token: t.adminToken, body: { images: IMAGES } })).status).toBe(404);
    expect((await t.call('PUT', `/api/product/${p._id}/images/order`, { token: c.token, body: { images: IMAGES } })).status).toBe(403);
    expect(await t.fingerprint()).toBe(before);
  });
});

import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('admin user management', () => {
  test('POST /user searches by name/email, paginated by 5; customers are refused', async () => {
    for (let i = 0; i < 6; i++) await t.customer(`Searchable Person ${i}`);
    const c = await t.customer('Zed Unique');
    const p1 = await t.call('POST', '/api/user?keyword=searchable&limit=5&page=1', { token: t.adminToken });
    expect(p1.body).toMatchObject({ itemCount: 6, page: 1, limit: 5 });
    expect(p1.body.items).toHaveLength(5);
    expect(p1.body.items[0]).toEqual(expect.objectContaining({ _id: expect.any(String), fullName: expect.any(String), email: expect.any(String), contact: expect.any(String), role: 'customer', isSuperAdmin: false, discounts: [] }));
    expect(JSON.stringify(p1.body)).not.toMatch(/argon|password/i);
    expect((await t.call('POST', '/api/user?keyword=searchable&limit=5&page=2', { token: t.adminToken })).body.items).toHaveLength(1);
    expect((await t.call('POST', `/api/user?keyword=${encodeURIComponent(c.email.toUpperCase())}`, { token: t.adminToken })).body.items.map((u: any) => u._id)).toEqual([c.id]);
    expect((await t.call('POST', '/api/user', { token: t.adminToken })).body.limit).toBe(5);
    expect((await t.call('POST', '/api/user', { token: c.token })).status).toBe(403);
    expect((await t.call('POST', '/api/user')).status).toBe(401);
    expect((await t.call('POST', '/api/user?limit=1000', { token: t.adminToken })).status).toBe(400);
  });

  test('GET /user/:id answers {user, cart, wishlist}', async () => {
    const usd = await t.currency('USD', '$');
    const p = await t.product({ title: 'Seen Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
    const c = await t.customer();
    await t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, quantity: 2 } });
    await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token });
    const r = await t.call('GET', `/api/user/${c.id}`, { token: t.adminToken });
    expect(r.body.user).toMatchObject({ _id: c.id, role: 'customer' });
    expect(r.body.cart[0]).toMatchObject({ quantity: 2, totalPrice: [{ currType: usd._id, amount: 20 }] });
    expect(r.body.wishlist[0]).toMatchObject({ _id: p._id, title: 'Seen Ring' });
    expect((await t.call('GET', `/api/user/00000000-0000-0000-0000-000000000000`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('GET', `/api/user/${c.id}`, { token: c.token })).status).toBe(403);
  });

  test('discounts add/remove on a user', async () => {
    const c = await t.customer();
    const d = await t.discount({ title: 'u', discountType: 'fixed', timeLimit: new Date(Date.now() + 1e8).toISOString(), value: [] });
    expect((await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: t.adminToken, body: { discountId: d._id } })).body.discounts).toEqual([d._id]);
    expect((await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: t.adminToken, body: { discountId: d._id } })).body.discounts).toEqual([d._id]);
    expect((await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: t.adminToken, body: { discountId: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
    expect((await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: c.token, body: { discountId: d._id } })).status).toBe(403);
    expect((await t.call('PATCH', `/api/user/${c.id}/removeDiscount`, { token: t.adminToken, body: { discountId: d._id } })).body.discounts).toEqual([]);
    expect((await t.call('PATCH', `/api/user/${c.id}/removeDiscount`, { token: t.adminToken, body: {} })).status).toBe(400);
  });

  test('change-role and delete need a super admin; a super admin cannot be demoted or deleted', async () => {
    const c = await t.customer('Promoted');
    const superId = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM users WHERE is_super_admin`))!.id;
    expect((await t.call('PUT', `/api/user/${c.id}/change-role`, { token: t.adminToken, body: { newRole: 'admin' } })).status).toBe(403);
    const up = await t.call('PUT', `/api/user/${c.id}/change-role`, { token: t.superToken, body: { newRole: 'admin' } });
    expect(up.body).toMatchObject({ _id: c.id, role: 'admin' });
    expect((await t.call('GET', '/api/report', { token: c.token })).status).toBe(200);
    expect((await t.call('PUT', `/api/user/${c.id}/change-role`, { token: t.superToken, body: { newRole: 'customer' } })).body.role).toBe('customer');
    expect((await t.call('PUT', `/api/user/${c.id}/change-role`, { token: t.superToken, body: { newRole: 'owner' } })).status).toBe(400);
    expect((await t.call('PUT', `/api/user/${superId}/change-role`, { token: t.superToken, body: { newRole: 'customer' } })).status).toBe(403);
    expect((await t.call('DELETE', `/api/user/${superId}`, { token: t.superToken })).status).toBe(403);
    expect((await t.call('DELETE', `/api/user/${c.id}`, { token: t.adminToken })).status).toBe(403);
    expect((await t.call('DELETE', `/api/user/${c.id}`, { token: c.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/user/${c.id}`, { token: t.superToken })).status).toBe(200);
    expect((await t.call('DELETE', `/api/user/${c.id}`, { token: t.superToken })).status).toBe(404);
    const deleted = await t.call('POST', '/api/user/deleted?keyword=promoted&limit=5&page=1', { token: t.adminToken });
    expect(deleted.body).toMatchObject({ itemCount: 1, page: 1, limit: 5 });
    expect(deleted.body.items[0]).toMatchObject({ _id: c.id, fullName: 'Promoted' });
    expect(deleted.body.items[0].deletedAt).toBeTruthy();
    expect((await t.call('POST', '/api/user?keyword=promoted', { token: t.adminToken })).body.itemCount).toBe(0);
    expect((await t.call('POST', '/api/user/deleted', { token: c.token })).status).toBe(401);
  });
});

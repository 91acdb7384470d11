import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /user/:id/restore (issue 19)', () => {
  test('a super admin restores a deleted user, who can log in again; recorded in the audit log', async () => {
    const c = await t.customer('Restored Person');
    expect((await t.call('DELETE', `/api/user/${c.id}`, { token: t.superToken })).status).toBe(200);
    expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).status).not.toBe(200);
    const r = await t.call('POST', `/api/user/${c.id}/restore`, { token: t.superToken });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ _id: c.id, fullName: 'Restored Person', deletedAt: null });
    expect((await t.call('POST', '/api/user?keyword=restored%20person', { token: t.adminToken })).body.itemCount).toBe(1);
    expect((await t.call('POST', '/api/user/deleted?keyword=restored%20person', { token: t.adminToken })).body.itemCount).toBe(0);
    expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).status).toBe(200);
    const audit = await t.ctx.db.query<{ action: string; entity: string; after: unknown }>(`SELECT action, entity, after FROM audit_log WHERE entity_id = $1`, [c.id]);
    expect(audit).toEqual(expect.arrayContaining([{ action: 'restore', entity: 'user', after: { deletedAt: null } }]));
  });

  test('403 for a plain admin and a customer, 404 for a live or unknown user; nothing changes', async () => {
    const c = await t.customer('Still Deleted');
    await t.call('DELETE', `/api/user/${c.id}`, { token: t.superToken });
    const live = await t.customer('Live One');
    const before = await t.fingerprint();
    expect((await t.call('POST', `/api/user/${c.id}/restore`, { token: t.adminToken })).status).toBe(403);
    expect((await t.call('POST', `/api/user/${c.id}/restore`, { token: live.token })).status).toBe(403);
    expect((await t.call('POST', `/api/user/${c.id}/restore`)).status).toBe(401);
    const notDeleted = await t.call('POST', `/api/user/${live.id}/restore`, { token: t.superToken });
    expect(notDeleted.status).toBe(404);
    expect(notDeleted.body.message).toBe('Deleted user not found');
    expect((await t.call('POST', `/api/user/00000000-0000-0000-0000-000000000000/restore`, { token: t.superToken })).status).toBe(404);
    expect((await t.call('POST', `/api/user/not-a-uuid/restore`, { token: t.superToken })).status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
  });
});

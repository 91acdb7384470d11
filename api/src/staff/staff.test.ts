// Issue 42: staff and roles. Invite → set password → sign in; roles with known permissions only; the
// last Owner stays; nobody raises their own role or gives what they do not hold; the super admin
// resets a staff member's two-factor sign-in (audited, e-mailed). Runs on PGlite, and on PostgreSQL
// when DATABASE_URL is set (the harness).
import { PERMISSIONS } from '@shop/contract';
import { insertUser } from '../accounts/queries';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { LAST_OWNER, NOT_YOURS_TO_GIVE, OWN_ROLE } from './service';

let t: TestApp;
let smtp: TestSmtp;
let owner: string;
beforeAll(async () => {
  // A real SMTP server: the invitation's link is in the e-mail delivered only (its secret leaves the outbox when sent).
  smtp = await startSmtp();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, publicUrl: 'http://shop.test', pollMs: 200 } });
  owner = t.superToken;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const roleId = async (key: string) => (await t.ctx.db.one<{ id: string }>(`SELECT id FROM roles WHERE key = $1`, [key]))!.id;
/** A staff member with the role (by id), signed offline. */
async function staffWith(role: string, name = 'Staff Member') {
  const u = await insertUser(t.ctx.db, {
    fullName: name,
    email: `${name.replace(/\W/g, '').toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.local`,
    contact: `66${Math.floor(Math.random() * 1e8)}`,
    passwordHash: '!none',
    role: 'admin',
    roleId: role,
  });
  return { id: u!.id, token: t.ctx.auth.sign(u!.id) };
}

test('the shop starts with five roles; today’s super admin is an Owner, today’s admins Managers', async () => {
  const r = await t.call('GET', '/api/roles', { token: owner });
  expect(r.status).toBe(200);
  expect(r.body.map((x: { name: string }) => x.name)).toEqual(['Owner', 'Manager', 'Catalogue editor', 'Order handler', 'Support']);
  expect(r.body[0].permissions).toEqual([...PERMISSIONS]);
  expect(r.body[1].permissions).toEqual(['catalog', 'orders', 'customers', 'marketing', 'content', 'settings', 'audit']);
  const staff = await t.call('GET', '/api/staff', { token: owner });
  expect(staff.body.find((s: { isSuperAdmin: boolean }) => s.isSuperAdmin)).toMatchObject({ roleName: 'Owner', permissions: [...PERMISSIONS] });
  expect(staff.body.find((s: { fullName: string }) => s.fullName === 'Plain Admin')).toMatchObject({ roleName: 'Manager', isSuperAdmin: false });
  // A Manager holds no 'staff': the staff pages are not theirs.
  expect((await t.call('GET', '/api/staff', { token: t.adminToken })).status).toBe(403);
});

test('roles: an unknown permission is a 400 naming the field; create, rename, delete one no one has', async () => {
  const bad = await t.call('POST', '/api/roles', { token: owner, body: { name: 'Odd', permissions: ['catalog', 'everything'] } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({ permissions: expect.stringContaining('everything') });
  expect((await t.call('GET', '/api/roles', { token: owner })).body.some((r: { name: string }) => r.name === 'Odd')).toBe(false);
  const made = await t.call('POST', '/api/roles', { token: owner, body: { name: 'Photographer', permissions: ['catalog', 'catalog'] } });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ key: null, name: 'Photographer', permissions: ['catalog'], members: 0 });
  expect((await t.call('POST', '/api/roles', { token: owner, body: { name: 'photographer', permissions: [] } })).status).toBe(409);
  const renamed = await t.call('PUT', `/api/roles/${made.body._id}`, { token: owner, body: { name: 'Studio', permissions: ['catalog', 'content'] } });
  expect(renamed.body).toMatchObject({ name: 'Studio', permissions: ['catalog', 'content'] });
  expect((await t.call('PUT', `/api/roles/${await roleId('owner')}`, { token: owner, body: { name: 'Owner', permissions: ['catalog'] } })).status).toBe(409);
  expect((await t.call('DELETE', `/api/roles/${await roleId('support')}`, { token: owner })).status).toBe(409);
  const member = await staffWith(made.body._id);
  expect((await t.call('DELETE', `/api/roles/${made.body._id}`, { token: owner })).status).toBe(409);
  await t.call('DELETE', `/api/staff/${member.id}`, { token: owner });
  expect((await t.call('DELETE', `/api/roles/${made.body._id}`, { token: owner })).status).toBe(200);
  const log = await t.call('GET', '/api/audit-log?entity=role', { token: owner });
  expect(log.body.items.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
});

test('invite → the set-password link through the outbox → sign in with the role given', async () => {
  const invited = await t.call('POST', '/api/staff', { token: owner, body: { email: 'new.hire@test.local', fullName: 'New Hire', roleId: await roleId('support') } });
  expect(invited.status).toBe(201);
  expect(invited.body).toMatchObject({ fullName: 'New Hire', roleName: 'Support', permissions: ['orders', 'customers', 'content'], invited: true, twoFactor: false, suspended: false });
  // No password works before the link is used.
  expect((await t.call('POST', '/api/user/login', { body: { uid: 'new.hire@test.local', password: '!invited' } })).status).toBe(401);
  const mail = await t.ctx.db.one<{ message: { kind: string; setPasswordUrl: string; roleName: string } }>(
    `SELECT message FROM mail_outbox WHERE to_address = 'new.hire@test.local' AND kind = 'staff-invite'`,
  );
  expect(mail!.message).toMatchObject({ roleName: 'Support', setPasswordUrl: expect.stringContaining('/reset-password?token=[redacted]') });
  const delivered = () => smtp.mails.find((m) => JSON.stringify(m.to).includes('new.hire@test.local'));
  expect(await within(15_000, () => !!delivered())).toBe(true);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(delivered()!.text ?? '')![1];
  expect((await t.call('POST', '/api/user/reset-password', { body: { token, password: 'a-good-new-password' } })).status).toBe(200);
  const signIn = await t.call('POST', '/api/user/login', { body: { uid: 'new.hire@test.local', password: 'a-good-new-password' } });
  expect(signIn.body).toMatchObject({ role: 'admin', isSuperAdmin: false, permissions: ['orders', 'customers', 'content'] });
  expect((await t.call('GET', '/api/staff', { token: owner })).body.find((s: { email: string }) => s.email === 'new.hire@test.local').invited).toBe(false);
  // The same e-mail again: refused, nothing more written.
  expect((await t.call('POST', '/api/staff', { token: owner, body: { email: 'NEW.HIRE@test.local', fullName: 'Again', roleId: await roleId('support') } })).status).toBe(409);
  const audit = await t.call('GET', '/api/audit-log?entity=staff', { token: owner });
  expect(audit.body.items.find((e: { action: string; after: { email?: string } | null }) => e.action === 'create' && e.after?.email === 'new.hire@test.local')).toMatchObject({ action: 'create', actor: { fullName: 'Shop Admin' }, after: { email: 'new.hire@test.local', role: 'Support' } });
});

test('nobody raises their own role or gives what they do not hold', async () => {
  const lead = await t.call('POST', '/api/roles', { token: owner, body: { name: 'Team lead', permissions: ['staff', 'orders'] } });
  const me = await staffWith(lead.body._id, 'Lead Person');
  const raise = await t.call('PATCH', `/api/staff/${me.id}`, { token: me.token, body: { roleId: await roleId('owner') } });
  expect(raise.status).toBe(403);
  const widen = await t.call('PUT', `/api/roles/${lead.body._id}`, { token: me.token, body: { name: 'Team lead', permissions: ['staff', 'orders', 'catalog'] } });
  expect(widen.status).toBe(403);
  expect(widen.body.message).toBe(NOT_YOURS_TO_GIVE);
  const someone = await staffWith(await roleId('support'), 'Support Person');
  expect((await t.call('PATCH', `/api/staff/${someone.id}`, { token: me.token, body: { roleId: await roleId('manager') } })).status).toBe(403);
  expect((await t.call('POST', '/api/staff', { token: me.token, body: { email: 'x@test.local', fullName: 'X', roleId: await roleId('owner') } })).status).toBe(403);
  expect((await t.call('POST', '/api/roles', { token: me.token, body: { name: 'Sneaky', permissions: ['releases'] } })).status).toBe(403);
  // Even an Owner: not their own role.
  const selfOwner = await t.call('GET', '/api/staff', { token: owner });
  const ownerId = selfOwner.body.find((s: { isSuperAdmin: boolean }) => s.isSuperAdmin)._id;
  const own = await t.call('PATCH', `/api/staff/${ownerId}`, { token: owner, body: { roleId: await roleId('manager') } });
  expect(own.status).toBe(403);
  expect(own.body.message).toBe(OWN_ROLE);
  expect((await t.call('GET', '/api/roles', { token: owner })).body.find((r: { _id: string }) => r._id === lead.body._id).permissions).toEqual(['orders', 'staff']);
});

test('the last Owner cannot be removed, suspended or given another role', async () => {
  const all = await t.call('POST', '/api/roles', { token: owner, body: { name: 'Co-owner', permissions: [...PERMISSIONS] } });
  const co = await staffWith(all.body._id, 'Co Owner');
  const ownerId = (await t.call('GET', '/api/staff', { token: owner })).body.find((s: { isSuperAdmin: boolean }) => s.isSuperAdmin)._id;
  for (const [method, body] of [
    ['DELETE', undefined],
    ['PATCH', { suspended: true }],
    ['PATCH', { roleId: await roleId('manager') }],
  ] as const) {
    const r = await t.call(method, `/api/staff/${ownerId}`, { token: co.token, body });
    expect({ status: r.status, message: r.body.message }).toEqual({ status: 409, message: LAST_OWNER });
  }
  expect((await t.call('GET', '/api/roles', { token: owner })).body[0].members).toBe(1);
  // With a second Owner, one of them may go.
  const second = await staffWith(await roleId('owner'), 'Second Owner');
  expect((await t.call('PATCH', `/api/staff/${second.id}`, { token: co.token, body: { suspended: true } })).status).toBe(200);
  expect((await t.call('GET', '/api/cart', { token: second.token })).status).toBe(401); // suspended: signed out
  expect((await t.call('DELETE', `/api/staff/${second.id}`, { token: co.token })).status).toBe(200);
});

test('the super admin resets a staff member’s two-factor sign-in: audited, e-mailed, sessions ended', async () => {
  const m = await staffWith(await roleId('manager'), 'Locked Out');
  await t.ctx.db.query(`UPDATE users SET totp_secret = 'v1.x.y.z', totp_enabled_at = now() WHERE id = $1`, [m.id]);
  expect((await t.call('POST', `/api/staff/${m.id}/2fa/reset`, { token: t.adminToken })).status).toBe(403);
  const co = await staffWith((await t.call('GET', '/api/roles', { token: owner })).body.find((r: { name: string }) => r.name === 'Co-owner')._id, 'Not Super');
  expect((await t.call('POST', `/api/staff/${m.id}/2fa/reset`, { token: co.token })).status).toBe(403);
  const r = await t.call('POST', `/api/staff/${m.id}/2fa/reset`, { token: owner });
  expect(r.status).toBe(200);
  expect((await t.call('GET', '/api/cart', { token: m.token })).status).toBe(401);
  const row = await t.ctx.db.one<{ totp_secret: string | null }>(`SELECT totp_secret FROM users WHERE id = $1`, [m.id]);
  expect(row!.totp_secret).toBeNull();
  expect(await t.ctx.db.one(`SELECT 1 FROM mail_outbox WHERE kind = 'two-factor-reset' AND message->>'fullName' = 'Locked Out'`)).toBeDefined();
  const log = await t.call('GET', '/api/audit-log?entity=staff', { token: owner });
  expect(log.body.items[0]).toMatchObject({ action: 'update', actor: { fullName: 'Shop Admin' }, after: { twoFactor: false } });
  expect((await t.call('POST', `/api/staff/${m.id}/2fa/reset`, { token: owner })).status).toBe(409);
});

import { createDecoder, createSigner } from 'fast-jwt';
import { startTestApp, type TestApp } from '../test/harness';
import { WRONG_CURRENT_PASSWORD } from './service';

// Issue 18, accounts: sessions that can end (logout, a password change), and the profile.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = async (uid: string, password: string) => {
  const r = await t.call('POST', '/api/user/login', { body: { uid, password } });
  expect(r.status).toBe(200);
  return r.body.token as string;
};
const cart = (token: string) => t.call('GET', '/api/cart', { token }).then((r) => r.status);

test('login and register sign a token naming an open session', async () => {
  const c = await t.customer();
  const token = await login(c.email, c.password);
  const { sid, sub } = createDecoder()(token);
  expect(sub).toBe(c.id);
  const row = await t.ctx.db.one<{ user_id: string; revoked_at: Date | null; hours: number }>(
    `SELECT user_id, revoked_at, round(extract(epoch FROM expires_at - created_at) / 3600) AS hours FROM user_sessions WHERE id = $1`,
    [sid],
  );
  expect(row).toMatchObject({ user_id: c.id, revoked_at: null });
  expect(Number(row!.hours)).toBe(24);
  const reg = await t.call('POST', '/api/user/register', { body: { fullName: 'Nell New', email: 'nell@example.com', contact: '5557770001', password: 'long-enough' } });
  expect(reg.status).toBe(201);
  expect(await t.ctx.db.one(`SELECT 1 FROM user_sessions WHERE id = $1`, [createDecoder()(reg.body.token).sid])).toBeDefined();
  // The welcome e-mail was written with the account.
  const welcome = await t.ctx.db.one<{ message: unknown; to_address: string }>(`SELECT message, to_address FROM mail_outbox WHERE idempotency_key = $1`, [`welcome:${reg.body._id}`]);
  expect(welcome).toEqual({ message: { kind: 'welcome', fullName: 'Nell New', locale: 'en' }, to_address: 'nell@example.com' });
});

test('logout: 204, that token is 401 everywhere after, other sessions go on', async () => {
  const c = await t.customer();
  const a = await login(c.email, c.password);
  const b = await login(c.email, c.password);
  expect((await t.call('POST', '/api/user/logout', { token: a })).status).toBe(204);
  for (const [method, path] of [['GET', '/api/cart'], ['GET', '/api/wishlist'], ['GET', '/api/user/addresses'], ['GET', '/api/user/me'], ['POST', '/api/user/logout']]) {
    const r = await t.call(method, path, { token: a });
    expect(r.status).toBe(401);
    expect(typeof r.body.message).toBe('string');
  }
  expect(await cart(b)).toBe(200);
  expect((await t.call('POST', '/api/user/logout')).status).toBe(401);
});

test('a token naming a session that does not exist, or another user’s, is 401', async () => {
  const c = await t.customer();
  const other = await t.customer();
  const sign = createSigner({ key: 'test-secret', algorithm: 'HS256' });
  const otherSid = createDecoder()(await login(other.email, other.password)).sid;
  expect(await cart(sign({ sub: c.id, sid: '00000000-0000-4000-8000-000000000000' }))).toBe(401);
  expect(await cart(sign({ sub: c.id, sid: otherSid }))).toBe(401);
  expect(await cart(sign({ sub: c.id, sid: 'not-a-uuid' }))).toBe(401);
  expect(await cart(sign({ sub: c.id }))).toBe(200); // no session: the bench's and crash test's tokens
});

test('a password change keeps the session used, ends every other one and older tokens without a session', async () => {
  const c = await t.customer();
  const here = await login(c.email, c.password);
  const elsewhere = await login(c.email, c.password);
  const offline = createSigner({ key: 'test-secret', algorithm: 'HS256' })({ sub: c.id });
  await new Promise((r) => setTimeout(r, 1100)); // the offline token is from a whole second before the change

  const wrong = await t.call('PUT', '/api/user/me/password', { token: here, body: { currentPassword: 'not-it-at-all', newPassword: 'next-secret-1' } });
  expect(wrong).toMatchObject({ status: 400, body: { message: WRONG_CURRENT_PASSWORD } });
  expect((await t.call('PUT', '/api/user/me/password', { token: here, body: { currentPassword: c.password, newPassword: 'short' } })).status).toBe(400);
  expect(await cart(elsewhere)).toBe(200); // nothing changed yet

  const ok = await t.call('PUT', '/api/user/me/password', { token: here, body: { currentPassword: c.password, newPassword: 'next-secret-1' } });
  expect(ok.status).toBe(200);
  expect(await cart(here)).toBe(200);
  expect(await cart(elsewhere)).toBe(401);
  expect(await cart(offline)).toBe(401);
  expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).status).toBe(401);
  await login(c.email, 'next-secret-1');
});

test('wrong current passwords count as failed logins of the account: 429 past the limit', async () => {
  const limited = await startTestApp({ authRateLimit: { max: 2, windowMs: 60_000 } });
  try {
    const c = await limited.customer();
    const token = (await limited.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).body.token;
    const change = (currentPassword: string) => limited.call('PUT', '/api/user/me/password', { token, body: { currentPassword, newPassword: 'next-secret-1' } });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await change(`guess-${i}-long`)).status);
    expect(codes).toEqual([400, 400, 400, 429]);
    expect((await change(c.password)).status).toBe(429);
  } finally {
    await limited.close();
  }
});

describe('profile', () => {
  test('GET /user/me, then PUT /user/me changes full name and contact (trimmed); the header name follows', async () => {
    const c = await t.customer('Pia Profile');
    const me = await t.call('GET', '/api/user/me', { token: c.token });
    expect(me.body).toMatchObject({ _id: c.id, fullName: 'Pia Profile', email: c.email, role: 'customer', isSuperAdmin: false });
    expect(JSON.stringify(me.body)).not.toMatch(/password|argon/i);
    const r = await t.call('PUT', '/api/user/me', { token: c.token, body: { fullName: '  Pia Changed ', contact: ' +1 (555) 010-4242 ' } });
    expect(r).toMatchObject({ status: 200, body: { _id: c.id, fullName: 'Pia Changed', contact: '+1 (555) 010-4242', email: c.email } });
    expect((await t.call('GET', '/api/user/me', { token: c.token })).body.fullName).toBe('Pia Changed');
    // Login by the new contact.
    expect((await t.call('POST', '/api/user/login', { body: { uid: '+1 (555) 010-4242', password: c.password } })).status).toBe(200);
    // Keeping one's own contact is no conflict.
    expect((await t.call('PUT', '/api/user/me', { token: c.token, body: { fullName: 'Pia Again', contact: '+1 (555) 010-4242' } })).status).toBe(200);
  });

  test("another account's contact is 409 as at registration; invalid values are 400; nothing changes", async () => {
    const c = await t.customer('Quinn Keep');
    const other = await t.customer();
    const otherContact = (await t.call('GET', '/api/user/me', { token: other.token })).body.contact;
    expect(await t.call('PUT', '/api/user/me', { token: c.token, body: { fullName: 'Quinn', contact: otherContact } })).toMatchObject({ status: 409, body: { message: 'User already exists' } });
    for (const body of [{}, { fullName: '   ', contact: '5550001111' }, { fullName: 'Quinn', contact: 'call me' }, { fullName: 'x'.repeat(101), contact: '5550001111' }]) {
      const r = await t.call('PUT', '/api/user/me', { token: c.token, body });
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await t.call('GET', '/api/user/me', { token: c.token })).body.fullName).toBe('Quinn Keep');
    expect((await t.call('PUT', '/api/user/me', { body: { fullName: 'Anon', contact: '5550001111' } })).status).toBe(401);
  });
});

import crypto from 'node:crypto';
import { createDecoder } from 'fast-jwt';
import { TWO_FACTOR_SETUP_REQUIRED } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import { codeAt, codeAtStep, matchingStep, newTotpSecret, stepOf, TOTP_PERIOD_S } from './totp';

// Issue 42: two-factor sign-in (TOTP), its recovery codes, the new-device e-mail and Profile → Sessions.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the harness).

describe('TOTP against RFC 6238 appendix B', () => {
  // The RFC's seeds: the ASCII of "12345678901234567890" repeated to the hash's key size, 8 digits.
  const seed = (length: number) => Buffer.from('12345678901234567890'.repeat(4).slice(0, length), 'ascii');
  const base32 = (bytes: Buffer) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    let bits = '';
    for (const b of bytes) bits += b.toString(2).padStart(8, '0');
    let out = '';
    for (let i = 0; i < bits.length; i += 5) out += alphabet[Number.parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
    return out;
  };
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  test.each(vectors)('T = %i s', (seconds, sha1, sha256, sha512) => {
    expect(codeAt(base32(seed(20)), seconds * 1000, 8, 'SHA1')).toBe(sha1);
    expect(codeAt(base32(seed(32)), seconds * 1000, 8, 'SHA256')).toBe(sha256);
    expect(codeAt(base32(seed(64)), seconds * 1000, 8, 'SHA512')).toBe(sha512);
  });

  test('a code holds for its step and the ones beside it, once, and never for an earlier step than the last used', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const step = stepOf(now);
    for (const s of [step - 1, step, step + 1]) expect(matchingStep(secret, codeAtStep(secret, s), now, -1)).toBe(s);
    expect(matchingStep(secret, codeAtStep(secret, step - 2), now, -1)).toBeNull();
    expect(matchingStep(secret, codeAtStep(secret, step + 2), now, -1)).toBeNull();
    expect(matchingStep(secret, codeAtStep(secret, step), now, step)).toBeNull(); // replayed
    expect(matchingStep(secret, codeAtStep(newTotpSecret(), step), now, -1)).toBeNull(); // another account's
    expect(matchingStep(secret, '12345', now, -1)).toBeNull();
  });

  test('a wrong code is checked as a right one is: every step of the window, each in constant time, no early exit', () => {
    // Counted rather than timed (a timing test fails on a loaded host): the same constant-time comparisons,
    // whatever the code, so its answer's time tells nothing of how close a guess was.
    const secret = newTotpSecret();
    const now = Date.now();
    const right = codeAtStep(secret, stepOf(now));
    const wrong = right === '000000' ? '111111' : '000000';
    const compared = (code: string) => {
      const spy = jest.spyOn(crypto, 'timingSafeEqual');
      try {
        matchingStep(secret, code, now, -1);
        return spy.mock.calls.map(([a, b]) => [a.byteLength, b.byteLength]);
      } finally {
        spy.mockRestore();
      }
    };
    const window = compared(right);
    expect(window).toHaveLength(3);
    expect(new Set(window.flat()).size).toBe(1);
    expect(compared(wrong)).toEqual(compared(right));
    expect(compared('12345')).toEqual(compared(right));
  });
});

/** Waits, if needed, until at least 6 s of the current 30 s step remain (a test's codes stay in the steps it meant). */
async function freshStep() {
  const into = (Date.now() / 1000) % TOTP_PERIOD_S;
  if (into > TOTP_PERIOD_S - 6) await new Promise((r) => setTimeout(r, (TOTP_PERIOD_S - into + 0.2) * 1000));
}
/** The code of the step `offset` steps from now. */
const code = (secret: string, offset = 0) => codeAtStep(secret, stepOf(Date.now()) + offset);

describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = (uid: string, password: string, headers: Record<string, string> = {}) => t.call('POST', '/api/user/login', { body: { uid, password }, headers });
  const tokenOf = async (uid: string, password: string) => (await login(uid, password)).body.token as string;

  /** A customer with two-factor sign-in on: its secret and recovery codes. */
  async function withTwoFactor() {
    const c = await t.customer();
    const token = await tokenOf(c.email, c.password);
    const setup = await t.call('POST', '/api/user/me/2fa/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Aurelia%20Jewels:.*\?.*secret=/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await freshStep();
    const confirm = await t.call('POST', '/api/user/me/2fa/confirm', { token, body: { code: code(setup.body.secret, -1) } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    for (const rc of confirm.body.recoveryCodes) expect(rc).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    return { ...c, token, secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
  }

  test('setup, confirm: the secret is kept sealed, the recovery codes hashed, the profile says so', async () => {
    const c = await withTwoFactor();
    const row = await t.ctx.db.one<{ totp_secret: string; totp_pending: string | null }>(`SELECT totp_secret, totp_pending FROM users WHERE id = $1`, [c.id]);
    expect(row!.totp_pending).toBeNull();
    expect(row!.totp_secret).not.toContain(c.secret);
    expect(t.ctx.totpSecrets.open(row!.totp_secret)).toBe(c.secret);
    const hashes = await t.ctx.db.query<{ code_hash: string }>(`SELECT code_hash FROM recovery_codes WHERE user_id = $1`, [c.id]);
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);
    const me = await t.call('GET', '/api/user/me', { token: c.token });
    expect(me.body).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10, permissions: [], role: 'customer', isSuperAdmin: false });
    // Set up again while on: refused.
    expect((await t.call('POST', '/api/user/me/2fa/setup', { token: c.token })).status).toBe(409);
  });

  test('a wrong confirming code is a 400 naming the field, and nothing is turned on', async () => {
    const c = await t.customer();
    const token = await tokenOf(c.email, c.password);
    const setup = await t.call('POST', '/api/user/me/2fa/setup', { token });
    const wrong = code(setup.body.secret) === '000000' ? '111111' : '000000';
    const r = await t.call('POST', '/api/user/me/2fa/confirm', { token, body: { code: wrong } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('code');
    expect((await t.call('GET', '/api/user/me', { token })).body.twoFactor).toBe(false);
    expect((await t.call('POST', '/api/user/me/2fa/confirm', { token, body: { code: 'abc' } })).status).toBe(400);
  });

  test('sign-in with a code: a challenge first (no session), then the usual answer; the code cannot be used again', async () => {
    const c = await withTwoFactor();
    const first = await login(c.email, c.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const sessionsBefore = (await t.call('GET', '/api/user/me/sessions', { token: c.token })).body.length;
    const ok = await t.call('POST', '/api/user/login/2fa', { body: { challenge: first.body.challenge, code: code(c.secret) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ fullName: c.fullName, role: 'customer', isSuperAdmin: false, permissions: [] });
    expect((await t.call('GET', '/api/cart', { token: ok.body.token })).status).toBe(200);
    expect((await t.call('GET', '/api/user/me/sessions', { token: c.token })).body.length).toBe(sessionsBefore + 1);
    // The challenge is used up.
    const again = await t.call('POST', '/api/user/login/2fa', { body: { challenge: first.body.challenge, code: code(c.secret, 1) } });
    expect(again.status).toBe(401);
    // A replayed code, with a new challenge: refused.
    const second = await login(c.email, c.password);
    const replay = await t.call('POST', '/api/user/login/2fa', { body: { challenge: second.body.challenge, code: code(c.secret) } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/not right/);
    // The next step's code works with that challenge (a failure does not use it up).
    expect((await t.call('POST', '/api/user/login/2fa', { body: { challenge: second.body.challenge, code: code(c.secret, 1) } })).status).toBe(200);
  });

  test("a challenge with another account's code, an unknown or expired challenge: 401, nothing opened", async () => {
    const a = await withTwoFactor();
    const b = await withTwoFactor();
    const challenge = (await login(a.email, a.password)).body.challenge;
    const sessions = async () => Number((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM user_sessions WHERE user_id = $1`, [a.id]))!.n);
    const before = await sessions();
    expect((await t.call('POST', '/api/user/login/2fa', { body: { challenge, code: code(b.secret) } })).status).toBe(401);
    expect((await t.call('POST', '/api/user/login/2fa', { body: { challenge: 'no-such-challenge', code: code(a.secret) } })).status).toBe(401);
    await t.ctx.db.query(`UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [a.id]);
    const expired = await t.call('POST', '/api/user/login/2fa', { body: { challenge, code: code(a.secret) } });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    expect(await sessions()).toBe(before);
    // Neither or both of code and recoveryCode: a 400 naming the field.
    const neither = await t.call('POST', '/api/user/login/2fa', { body: { challenge } });
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toHaveProperty('code');
  });

  test('sign-in with a recovery code: each works once, in any case and without its dash', async () => {
    const c = await withTwoFactor();
    const [one, two] = c.recoveryCodes;
    const challenge = async () => (await login(c.email, c.password)).body.challenge;
    const ok = await t.call('POST', '/api/user/login/2fa', { body: { challenge: await challenge(), recoveryCode: one } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    expect((await t.call('POST', '/api/user/login/2fa', { body: { challenge: await challenge(), recoveryCode: one } })).status).toBe(401);
    expect((await t.call('POST', '/api/user/login/2fa', { body: { challenge: await challenge(), recoveryCode: two.replace('-', '').toLowerCase() } })).status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: c.token })).body.recoveryCodesLeft).toBe(8);
  });

  test('turning it off and new recovery codes need the password and a code', async () => {
    const c = await withTwoFactor();
    await freshStep();
    const wrongPassword = await t.call('DELETE', '/api/user/me/2fa', { token: c.token, body: { password: 'not-my-password', code: code(c.secret) } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fields).toHaveProperty('password');
    const renewed = await t.call('POST', '/api/user/me/2fa/recovery-codes', { token: c.token, body: { password: c.password, code: code(c.secret) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    // The old codes stopped working; a new one turns it off.
    const old = await t.call('DELETE', '/api/user/me/2fa', { token: c.token, body: { password: c.password, code: c.recoveryCodes[0] } });
    expect(old.status).toBe(400);
    expect(old.body.fields).toHaveProperty('code');
    const off = await t.call('DELETE', '/api/user/me/2fa', { token: c.token, body: { password: c.password, code: renewed.body.recoveryCodes[0] } });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: c.token })).body).toMatchObject({ twoFactor: false, recoveryCodesLeft: 0 });
    expect((await login(c.email, c.password)).body.token).toEqual(expect.any(String));
  });

  test('a sign-in from a new device e-mails the owner, whose link ends that session; Profile, Sessions lists and ends', async () => {
    const c = await t.customer();
    const firstDevice = await login(c.email, c.password, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' });
    const cookie = firstDevice.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^aj_device=[\w-]+; Path=\/api\/user; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const device = cookie.split(';')[0];
    // The same device again: no e-mail; the first device of an account: none either.
    await login(c.email, c.password, { cookie: device });
    const mails = () => t.ctx.db.query<{ message: any; secret: string | null }>(`SELECT message, secret FROM mail_outbox WHERE to_address = $1 AND kind = 'new-device'`, [c.email]);
    expect(await mails()).toEqual([]);
    const other = await login(c.email, c.password, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].message).toMatchObject({ kind: 'new-device', device: 'Safari on iOS', network: '127.0.0.0/24', endUrl: expect.stringContaining('/api/user/sessions/end?token=[redacted]') });
    const list = await t.call('GET', '/api/user/me/sessions', { token: firstDevice.body.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ current: true, device: 'Firefox on Windows', network: '127.0.0.0/24' });
    expect(list.body.filter((s: { device: string }) => s.device === 'Safari on iOS')).toHaveLength(1);
    // The e-mail's link (its token: the session, sealed) ends the new device's session.
    const token = encodeURIComponent(t.ctx.mailSecrets.seal(createDecoder()(other.body.token).sid));
    const page = await t.call('GET', `/api/user/sessions/end?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await t.call('GET', '/api/cart', { token: other.body.token })).status).toBe(401);
    expect((await t.call('GET', '/api/user/sessions/end?token=forged')).status).toBe(400);
    // End one (another account's session id is not found), then all others.
    const third = await tokenOf(c.email, c.password);
    const thirdSid = createDecoder()(third).sid;
    const stranger = await t.customer();
    expect((await t.call('DELETE', `/api/user/me/sessions/${thirdSid}`, { token: await tokenOf(stranger.email, stranger.password) })).status).toBe(404);
    expect((await t.call('DELETE', `/api/user/me/sessions/${thirdSid}`, { token: firstDevice.body.token })).status).toBe(204);
    expect((await t.call('GET', '/api/cart', { token: third })).status).toBe(401);
    const fourth = await tokenOf(c.email, c.password);
    const ended = await t.call('DELETE', '/api/user/me/sessions', { token: firstDevice.body.token });
    expect(ended.body.ended).toBeGreaterThanOrEqual(2);
    expect((await t.call('GET', '/api/cart', { token: fourth })).status).toBe(401);
    expect((await t.call('GET', '/api/cart', { token: firstDevice.body.token })).status).toBe(200);
  });
});

describe('failures count with the login limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  test("past the account's failures from this address, even the right code is refused (429)", async () => {
    const c = await t.customer();
    const token = (await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).body.token;
    const { secret } = (await t.call('POST', '/api/user/me/2fa/setup', { token })).body;
    await freshStep();
    expect((await t.call('POST', '/api/user/me/2fa/confirm', { token, body: { code: code(secret, -1) } })).status).toBe(200);
    const challenge = (await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).body.challenge;
    const wrong = code(secret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.call('POST', '/api/user/login/2fa', { body: { challenge, code: wrong } })).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const right = await t.call('POST', '/api/user/login/2fa', { body: { challenge, code: code(secret) } });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('ADMIN_2FA_REQUIRED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminTwoFactorRequired: true });
  });
  afterAll(() => t.close());

  test('staff without two-factor sign-in are sent to set it up, and every back-office call is a 403 until they have', async () => {
    const admin = await t.admin('Fresh Manager');
    const signIn = await t.call('POST', '/api/user/login', { body: { uid: admin.email, password: admin.password } });
    expect(signIn.body).toMatchObject({ role: 'admin', twoFactorSetupRequired: true, permissions: [] });
    const token = signIn.body.token;
    const refused = await t.call('GET', '/api/discounts', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(TWO_FACTOR_SETUP_REQUIRED);
    // As a customer would, they see only their own orders meanwhile.
    expect((await t.call('GET', '/api/order?page=1', { token })).body.itemCount).toBe(0);
    const setup = await t.call('POST', '/api/user/me/2fa/setup', { token });
    await freshStep();
    expect((await t.call('POST', '/api/user/me/2fa/confirm', { token, body: { code: code(setup.body.secret, -1) } })).status).toBe(200);
    expect((await t.call('GET', '/api/discounts', { token })).status).toBe(200);
    // Staff cannot turn it off while it is required.
    const off = await t.call('DELETE', '/api/user/me/2fa', { token, body: { password: admin.password, code: code(setup.body.secret) } });
    expect(off.status).toBe(409);
    // Customers are not asked.
    const c = await t.customer();
    const customer = await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } });
    expect(customer.body.twoFactorSetupRequired).toBeUndefined();
  });
});

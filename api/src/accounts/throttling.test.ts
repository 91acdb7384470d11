import { trustProxyFrom } from '../settings';
import { ACCOUNT_CEILING_FACTOR, ACCOUNT_SLOWDOWN_MS } from '../lib/ratelimit';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 16, finding 5 (and issue 34 #4): login throttling counts failures, per IP, per account and
// address, and per account (a ceiling that slows, never locks), and the client's
// IP is read through a trusted proxy (TRUST_PROXY). Behind one load balancer, shoppers are told apart
// by X-Forwarded-For; a throttled address still lets a correct password in.

const MAX = 3;
let proxied: TestApp;
let direct: TestApp;
beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestApp({ trustProxy: true, authRateLimit: { max: MAX, windowMs: 60_000 } }),
    startTestApp({ trustProxy: false, authRateLimit: { max: MAX, windowMs: 60_000 } }),
  ]);
});
afterAll(() => Promise.all([proxied.close(), direct.close()]));

const login = (t: TestApp, from: string, uid: string, password: string) =>
  t.call('POST', '/api/user/login', { body: { uid, password }, headers: { 'x-forwarded-for': from } });

test('successful logins count nowhere: many shoppers behind one proxy address all get in', async () => {
  const shopper = await proxied.customer();
  const codes = [];
  for (let i = 0; i < 4 * MAX; i++) codes.push((await login(proxied, '198.51.100.1', shopper.email, shopper.password)).status);
  expect(codes).toEqual(Array(4 * MAX).fill(200));
});

test('an address over its failures: wrong passwords get 429, a correct one still gets in; other addresses are untouched', async () => {
  const shopper = await proxied.customer();
  const codes = [];
  // Failures spread over accounts, so only the address's count grows.
  for (let i = 0; i <= MAX; i++) codes.push((await login(proxied, '203.0.113.7', `nobody${i}@shop.test`, 'wrong-password')).status);
  expect(codes).toEqual([401, 401, 401, 401]);
  const throttled = await login(proxied, '203.0.113.7', 'nobody-else@shop.test', 'wrong-password');
  expect(throttled.status).toBe(429);
  expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(throttled.body.message).toBe('Too many attempts. Please try again later.');
  expect((await login(proxied, '203.0.113.7', shopper.email, shopper.password)).status).toBe(200);
  expect((await login(proxied, '203.0.113.7', shopper.email, 'wrong-password')).status).toBe(429);
  expect((await login(proxied, '203.0.113.8', 'nobody@shop.test', 'wrong-password')).status).toBe(401);
});

test("failures from other addresses never lock the owner out: the account is refused only from the addresses that failed (issue 34 #4)", async () => {
  const target = await proxied.customer();
  // One address guesses past its limit: that address is refused, even with the right password.
  for (let i = 0; i <= MAX; i++) expect((await login(proxied, '192.0.2.10', target.email, 'guess-' + i)).status).toBe(401);
  const refused = await login(proxied, '192.0.2.10', target.email, target.password);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  // Others guess too, each a little; the owner, elsewhere, gets in with the right password.
  for (let i = 0; i <= MAX; i++) expect((await login(proxied, `192.0.2.${i + 20}`, target.email, 'guess-' + i)).status).toBe(401);
  expect((await login(proxied, '192.0.2.200', target.email, target.password)).status).toBe(200);
  // Another account from the locked address is not affected.
  const other = await proxied.customer();
  expect((await login(proxied, '192.0.2.10', other.email, other.password)).status).toBe(200);
});

test("past the account's ceiling (ten times an address's failures, from many addresses) every attempt is slowed, none refused, and the owner is e-mailed once", async () => {
  const target = await proxied.customer('Sam Targeted');
  const ceiling = MAX * ACCOUNT_CEILING_FACTOR;
  const mails = () => proxied.ctx.db.query(`SELECT kind FROM mail_outbox WHERE to_address = $1 AND kind = 'login-attempts'`, [target.email]);
  for (let i = 0; i < ceiling; i++) expect((await login(proxied, `198.18.${i}.1`, target.email, 'guess-' + i)).status).toBe(401);
  expect(await mails()).toEqual([]);
  const timed = async (from: string, uid: string, password: string) => {
    const started = Date.now();
    const { status } = await login(proxied, from, uid, password);
    return { status, ms: Date.now() - started };
  };
  expect((await timed('198.18.200.1', target.email, 'one-too-many')).status).toBe(401); // the one past the ceiling
  expect(await mails()).toEqual([{ kind: 'login-attempts' }]);
  const owner = await timed('198.18.201.1', target.email, target.password);
  expect(owner.status).toBe(200);
  expect(owner.ms).toBeGreaterThanOrEqual(ACCOUNT_SLOWDOWN_MS - 50);
  const guess = await timed('198.18.202.1', target.email, 'still-guessing');
  expect(guess).toMatchObject({ status: 401 });
  expect(guess.ms).toBeGreaterThanOrEqual(ACCOUNT_SLOWDOWN_MS - 50);
  // Once a window: more failures add no e-mail. Another account is not slowed.
  expect(await mails()).toEqual([{ kind: 'login-attempts' }]);
  const other = await proxied.customer();
  expect((await timed('198.18.203.1', other.email, other.password)).ms).toBeLessThan(ACCOUNT_SLOWDOWN_MS / 2);
});

test("an account's failures are counted once whatever name it is tried under (email in any case, contact number)", async () => {
  const target = await proxied.customer();
  const { contact } = (await proxied.ctx.db.one<{ contact: string }>(`SELECT contact FROM users WHERE id = $1`, [target.id]))!;
  const names = [target.email, target.email.toUpperCase(), contact, ` ${target.email} `];
  for (let i = 0; i <= MAX; i++) expect((await login(proxied, '192.0.2.100', names[i % names.length], 'guess-' + i)).status).toBe(401);
  expect((await login(proxied, '192.0.2.100', contact, target.password)).status).toBe(429);
  expect((await login(proxied, '192.0.2.100', target.email, target.password)).status).toBe(429);
  expect((await login(proxied, '192.0.2.101', target.email, target.password)).status).toBe(200);
});

test('every attempt counts against a hard cap per address (ten times the failures): password hashing per address is bounded', async () => {
  const shopper = await proxied.customer();
  const codes = [];
  for (let i = 0; i < 10 * MAX + 1; i++) codes.push((await login(proxied, '198.51.100.99', shopper.email, shopper.password)).status);
  expect(codes.slice(0, 10 * MAX)).toEqual(Array(10 * MAX).fill(200));
  expect(codes[10 * MAX]).toBe(429);
});

test('without TRUST_PROXY a forwarded address is ignored: the socket address is counted', async () => {
  const codes = [];
  for (let i = 0; i <= MAX + 1; i++) codes.push((await login(direct, `10.9.8.${i}`, `nobody${i}@shop.test`, 'wrong-password')).status);
  expect(codes).toEqual([401, 401, 401, 401, 429]);
});

test('IPv6 addresses of one /64 share one budget (a host can take any of them)', async () => {
  const codes = [];
  for (let i = 0; i <= MAX; i++) codes.push((await login(proxied, `2001:db8:7:7::${i + 1}`, `nobody${i}@shop.test`, 'wrong-password')).status);
  expect(codes).toEqual([401, 401, 401, 401]);
  expect((await login(proxied, '2001:db8:7:7:abcd::99', 'nobody@shop.test', 'wrong-password')).status).toBe(429);
  expect((await login(proxied, '2001:db8:7:8::1', 'nobody@shop.test', 'wrong-password')).status).toBe(401);
});

test.each(['1', '127.0.0.1/8,::1'])('TRUST_PROXY=%s: the address the trusted proxy appended counts, not one the client wrote before it', async (setting) => {
  const t = await startTestApp({ trustProxy: trustProxyFrom(setting), authRateLimit: { max: MAX, windowMs: 60_000 } });
  try {
    // The client varies what it writes; the proxy (this test, at 127.0.0.1) appends the same real address.
    const codes = [];
    for (let i = 0; i <= MAX + 1; i++) codes.push((await login(t, `198.18.0.${i}, 203.0.113.50`, `nobody${i}@shop.test`, 'wrong-password')).status);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect((await login(t, '203.0.113.51', 'nobody@shop.test', 'wrong-password')).status).toBe(401);
  } finally {
    await t.close();
  }
});

test('registering with a taken e-mail or number costs what a failed login does (issue 34 #8): one budget per address, 429 past it, nothing created', async () => {
  const taken = await proxied.customer();
  const { contact } = (await proxied.ctx.db.one<{ contact: string }>(`SELECT contact FROM users WHERE id = $1`, [taken.id]))!;
  const register = (from: string, email: string, number: string) =>
    proxied.call('POST', '/api/user/register', { body: { fullName: 'Probe', email, contact: number, password: 'probe-secret-123' }, headers: { 'x-forwarded-for': from } });
  // Probes that find accounts, then login guesses, from one address: together past the limit.
  expect(await register('203.0.113.80', taken.email, '5550100001')).toMatchObject({ status: 409, body: { message: 'User already exists' } });
  expect(await register('203.0.113.80', 'free-address@shop.test', contact)).toMatchObject({ status: 409, body: { message: 'User already exists' } });
  for (let i = 0; i < MAX - 1; i++) expect((await login(proxied, '203.0.113.80', `nobody${i}@shop.test`, 'wrong-password')).status).toBe(401);
  expect((await login(proxied, '203.0.113.80', 'nobody-more@shop.test', 'wrong-password')).status).toBe(429);
  // Login guesses first: the next probe is refused, as a new account from that address is (its answer would tell too).
  for (let i = 0; i <= MAX; i++) expect((await login(proxied, '203.0.113.81', `nobody${i}@shop.test`, 'wrong-password')).status).toBe(401);
  const refused = await register('203.0.113.81', taken.email.toUpperCase(), '5550100002');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  expect((await register('203.0.113.81', 'brand-new@shop.test', '5550100003')).status).toBe(429);
  expect(await proxied.ctx.db.one(`SELECT id FROM users WHERE email = 'brand-new@shop.test'`)).toBeUndefined();
  // Another address registers as before.
  expect((await register('203.0.113.82', 'brand-new@shop.test', '5550100003')).status).toBe(201);
});

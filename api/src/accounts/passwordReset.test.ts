import { createHash } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { SECRET_MARK } from '../mail/secrets';
import { resetRequestsSettled } from './routes';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from './service';

// Issue 18, accounts: a forgotten password. The answer is the same 202 for every address; an
// account gets a single-use link (kept hashed, valid an hour) in an e-mail written with it; a reset
// ends every session and older token; requests are throttled per IP and per address.

let t: TestApp;
let smtp: TestSmtp;
const PUBLIC_URL = 'https://shop.example.com';
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, pollMs: 200 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string, from?: string) =>
  t.call('POST', '/api/user/forgot-password', { body: { email }, headers: from ? { 'x-forwarded-for': from } : {} });
const reset = (token: string, password: string) => t.call('POST', '/api/user/reset-password', { body: { token, password } });
const login = (uid: string, password: string) => t.call('POST', '/api/user/login', { body: { uid, password } });

/**
 * The reset link of the newest reset e-mail to `email`, as it arrives (the token is in the e-mail
 * delivered only: mail/secrets.ts), once the request has been prepared and its e-mail sent.
 */
async function resetLink(email: string): Promise<string> {
  await resetRequestsSettled(t.ctx);
  const { n } = (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'password-reset' AND to_address = $1`, [email]))!;
  const arrived = () => smtp.mails.filter((m) => m.subject?.startsWith('Reset your') && JSON.stringify(m.to).includes(email));
  if (!n || !(await within(10_000, () => arrived().length >= n))) throw new Error(`no reset e-mail to ${email}`);
  return new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]+`).exec(arrived()[n - 1].text ?? '')![0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

test('the link works once: new password in, old password and every old token out', async () => {
  const c = await t.customer('Rosa Reset');
  const session = (await login(c.email, c.password)).body.token;
  const offline = createSigner({ key: 'test-secret', algorithm: 'HS256' })({ sub: c.id }); // the bench's kind: no session
  expect((await t.call('GET', '/api/cart', { token: session })).status).toBe(200);
  expect((await t.call('GET', '/api/cart', { token: offline })).status).toBe(200);

  const asked = await forgot(c.email.toUpperCase());
  expect(asked).toMatchObject({ status: 202, body: { message: 'If an account exists for that address, we have sent a link to reset the password.' } });
  const link = await resetLink(c.email);
  expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
  const mail = await t.ctx.db.one<{ message: any; idempotency_key: string }>(`SELECT message, idempotency_key FROM mail_outbox WHERE to_address = $1`, [c.email]);
  // The outbox keeps the mark where the token went (issue 34 #1).
  expect(mail!.message).toEqual({ kind: 'password-reset', fullName: 'Rosa Reset', resetUrl: `${PUBLIC_URL}/reset-password?token=${SECRET_MARK}`, expiresInMinutes: 60 });
  expect(mail!.idempotency_key).toMatch(/^password-reset:[0-9a-f-]{36}$/);

  // Stored hashed: the table holds the sha256, never the token.
  const token = tokenOf(link);
  const rows = await t.ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM password_resets WHERE user_id = $1`, [c.id]);
  expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);

  await new Promise((r) => setTimeout(r, 1100)); // the offline token's iat is in a whole second before the reset
  expect(await reset(token, 'short')).toMatchObject({ status: 400 }); // the register rule: 8+ characters
  expect((await reset(token, 'brand-new-secret')).status).toBe(200);
  expect(await reset(token, 'another-secret')).toMatchObject({ status: 400, body: { message: RESET_LINK_USED } });

  expect((await login(c.email, c.password)).status).toBe(401);
  expect((await login(c.email, 'brand-new-secret')).status).toBe(200);
  for (const old of [session, offline]) expect((await t.call('GET', '/api/cart', { token: old })).status).toBe(401);
});

test('an unknown address gets the same 202, no link and no e-mail', async () => {
  const before = await t.ctx.db.one<{ resets: number; mails: number }>(`SELECT (SELECT count(*)::int FROM password_resets) AS resets, (SELECT count(*)::int FROM mail_outbox) AS mails`);
  const known = await t.customer();
  const a = await forgot('nobody-here@example.com');
  const b = await forgot(known.email);
  expect(a.status).toBe(202);
  expect(a.body).toEqual(b.body);
  await resetRequestsSettled(t.ctx);
  const after = await t.ctx.db.one<{ resets: number; mails: number }>(`SELECT (SELECT count(*)::int FROM password_resets) AS resets, (SELECT count(*)::int FROM mail_outbox) AS mails`);
  expect(after).toEqual({ resets: before!.resets + 1, mails: before!.mails + 1 });
  expect(await t.ctx.db.one(`SELECT 1 FROM mail_outbox WHERE to_address = 'nobody-here@example.com'`)).toBeUndefined();
});

test('the answer does not wait for the account to be looked up: the same 202, then the work', async () => {
  // Deterministic, not timed: while every statement of the shop's database waits at a gate, an
  // account's request is still answered; its link and e-mail are written once the gate opens.
  const known = await t.customer();
  const db = t.ctx.db as unknown as Record<'query' | 'one' | 'tx', (...args: unknown[]) => Promise<unknown>>;
  const original = { query: db.query, one: db.one, tx: db.tx };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  for (const k of ['query', 'one', 'tx'] as const) {
    db[k] = async (...args) => {
      waiting++;
      await gate;
      return original[k](...args);
    };
  }
  try {
    expect((await forgot(known.email)).status).toBe(202);
    expect(waiting).toBeGreaterThan(0); // the work had started, and was waiting for the database
  } finally {
    Object.assign(db, original);
    open();
  }
  expect(await resetLink(known.email)).toContain(`${PUBLIC_URL}/reset-password?token=`);
});

test('unknown, expired and malformed tokens are 400 with a message, and change nothing', async () => {
  const c = await t.customer();
  expect(await reset('not-a-real-token', 'whatever-long')).toMatchObject({ status: 400, body: { message: RESET_LINK_INVALID } });
  await forgot(c.email);
  const token = tokenOf(await resetLink(c.email));
  await t.ctx.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [c.id]);
  expect(await reset(token, 'whatever-long')).toMatchObject({ status: 400, body: { message: RESET_LINK_EXPIRED } });
  expect((await login(c.email, c.password)).status).toBe(200);
  for (const body of [{}, { token }, { password: 'whatever-long' }, { token: '', password: 'whatever-long' }, { token: 1, password: 'whatever-long' }]) {
    const r = await t.call('POST', '/api/user/reset-password', { body });
    expect(r.status).toBe(400);
    expect(typeof r.body.message).toBe('string');
  }
  expect((await t.call('POST', '/api/user/forgot-password', { body: { email: 'not-an-email' } })).status).toBe(400);
});

test('a new link ends the older ones once used; two resets at once with one link: exactly one succeeds', async () => {
  const c = await t.customer();
  await forgot(c.email);
  const first = tokenOf(await resetLink(c.email));
  await new Promise((r) => setTimeout(r, 5));
  await forgot(c.email);
  const second = tokenOf(await resetLink(c.email));
  expect(second).not.toBe(first);
  const both = await Promise.all([reset(second, 'winner-one-1'), reset(second, 'winner-two-2')]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  const winner = both[0].status === 200 ? 'winner-one-1' : 'winner-two-2';
  expect((await login(c.email, winner)).status).toBe(200);
  // The older link went with the reset.
  expect(await reset(first, 'too-late-now')).toMatchObject({ status: 400, body: { message: RESET_LINK_USED } });
});

test('a deleted account gets no link', async () => {
  const c = await t.customer();
  expect((await t.call('DELETE', `/api/user/${c.id}`, { token: t.superToken })).status).toBe(200);
  await forgot(c.email);
  await resetRequestsSettled(t.ctx);
  expect(await t.ctx.db.one(`SELECT 1 FROM password_resets WHERE user_id = $1`, [c.id])).toBeUndefined();
});

describe('throttling', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ trustProxy: true, authRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());
  const ask = (email: string, from: string) => limited.call('POST', '/api/user/forgot-password', { body: { email }, headers: { 'x-forwarded-for': from } });

  test('per address: the 4th request for one address is 429 from any IP; others are untouched', async () => {
    const c = await limited.customer();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await ask(c.email, `198.51.100.${i + 1}`)).status);
    expect(codes).toEqual([202, 202, 202, 429]);
    const refused = await ask(c.email.toUpperCase(), '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toBe('Too many attempts. Please try again later.');
    expect((await ask('someone-else@example.com', '198.51.100.99')).status).toBe(202);
    await resetRequestsSettled(limited.ctx);
    expect((await limited.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1`, [c.id]))!.n).toBe(3);
  });

  test('per IP: requests and reset attempts from one address are counted together', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await ask(`p${i}@example.com`, '203.0.113.50')).status);
    codes.push((await limited.call('POST', '/api/user/reset-password', { body: { token: 'guess', password: 'whatever-long' }, headers: { 'x-forwarded-for': '203.0.113.50' } })).status);
    codes.push((await ask('p9@example.com', '203.0.113.50')).status);
    expect(codes).toEqual([202, 202, 202, 429, 429]);
    expect((await ask('p9@example.com', '203.0.113.51')).status).toBe(202);
    await resetRequestsSettled(limited.ctx);
  });
});

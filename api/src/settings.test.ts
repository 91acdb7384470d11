import { createDb } from './db/client';
import { DEMO_ADMIN_PASSWORD, readSettings, trustProxyFrom } from './settings';
import { startTestApp } from './test/harness';

// Issue 16, finding 6: a real shop never starts with the demo's known admin password or demo data
// unless told to; the embedded `npm start` demo stays as easy as it was.

describe('settings from the environment', () => {
  test('the embedded demo (no DATABASE_URL, not production): demo data and the documented admin login', () => {
    const { app } = readSettings({});
    expect(app.seedDemo).toBe(true);
    expect(app.adminPassword).toBe(DEMO_ADMIN_PASSWORD);
    expect(app.announceAdminPassword).toBe(false);
    expect(readSettings({ SEED_DEMO: '0' }).app.seedDemo).toBe(false);
  });

  test.each([
    ['a PostgreSQL server', { DATABASE_URL: 'postgres://db/shop' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('%s: no demo data and no known password unless set explicitly', (_, env) => {
    const a = readSettings(env).app;
    const b = readSettings(env).app;
    expect(a.seedDemo).toBe(false);
    expect(a.adminPassword).not.toBe(DEMO_ADMIN_PASSWORD);
    expect(a.adminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 random bytes
    expect(a.adminPassword).not.toBe(b.adminPassword);
    expect(a.announceAdminPassword).toBe(true);
    expect(readSettings({ ...env, SEED_DEMO: '1' }).app.seedDemo).toBe(true);
    const given = readSettings({ ...env, ADMIN_PASSWORD: 'a long secret phrase' }).app;
    expect(given.adminPassword).toBe('a long secret phrase');
    expect(given.announceAdminPassword).toBe(false);
  });

  test('CONTACT_MAIL_PER_HOUR: the shop-wide cap on contact e-mail, a positive count', () => {
    expect(readSettings({}).app.contactMailPerHour).toBeUndefined();
    expect(readSettings({ CONTACT_MAIL_PER_HOUR: '10' }).app.contactMailPerHour).toBe(10);
    for (const value of ['0', '-1', 'lots']) expect(() => readSettings({ CONTACT_MAIL_PER_HOUR: value })).toThrow(/CONTACT_MAIL_PER_HOUR must be a number of contact messages an hour/);
  });

  test('TRUST_PROXY: off by default; a hop count, or addresses and CIDRs', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  test('REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS and the listening address', () => {
    expect(readSettings({ REQUEST_TIMEOUT_MS: '5000', PORT: '4000', HOST: '127.0.0.1' })).toMatchObject({ port: 4000, host: '127.0.0.1', app: { requestTimeoutMs: 5000 } });
    expect(readSettings({}).app.requestTimeoutMs).toBeUndefined();
    // An empty value (a copied .env.example) is the default, never port 0 or the working directory.
    expect(readSettings({ PORT: '', HOST: '', DATA_DIR: '' })).toMatchObject({ port: 3000, host: '0.0.0.0', app: { dataDir: require('node:path').resolve('./data') } });
    expect(readSettings({ KEEP_ALIVE_TIMEOUT_MS: '65000' }).app.keepAliveTimeoutMs).toBe(65_000);
    expect(readSettings({ FIRST_VIEW_TIMEOUT_MS: '250' }).app.firstViewTimeoutMs).toBe(250);
    expect(() => readSettings({ FIRST_VIEW_TIMEOUT_MS: '1s' })).toThrow(/FIRST_VIEW_TIMEOUT_MS/);
    expect(() => readSettings({ REQUEST_TIMEOUT_MS: '30s' })).toThrow('REQUEST_TIMEOUT_MS must be a number of milliseconds, got "30s"');
    expect(() => readSettings({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(readSettings({ AUTH_RATE_LIMIT: '20' }).app.authRateLimit).toEqual({ max: 20, windowMs: 60_000 });
    expect(() => readSettings({ AUTH_RATE_LIMIT: 'ten' })).toThrow(/AUTH_RATE_LIMIT/);
  });
});

test('a real shop started without ADMIN_PASSWORD: the super admin gets the generated password, printed once, and not the demo one', async () => {
  const { app: settings } = readSettings({ NODE_ENV: 'production', DATABASE_URL: process.env.DATABASE_URL });
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  // A database with no super admin yet (the PGlite test snapshot already has one).
  const db = process.env.DATABASE_URL ? undefined : await createDb({});
  const t = await startTestApp({ db, adminEmail: 'owner@shop.test', adminPassword: settings.adminPassword, announceAdminPassword: true, seedDemo: settings.seedDemo });
  try {
    const printed = log.mock.calls.map((c) => String(c[0])).filter((line) => line.includes('Super admin created'));
    expect(printed).toEqual([`Super admin created: owner@shop.test with the password ${settings.adminPassword} (shown once; change it after signing in).`]);
    expect((await t.call('POST', '/api/user/login', { body: { uid: 'owner@shop.test', password: DEMO_ADMIN_PASSWORD } })).status).toBe(401);
    expect((await t.call('POST', '/api/user/login', { body: { uid: 'owner@shop.test', password: settings.adminPassword } })).status).toBe(200);
    expect((await t.call('GET', '/api/currencies')).body).toEqual([]);
  } finally {
    log.mockRestore();
    await t.close();
    await db?.close();
  }
});

test('.env.example lists every setting the API and the scripts read', () => {
  const fs = require('node:fs') as typeof import('node:fs');
  const path = require('node:path') as typeof import('node:path');
  const root = path.resolve(__dirname, '../..');
  const listed = new Set([...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  // Read by the test tooling only, not by the shop; INIT_CWD is npm's own (the folder `npm run` was typed in).
  const testOnly = new Set(['JEST_SUMMARY_FILE', 'JEST_FAILURES_FILE', 'SKIP_BUILD', 'SKIP_TYPECHECK', 'FUZZ_SEED', 'FUZZ_RUNS', 'INIT_CWD']);
  const read = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'test') walk(p);
      } else if (/\.(ts|mjs|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        // env.NAME, process.env.NAME, env['NAME'], and a name handed to a reader with env (positive(env, 'NAME', …)).
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\]|,\s*['"]([A-Z][A-Z0-9_]+)['"])/g)) read.add(m[1] ?? m[2] ?? m[3]);
      }
    }
  };
  walk(path.join(root, 'api/src'));
  walk(path.join(root, 'scripts'));
  const missing = [...read].filter((name) => !listed.has(name) && !testOnly.has(name));
  expect(read.size).toBeGreaterThan(20);
  expect(read).toContain('KEEP_ALIVE_TIMEOUT_MS'); // read through positive(env, …): the pattern must see it
  expect(missing).toEqual([]);
});

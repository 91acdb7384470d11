import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readSettings } from './settings';
import { SettingsError, settingsProblems } from './settingsCheck';

// Issue 23: settings are checked at start, every wrong one named at once; .env.example and the
// README's settings table list the same names.

const root = path.resolve(__dirname, '../..');
/** Names with their values as .env.example sets them. */
const example = () => Object.fromEntries([...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
/** The names the README's settings table lists (a row may name several), in order, repeats kept. */
function readmeNames(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Settings (environment)'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('\n|')));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe('settings checked at start', () => {
  test('each wrong value is named with what it must be, all at once', () => {
    const problems = settingsProblems({
      PORT: '70000',
      LOW_STOCK_THRESHOLD: '-1',
      PG_POOL_MAX: 'many',
      CATALOG_CACHE_MB: '0',
      REQUEST_TIMEOUT_MS: '30s',
      TRUST_PROXY: '10.0.0.0/33',
      CORS_ORIGINS: 'https://shop.example.com/path',
      DATABASE_URL: 'mysql://root:hunter2@db/shop',
      PUBLIC_URL: 'shop.example.com',
      SEED_DEMO: 'maybe',
      WORKERS: '0',
      METRICS_TOKEN: 'short',
      JWT_SECRET: 'secret',
    });
    expect(problems).toEqual([
      'PORT must be a port number (1-65535), got "70000"',
      'REQUEST_TIMEOUT_MS must be a number of milliseconds, got "30s"',
      'PG_POOL_MAX must be a number of connections, got "many"',
      'CATALOG_CACHE_MB must be a number of megabytes, got "0"',
      'LOW_STOCK_THRESHOLD must be a number of pieces (1 or more), got "-1"',
      'WORKERS must be a number of API processes (1-256), got "0"',
      'TRUST_PROXY must be off, a hop count, or addresses and CIDRs separated by commas (10.0.0.0/8,127.0.0.1), got "10.0.0.0/33"',
      'CORS_ORIGINS must be origins separated by commas (https://shop.example.com), without paths, got "https://shop.example.com/path"',
      'SEED_DEMO must be on or off (1/0, true/false, yes/no, on/off), got "maybe"',
      // A secret (or a URL that may hold one) is never repeated.
      'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/shop)',
      'PUBLIC_URL must be an http(s) URL (https://shop.example.com), got "shop.example.com"',
      'JWT_SECRET must be a random key of at least 16 characters',
      'METRICS_TOKEN must be a random token of at least 16 characters',
    ]);
  });

  test('TRUST_PROXY=true is refused, naming what to give instead; a proxy needs METRICS_TOKEN; a hop count warns (issue 34 #2)', () => {
    const token = { METRICS_TOKEN: 'x'.repeat(16) };
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      const [problem, ...rest] = settingsProblems({ TRUST_PROXY: value, ...token });
      expect(rest).toEqual([]);
      expect(problem).toMatch(/^TRUST_PROXY must be the proxy's addresses or CIDRs \(10\.0\.0\.0\/8,127\.0\.0\.1\), or the number of proxies in front \(1\)/);
      expect(problem).toContain('X-Forwarded-For');
    }
    expect(() => readSettings({ TRUST_PROXY: 'true', ...token })).toThrow(/TRUST_PROXY must be the proxy's addresses or CIDRs/);
    const metrics = 'METRICS_TOKEN must be set when TRUST_PROXY is: behind a proxy, /api/metrics is read with a token only (give your scraper a random token of 16 characters or more)';
    for (const value of ['1', '10.0.0.0/8', 'loopback']) {
      expect(settingsProblems({ TRUST_PROXY: value })).toEqual([metrics]);
      expect(settingsProblems({ TRUST_PROXY: value, ...token })).toEqual([]);
    }
    for (const value of ['', '0', 'false', 'off']) expect(settingsProblems({ TRUST_PROXY: value })).toEqual([]);
    expect(readSettings({ TRUST_PROXY: '1', ...token }).warnings).toEqual([expect.stringMatching(/^TRUST_PROXY=1 trusts the peer whoever it is.*addresses or CIDRs/)]);
    expect(readSettings({ TRUST_PROXY: '2', ...token }).warnings).toEqual([expect.stringMatching(/^TRUST_PROXY=2 trusts the 2 nearest peers/)]);
    expect(readSettings({ TRUST_PROXY: '10.0.0.0/8', ...token }).warnings).toEqual([]);
  });

  test('card payments (issue 40): all three Stripe keys or none, each of its kind; the hold a number of minutes', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abcdefgh', STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh' };
    expect(settingsProblems({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111', STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/stripe.js', CARD_HOLD_MINUTES: '20' })).toEqual([]);
    expect(settingsProblems({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toEqual([
      'STRIPE_PUBLISHABLE_KEY must be set too: STRIPE_SECRET_KEY is set, and one is no use without the other',
      'STRIPE_WEBHOOK_SECRET must be set too: STRIPE_SECRET_KEY is set, and one is no use without the other',
    ]);
    expect(settingsProblems({ ...keys, STRIPE_SECRET_KEY: 'pk_test_swapped', CARD_HOLD_MINUTES: '0' })).toEqual([
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)',
      'CARD_HOLD_MINUTES must be a number of minutes (1-1440), got "0"',
    ]);
  });

  test('settings that go together: a PayPal id without its secret, S3 credentials by halves, a bucket setting without a bucket', () => {
    expect(settingsProblems({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['PAYPAL_CLIENT_SECRET must be set too: PAYPAL_CLIENT_ID is set, and one is no use without the other']);
    expect(settingsProblems({ PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['PAYPAL_CLIENT_ID must be set too: PAYPAL_CLIENT_SECRET is set, and one is no use without the other']);
    expect(settingsProblems({ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual(['S3_SECRET_ACCESS_KEY must be set too: S3_ACCESS_KEY_ID is set, and one is no use without the other']);
    expect(settingsProblems({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' })).toEqual(['S3_BUCKET must be set: S3_ENDPOINT is set, but no bucket is named']);
    expect(settingsProblems({ S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'sure' })).toEqual([
      'S3_FORCE_PATH_STYLE must be on or off (1/0, true/false, yes/no, on/off), got "sure"',
      'S3_ENDPOINT must be an http(s) URL (http://minio:9000), got "minio:9000"',
    ]);
    expect(settingsProblems({ REDIS_URL: 'localhost:6379' })).toEqual(['REDIS_URL must be a Redis URL (redis://host:6379 or rediss://…)']);
  });

  test('right values, empty ones (the default) and a copied .env.example pass', () => {
    expect(
      settingsProblems({
        PORT: '8080',
        TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1, fd00::/8',
        CORS_ORIGINS: 'http://localhost:3001, https://shop.example.com',
        DATABASE_URL: 'postgresql://shop:secret@db:5432/shop',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        REDIS_URL: 'rediss://default:pw@cache:6380',
        S3_BUCKET: 'shop',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PG_STATEMENT_TIMEOUT_MS: '0',
        METRICS_TOKEN: 'x'.repeat(16),
        LOG: 'off',
        PORT_UNKNOWN_TO_THE_SHOP: 'anything',
      }),
    ).toEqual([]);
    expect(settingsProblems({ PORT: '', WORKERS: ' ', DATABASE_URL: '' })).toEqual([]);
    expect(settingsProblems(example())).toEqual([]);
  });

  test('readSettings throws them together, and the server exits non-zero printing them', () => {
    expect(() => readSettings({ PORT: 'x', LOW_STOCK_THRESHOLD: '-3' })).toThrow(SettingsError);
    expect(() => readSettings({ PORT: 'x', LOW_STOCK_THRESHOLD: '-3' })).toThrow(
      'The shop cannot start: 2 settings are wrong.\n  - PORT must be a port number (1-65535), got "x"\n  - LOW_STOCK_THRESHOLD must be a number of pieces (1 or more), got "-3"',
    );
    expect(readSettings({ LOG: 'false' }).app.logger).toBe(false);
    expect(readSettings({ METRICS_TOKEN: 'a-token-of-16-chars' }).app.metricsToken).toBe('a-token-of-16-chars');
    const server = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.ts')], {
      env: { ...process.env, DATABASE_URL: '', PORT: '99999', SMTP_URL: 'http://user:hunter2@mail', DATA_DIR: path.join(root, 'no-such-dir-used') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain('PORT must be a port number (1-65535), got "99999"');
    expect(server.stderr).toContain('SMTP_URL must be an SMTP URL');
    expect(server.stderr).not.toContain('hunter2');
    expect(server.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(fs.existsSync(path.join(root, 'no-such-dir-used'))).toBe(false);
  });
});

describe('.env.example and the README list the same settings', () => {
  test('every name of one is in the other, each once', () => {
    const listed = [...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const documented = readmeNames();
    expect(documented.length).toBeGreaterThan(30);
    const repeated = (names: string[]) => names.filter((n, i) => names.indexOf(n) !== i);
    expect({ envExample: repeated(listed), readme: repeated(documented) }).toEqual({ envExample: [], readme: [] });
    expect({ notInReadme: listed.filter((n) => !documented.includes(n)), notInEnvExample: documented.filter((n) => !listed.includes(n)) }).toEqual({ notInReadme: [], notInEnvExample: [] });
    // The new settings are there.
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'REDIS_URL', 'WORKERS', 'METRICS_TOKEN']) expect(documented).toContain(name);
  });
});

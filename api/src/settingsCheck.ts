import net from 'node:net';

// Every setting checked before the shop starts (issue 23), whoever reads it (settings.ts, db/client.ts,
// the catalogue's cache, storage/, the cluster script): a wrong value stops the start with one line
// naming it, all of them at once, instead of a NaN limit or a crash at the first request that needs it.

/** Thrown by readSettings: message lists every wrong setting, one a line. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The shop cannot start: ${problems.length === 1 ? 'a setting is' : `${problems.length} settings are`} wrong.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** What a value must be, or null when it is right. */
type Check = (value: string) => string | null;

const whole = (what: string, min: number, max = Number.MAX_SAFE_INTEGER): Check => (v) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? null : what);
const positive = (what: string) => whole(what, 1);
const FLAG = /^(1|0|true|false|yes|no|on|off)$/i;
const flag: Check = (v) => (FLAG.test(v) ? null : 'on or off (1/0, true/false, yes/no, on/off)');
const url = (what: string, protocols: string[]): Check => (v) => {
  try {
    return protocols.includes(new URL(v).protocol) ? null : what;
  } catch {
    return what;
  }
};
const web = (what: string) => url(what, ['http:', 'https:']);
/** proxy-addr's names, an address, or a CIDR. */
const proxyEntry = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** TRUST_PROXY values that would trust every peer: then any client names its own address (issue 34 #2). */
const TRUST_EVERY_PROXY = /^(true|yes|on)$/i;
const trustProxy: Check = (v) => {
  if (TRUST_EVERY_PROXY.test(v))
    return "the proxy's addresses or CIDRs (10.0.0.0/8,127.0.0.1), or the number of proxies in front (1) if their addresses are not fixed: trusting every peer lets any client choose its own address with X-Forwarded-For and walk around every limit per address";
  return FLAG.test(v) || /^\d+$/.test(v) || v.split(',').map((s) => s.trim()).filter(Boolean).every(proxyEntry)
    ? null
    : 'off, a hop count, or addresses and CIDRs separated by commas (10.0.0.0/8,127.0.0.1)';
};
/** Whether TRUST_PROXY names a proxy (anything but unset, 0 or off). */
const behindProxy = (v: string) => Boolean(v) && !/^(0|false|no|off)$/i.test(v);
const origins: Check = (v) =>
  v.split(',').map((s) => s.trim()).filter(Boolean).every((o) => {
    try {
      const u = new URL(o);
      return ['http:', 'https:'].includes(u.protocol) && u.origin === o.replace(/\/$/, '');
    } catch {
      return false;
    }
  })
    ? null
    : 'origins separated by commas (https://shop.example.com), without paths';
const email: Check = (v) => (/^[^\s@]+@[^\s@]+$/.test(v) ? null : 'an e-mail address');
/** At least n characters; the value is never echoed (a secret). */
const long = (n: number, what: string): Check => (v) => (v.length >= n ? null : `${what} of at least ${n} characters`);

/** Each setting's check. Values that are secrets (or URLs holding one) are never repeated in the error. */
const CHECKS: Record<string, { check: Check; secret?: boolean }> = {
  PORT: { check: whole('a port number (1-65535)', 1, 65_535) },
  API_PORT: { check: whole('a port number (1-65535)', 1, 65_535) },
  REQUEST_TIMEOUT_MS: { check: positive('a number of milliseconds') },
  KEEP_ALIVE_TIMEOUT_MS: { check: positive('a number of milliseconds') },
  FIRST_VIEW_TIMEOUT_MS: { check: positive('a number of milliseconds') },
  MAIL_LEASE_MS: { check: positive('a number of milliseconds') },
  SHUTDOWN_TIMEOUT_MS: { check: positive('a number of milliseconds') },
  PG_POOL_MAX: { check: positive('a number of connections') },
  PG_STATEMENT_TIMEOUT_MS: { check: whole('a number of milliseconds (0: no limit)', 0) },
  PG_CONNECT_TIMEOUT_MS: { check: positive('a number of milliseconds') },
  PG_QUERY_GRACE_MS: { check: whole('a number of milliseconds', 0) },
  PG_POOL_WAIT_MS: { check: positive('a number of milliseconds') },
  CATALOG_CACHE_MB: { check: positive('a number of megabytes') },
  AUTH_RATE_LIMIT: { check: positive('a number of failed logins a minute') },
  LOW_STOCK_THRESHOLD: { check: positive('a number of pieces (1 or more)') },
  CONTACT_MAIL_PER_HOUR: { check: positive('a number of contact messages an hour (1 or more)') },
  WORKERS: { check: whole('a number of API processes (1-256)', 1, 256) },
  TRUST_PROXY: { check: trustProxy },
  CORS_ORIGINS: { check: origins },
  SEED_DEMO: { check: flag },
  ADMIN_2FA_REQUIRED: { check: flag },
  GUEST_CHECKOUT: { check: flag },
  LOG: { check: flag },
  S3_FORCE_PATH_STYLE: { check: flag },
  DATABASE_URL: { check: url('a PostgreSQL URL (postgres://user:password@host:5432/shop)', ['postgres:', 'postgresql:']), secret: true },
  SMTP_URL: { check: url('an SMTP URL (smtp://user:pass@host:587 or smtps://…:465)', ['smtp:', 'smtps:']), secret: true },
  REDIS_URL: { check: url('a Redis URL (redis://host:6379 or rediss://…)', ['redis:', 'rediss:']), secret: true },
  PUBLIC_URL: { check: web('an http(s) URL (https://shop.example.com)') },
  PAYPAL_API_BASE: { check: web('an http(s) URL') },
  STRIPE_API_BASE: { check: web('an http(s) URL (a Stripe stand-in: http://127.0.0.1:12111)') },
  STRIPE_JS_URL: { check: web('an http(s) URL of Stripe.js (https://js.stripe.com/v3/)') },
  STRIPE_SECRET_KEY: { check: (v) => (/^(sk|rk)_[A-Za-z0-9_]{8,}$/.test(v) ? null : 'a Stripe secret key (sk_live_… or sk_test_…)'), secret: true },
  STRIPE_PUBLISHABLE_KEY: { check: (v) => (/^pk_[A-Za-z0-9_]{8,}$/.test(v) ? null : 'a Stripe publishable key (pk_live_… or pk_test_…)') },
  STRIPE_WEBHOOK_SECRET: { check: (v) => (/^whsec_[A-Za-z0-9_]{8,}$/.test(v) ? null : "a webhook endpoint's signing secret (whsec_…)"), secret: true },
  CARD_HOLD_MINUTES: { check: whole('a number of minutes (1-1440)', 1, 1440) },
  RATES_API_BASE: { check: web('an http(s) URL') },
  S3_ENDPOINT: { check: web('an http(s) URL (http://minio:9000)') },
  S3_PUBLIC_URL: { check: web('an http(s) URL (https://cdn.example.com)') },
  ADMIN_EMAIL: { check: email },
  SHOP_EMAIL: { check: email },
  MAIL_FROM: { check: (v) => (/@/.test(v) ? null : 'a sender address (Aurelia Jewels <shop@example.com>)') },
  ADMIN_PASSWORD: { check: long(8, 'a password'), secret: true },
  // A floor against a placeholder ('secret'), low enough for the keys shops already run with.
  JWT_SECRET: { check: long(16, 'a random key'), secret: true },
  SECRETS_KEY: { check: long(16, 'a random key'), secret: true },
  METRICS_TOKEN: { check: long(16, 'a random token'), secret: true },
  RELEASE_MAX_MB: { check: whole('a number of megabytes (1-2000)', 1, 2000) },
  RELEASE_ROLLBACK_ERROR_RATE: { check: (v) => (/^\d{1,3}(\.\d+)?\s*%?$/.test(v) && Number(v.replace(/\s*%$/, '')) > 0 && Number(v.replace(/\s*%$/, '')) <= 100 ? null : 'a percentage of page views above 0, up to 100 (2, 2%, 0.5)') },
};

/** Settings that mean nothing, or something half-configured, without each other. */
const TOGETHER: Array<[string, string]> = [
  ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
];
/** Settings of a bucket, which show one was meant (the region and path style have harmless defaults a copied .env.example sets). */
const BUCKET_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'];

/** Every wrong setting in env, one sentence each naming it; empty when all are right. An empty value is unset. */
export function settingsProblems(env: NodeJS.ProcessEnv): string[] {
  const given = (name: string) => (env[name] ?? '').trim();
  const problems: string[] = [];
  for (const [name, { check, secret }] of Object.entries(CHECKS)) {
    const value = given(name);
    const what = value ? check(value) : null;
    if (what) problems.push(secret ? `${name} must be ${what}` : `${name} must be ${what}, got "${value}"`);
  }
  for (const [a, b] of TOGETHER) {
    if (given(a) && !given(b)) problems.push(`${b} must be set too: ${a} is set, and one is no use without the other`);
    if (given(b) && !given(a)) problems.push(`${a} must be set too: ${b} is set, and one is no use without the other`);
  }
  const orphans = BUCKET_SETTINGS.filter((name) => given(name));
  if (orphans.length && !given('S3_BUCKET')) problems.push(`S3_BUCKET must be set: ${orphans.join(', ')} ${orphans.length === 1 ? 'is' : 'are'} set, but no bucket is named`);
  // Behind a proxy every request's peer may be the proxy on this host: "loopback" no longer means an operator.
  if (behindProxy(given('TRUST_PROXY')) && !given('METRICS_TOKEN'))
    problems.push('METRICS_TOKEN must be set when TRUST_PROXY is: behind a proxy, /api/metrics is read with a token only (give your scraper a random token of 16 characters or more)');
  return problems;
}

/** Settings that work but are weaker than they could be: told at start, the shop still starts. */
export function settingsWarnings(env: NodeJS.ProcessEnv): string[] {
  const proxy = (env.TRUST_PROXY ?? '').trim();
  return /^[1-9]\d*$/.test(proxy)
    ? [`TRUST_PROXY=${proxy} trusts the ${proxy === '1' ? 'peer whoever it is' : `${proxy} nearest peers whoever they are`}: right only if the shop cannot be reached but through the proxy. Its addresses or CIDRs (TRUST_PROXY=10.0.0.0/8) are safer.`]
    : [];
}

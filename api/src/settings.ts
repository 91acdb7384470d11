import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppOptions } from './app.js';
import { SettingsError, settingsProblems, settingsWarnings } from './settingsCheck.js';

/** The embedded demo's super admin password (README's demo logins); never used on a real database. */
export const DEMO_ADMIN_PASSWORD = 'admin12345';

export interface Settings {
  app: AppOptions;
  port: number;
  host: string;
  /** SHUTDOWN_TIMEOUT_MS: how long requests in flight get to finish on SIGTERM (processes/drain.ts). */
  shutdownTimeoutMs: number;
  /** WORKERS: the API processes `npm run cluster` starts (cluster.ts). */
  workers: number;
  /** Settings that work but are weaker than they could be (settingsCheck.ts), to print at start. */
  warnings: string[];
}

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());

/**
 * Fastify's trustProxy from TRUST_PROXY: unset/false = the socket's address (no proxy); a hop count
 * ("1": the load balancer in front); or addresses and CIDRs ("10.0.0.0/8,127.0.0.1"). `true` (every
 * peer trusted) is refused (settingsCheck.ts).
 */
export function trustProxyFrom(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (!v || flag(v) === false) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * A count or a duration: unset means the default; anything but a positive whole number stops the
 * start (a limit read as NaN would limit nothing).
 */
function positive(env: NodeJS.ProcessEnv, name: string, what: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be ${what}, got "${value}"`);
  return Number(value);
}

/** RELEASE_ROLLBACK_ERROR_RATE: a percentage ("2", "2%", "0.5"), checked by settingsCheck.ts. */
const errorPercent = (value: string | undefined): number | undefined => (value?.trim() ? Number(value.trim().replace(/\s*%$/, '')) : undefined);

/**
 * Every setting from the environment (.env.example lists them). A real shop, meaning a
 * PostgreSQL server (DATABASE_URL) or NODE_ENV=production, gets no demo data unless SEED_DEMO=1 says
 * so, and never the demo's known admin password: without ADMIN_PASSWORD a strong one is made and
 * printed once, when the super admin is created. The embedded `npm start` demo keeps both.
 */
export function readSettings(env: NodeJS.ProcessEnv, apiDir = __dirname): Settings {
  // Every wrong value at once (settingsCheck.ts), before any is used.
  const problems = settingsProblems(env);
  if (problems.length) throw new SettingsError(problems);
  const databaseUrl = env.DATABASE_URL || undefined;
  const realShop = Boolean(databaseUrl) || env.NODE_ENV === 'production';
  const givenPassword = env.ADMIN_PASSWORD || undefined;
  const authRateLimit = positive(env, 'AUTH_RATE_LIMIT', 'a number of failed logins a minute');
  const adminPassword = givenPassword ?? (realShop ? randomBytes(18).toString('base64url') : DEMO_ADMIN_PASSWORD);
  return {
    port: positive(env, 'PORT', 'a port number') ?? 3000,
    host: env.HOST || '0.0.0.0',
    shutdownTimeoutMs: positive(env, 'SHUTDOWN_TIMEOUT_MS', 'a number of milliseconds') ?? 10_000,
    workers: positive(env, 'WORKERS', 'a number of API processes') ?? os.availableParallelism(),
    warnings: settingsWarnings(env),
    app: {
      databaseUrl,
      dataDir: path.resolve(env.DATA_DIR || './data'),
      jwtSecret: env.JWT_SECRET || undefined,
      secretsKey: env.SECRETS_KEY || undefined,
      // Issue 42: on for a real shop, off on the embedded demo (its demo logins stay one password).
      adminTwoFactorRequired: flag(env.ADMIN_2FA_REQUIRED) ?? realShop,
      adminEmail: env.ADMIN_EMAIL || 'admin@shop.local',
      adminPassword,
      announceAdminPassword: !givenPassword && realShop,
      seedDemo: flag(env.SEED_DEMO) ?? !realShop,
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      staticRoot: env.STATIC_ROOT ? path.resolve(env.STATIC_ROOT) : path.resolve(apiDir, '../..'),
      paypalClientId: env.PAYPAL_CLIENT_ID || null,
      paypalClientSecret: env.PAYPAL_CLIENT_SECRET || null,
      paypalApiBase: env.PAYPAL_API_BASE || undefined,
      ratesApiBase: env.RATES_API_BASE || undefined,
      // Issue 40: all three keys, or none (settingsCheck.ts); STRIPE_API_BASE for a stand-in.
      cards: env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE || undefined,
            jsUrl: env.STRIPE_JS_URL || undefined,
            holdMinutes: positive(env, 'CARD_HOLD_MINUTES', 'a number of minutes'),
          }
        : null,
      authRateLimit: authRateLimit === undefined ? undefined : { max: authRateLimit, windowMs: 60_000 },
      couponTryLimit: positive(env, 'COUPON_TRY_LIMIT', 'a number of coupon codes tried in 10 minutes'),
      trustProxy: trustProxyFrom(env.TRUST_PROXY),
      requestTimeoutMs: positive(env, 'REQUEST_TIMEOUT_MS', 'a number of milliseconds'),
      keepAliveTimeoutMs: positive(env, 'KEEP_ALIVE_TIMEOUT_MS', 'a number of milliseconds'),
      firstViewTimeoutMs: positive(env, 'FIRST_VIEW_TIMEOUT_MS', 'a number of milliseconds'),
      lowStockThreshold: positive(env, 'LOW_STOCK_THRESHOLD', 'a number of pieces'),
      contactMailPerHour: positive(env, 'CONTACT_MAIL_PER_HOUR', 'a number of contact messages an hour'),
      reviewsAutoApprove: flag(env.REVIEWS_AUTO_APPROVE),
      guestCheckout: flag(env.GUEST_CHECKOUT),
      reviewRequestDays: positive(env, 'REVIEW_REQUEST_DAYS', 'a number of days'),
      mail: {
        smtpUrl: env.SMTP_URL || undefined,
        from: env.MAIL_FROM || undefined,
        shopEmail: env.SHOP_EMAIL || undefined,
        leaseMs: positive(env, 'MAIL_LEASE_MS', 'a number of milliseconds'),
        publicUrl: (env.PUBLIC_URL || `http://localhost:${positive(env, 'PORT', 'a port number') ?? 3000}`).replace(/\/+$/, ''),
      },
      // Uploads in a bucket (storage/s3.ts) when S3_BUCKET names one; else under DATA_DIR/uploads.
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT || undefined,
            region: env.S3_REGION || undefined,
            forcePathStyle: flag(env.S3_FORCE_PATH_STYLE),
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
            publicUrl: env.S3_PUBLIC_URL || undefined,
          }
        : undefined,
      redisUrl: env.REDIS_URL || undefined,
      logger: flag(env.LOG) ?? true,
      metricsToken: env.METRICS_TOKEN || undefined,
      releases: {
        maxMb: positive(env, 'RELEASE_MAX_MB', 'a number of megabytes'),
        rollbackErrorPercent: errorPercent(env.RELEASE_ROLLBACK_ERROR_RATE),
        // The four built remotes become their first releases (releases/builtRemotes.ts): npm start, npm run cluster.
        registerBuilt: true,
      },
    },
  };
}

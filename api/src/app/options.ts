import type { Db } from '../db/client.js';
import type { HashCost } from '../lib/auth.js';
import type { LogStream } from '../ops/index.js';
import type { PaymentVerifier } from '../payments/index.js';
import type { ReleaseSettings } from '../releases/index.js';
import type { S3Settings } from '../storage/index.js';
import type { CardSettings } from '../cards/stripe.js';

// What buildApp (app.ts) takes: the settings (settings.ts reads them from the environment) and, for
// tests, what they put in place of the real thing.

/** E-mail settings (settings.ts). */
export interface MailSettings {
  smtpUrl?: string;
  from?: string;
  shopEmail?: string;
  publicUrl?: string;
  /** Tests: how long a claimed message is one sender's, and how often the outbox is polled. */
  leaseMs?: number;
  pollMs?: number;
}

export interface AppOptions {
  databaseUrl?: string;
  /** Embedded database, uploads and the generated JWT secret; without it: in-memory DB, temp uploads. */
  dataDir?: string;
  /** Uploads in a bucket instead of DATA_DIR/uploads (S3_*; storage/s3.ts). */
  s3?: S3Settings;
  seedDemo?: boolean;
  adminEmail?: string;
  /** The super admin's password when one is created; default: a random one, announced. */
  adminPassword?: string;
  /** Print the admin password once when the super admin is created (it was generated). */
  announceAdminPassword?: boolean;
  /**
   * Fastify's trustProxy (settings.ts, TRUST_PROXY): whose X-Forwarded-For names the client. `true`
   * (every peer) is for tests whose client plays the proxy; the settings refuse it for a real shop.
   */
  trustProxy?: boolean | number | string[];
  /** A request must arrive whole (headers and body) within this, else 408 (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs?: number;
  /** The repo root holding shell/dist and mfe-* /dist. */
  staticRoot?: string;
  /** A page's first view must be rendered within this, else the page goes without it (FIRST_VIEW_TIMEOUT_MS; web/firstViewRenderer.ts). */
  firstViewTimeoutMs?: number;
  /** 'Only N left' from this quantity down, and the dashboard's low stock (LOW_STOCK_THRESHOLD; default 3). */
  lowStockThreshold?: number;
  /** Contact messages e-mailed in an hour, shop-wide (CONTACT_MAIL_PER_HOUR; contact/service.ts). */
  contactMailPerHour?: number;
  /** Issue 40: GUEST_CHECKOUT=1: visitors may buy without an account whatever the store settings say. */
  guestCheckout?: boolean;
  /** REVIEWS_AUTO_APPROVE: a verified buyer's review is published at once (default off: moderated). */
  reviewsAutoApprove?: boolean;
  /** REVIEW_REQUEST_DAYS: days after delivery the review request e-mail goes (default 7). */
  reviewRequestDays?: number;
  /** E-mail (SMTP_URL, MAIL_FROM, SHOP_EMAIL, PUBLIC_URL); without an SMTP server, e-mail is kept in DATA_DIR/mail. */
  mail?: MailSettings;
  logger?: boolean;
  /** Where log lines go (tests read them); logging is on when given. */
  logStream?: LogStream;
  /** METRICS_TOKEN: the bearer token GET /api/metrics asks for; without it, only loopback clients are answered. */
  metricsToken?: string;
  jwtSecret?: string;
  /** SECRETS_KEY: seals the secrets the shop reads back (TOTP secrets, issue 42); generated into DATA_DIR when unset. */
  secretsKey?: string;
  /** ADMIN_2FA_REQUIRED: staff must set up two-factor sign-in before anything else (default off here; the settings turn it on for a real shop). */
  adminTwoFactorRequired?: boolean;
  corsOrigins?: string[];
  paypalClientId?: string | null;
  paypalClientSecret?: string | null;
  /** The provider's REST base (default: its sandbox). */
  paypalApiBase?: string;
  /** Issue 40: card payments (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE, STRIPE_JS_URL, CARD_HOLD_MINUTES); none: Card is not offered. */
  cards?: CardSettings | null;
  /** How often the card payments' background work runs (expired holds, refunds owed); default 30 s, 0: never (tests call it). */
  cardSweepMs?: number;
  /** How often orders left without an invoice number (their process died after the commit) are looked for; 0: only at start (tests). */
  invoiceSweepMs?: number;
  /** Currency-rate provider for USD conversion and price pre-fill. */
  ratesApiBase?: string;
  /** Failed logins per window, per IP and per account; registrations per IP and per email (lib/ratelimit.ts). */
  authRateLimit?: { max: number; windowMs: number };
  /** COUPON_TRY_LIMIT: coupon codes tried per account in 10 minutes (three times that per address; lib/ratelimit.ts). */
  couponTryLimit?: number;
  /** REDIS_URL: limits count in Redis rather than PostgreSQL (limits/). */
  redisUrl?: string;
  /** Redis keys' prefix (tests: one per run). */
  redisPrefix?: string;
  hashCost?: HashCost;
  paymentVerifier?: PaymentVerifier;
  /** Use an already open database (tests). */
  db?: Db;
  /** Keep every product page in memory ahead of the visitors (catalog/memory/productPages.ts); default true. */
  keepProductPages?: boolean;
  /** The catalogue cache's budget in bytes (default: CATALOG_CACHE_MB). */
  catalogCacheBytes?: number;
  /** Count searches without a keyword in memory (catalog/memory/facets.ts); default true. */
  countInMemory?: boolean;
  /** Tests: every answer checked against the endpoint map's schema (lib/answerCheck.ts). */
  checkAnswers?: boolean;
  /** The remotes' releases (RELEASE_MAX_MB, RELEASE_ROLLBACK_ERROR_RATE; releases/). */
  releases?: ReleaseSettings;
}

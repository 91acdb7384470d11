import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { Ctx } from './context.js';
import { createDb, isDatabaseUnavailable, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createAuth, DEFAULT_HASH_COST, type HashCost } from './lib/auth.js';
import { authLimits, COUPON_TRIES_PER_ACCOUNT, couponTries } from './lib/ratelimit.js';
import { createCounters } from './limits/index.js';
import { registerSecurityHeaders } from './lib/securityHeaders.js';
import { countWrites, createCatalog } from './catalog/index.js';
import type { PaymentVerifier } from './payments/index.js';
import { createRates, ratesRoutes } from './rates/index.js';
import { createPaypalClient, createWalletRefunder, createWalletVerifier, walletRoutes } from './wallet/index.js';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from './catalog/admin/images.js';
import { registerWeb } from './web/index.js';
import { createReleases, registerBuiltRemotes, type Releases, type ReleaseSettings } from './releases/index.js';
import { createFileStore, type S3Settings } from './storage/index.js';
import { loggerOptions, registerOps, requestIdOf, type LogStream } from './ops/index.js';
import { registerApiDocs } from './docs/index.js';
import { checkAnswers } from './lib/answerCheck.js';
import { seed } from './seed/index.js';
import accountRoutes from './accounts/routes.js';
import cartRoutes from './cart/routes.js';
import storefrontRoutes from './catalog/storefront/routes.js';
import productAdminRoutes from './catalog/admin/routes.js';
import productPublishingRoutes from './catalog/publishing/routes.js';
import configRoutes from './config/routes.js';
import currencyRoutes from './currencies/routes.js';
import { listCurrencies } from './currencies/service.js';
import discountRoutes from './discounts/routes.js';
import couponRoutes from './coupons/routes.js';
import filterRoutes from './filters/routes.js';
import orderRoutes from './orders/routes.js';
import exportRoutes from './exports/routes.js';
import reportRoutes from './reports/routes.js';
import userRoutes from './users/routes.js';
import wishlistRoutes from './wishlist/routes.js';
import stockRoutes from './stock/routes.js';
import { retryPendingRefunds } from './orders/service.js';
import mailRoutes from './mail/routes.js';
import contactRoutes, { DEFAULT_CONTACT_MAIL_PER_HOUR } from './contact/routes.js';
import auditRoutes from './audit/routes.js';
import reviewRoutes from './reviews/routes.js';
import { DEFAULT_REVIEW_REQUEST_DAYS } from './reviews/requests.js';
import { fieldWords } from './lib/fieldWords.js';
import adminSearchRoutes from './adminSearch/routes.js';
import localeRoutes from './locales/routes.js';
import { MailSender } from './mail/sender.js';
import { startSalesFold } from './reports/fold.js';
import { createMailComposer } from './mail/composer.js';
import { mailSecrets } from './mail/secrets.js';
import { folderTransport, smtpTransport } from './mail/transport.js';

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
import { COUPON_MESSAGES, DEFAULT_LOW_STOCK_THRESHOLD } from '@shop/contract';

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
  /** Contact messages e-mailed in an hour, shop-wide (CONTACT_MAIL_PER_HOUR; contact/routes.ts). */
  contactMailPerHour?: number;
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
  corsOrigins?: string[];
  paypalClientId?: string | null;
  paypalClientSecret?: string | null;
  /** The provider's REST base (default: its sandbox). */
  paypalApiBase?: string;
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

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
    /** The remotes' releases in this process (releases/index.ts). */
    releases: Releases;
  }
}

/**
 * DATA_DIR holds the database, the uploads and the JWT secret: readable by this user only. Made
 * 0700, and anything an older version left readable by others is closed too (files 0600).
 */
function makePrivate(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want) fs.chmodSync(at, want);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
}

/**
 * A hop count trusts that many proxies in front of the shop, whoever they are (Fastify itself
 * ignores a bare number): right only when the shop is reachable through them alone. Addresses and
 * CIDRs are checked against the peer itself.
 */
function trustProxyFn(trust: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function jwtSecret(opts: AppOptions): string {
  if (opts.jwtSecret) return opts.jwtSecret;
  if (!opts.dataDir) return randomBytes(32).toString('hex');
  const file = path.join(opts.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('hex');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What a request that needed the database is told while it cannot be reached (issue 16 #8). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_S = 5;

/** REQUEST_TIMEOUT_MS: headers and body must arrive within this (issue 16 #7: slow bodies held sockets for minutes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * KEEP_ALIVE_TIMEOUT_MS: Fastify's default, kept longer than the 60 s idle timeout of common load
 * balancers, which would otherwise reuse a connection this side has just closed (a 502).
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;

const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '22P02': [400, 'Invalid input'],
  '22003': [400, 'A number is out of range'],
  '22001': [400, 'A value is too long'],
  '22021': [400, 'Input contains characters that are not allowed'],
  '22P05': [400, 'Input contains characters that are not allowed'],
  '54001': [400, 'Input is too complex'],
  '23505': [409, 'This already exists'],
  '23503': [409, 'A referenced item does not exist or is still in use'],
  // statement_timeout (PG_STATEMENT_TIMEOUT_MS): the database is overloaded; the client may retry.
  '57014': [503, 'The shop is busy, please try again'],
  '23514': [400, 'A value is not allowed'],
  // A date the database cannot hold (inputs are checked first: discounts/service.ts); a safety net.
  '22008': [400, 'A date is out of range'],
  '22009': [400, 'A date is out of range'],
};

export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = opts.dataDir;
  if (dataDir) makePrivate(dataDir);
  // With a bucket, nothing is written under DATA_DIR/uploads.
  const files = createFileStore({ s3: opts.s3, uploadsDir: () => (dataDir ? path.join(dataDir, 'uploads') : fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'))) });
  const ownDb = opts.db ?? (await createDb({ databaseUrl: opts.databaseUrl, dataDir }));
  await migrate(ownDb);
  // Every module writes through this one, so the catalogue's memory sees this process's writes at once.
  const db = countWrites(ownDb);

  const requestTimeout = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Every log line of a request carries its id (X-Request-Id, ops/requestIds.ts); secrets are redacted (ops/logging.ts).
    logger: loggerOptions(opts.logger ?? false, opts.logStream),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyFn(opts.trustProxy ?? false),
    // A body sent a byte at a time is cut off with 408 (issue 16 #7): Node checks the clock every
    // connectionsCheckingInterval, so that is kept well under the timeout. A socket silent both
    // ways for connectionTimeout (a client that stopped reading its answer) is closed too.
    requestTimeout,
    connectionTimeout: 2 * requestTimeout,
    keepAliveTimeout: opts.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    http: { connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))) },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false, allowUnionTypes: true } },
  });
  app.server.headersTimeout = requestTimeout;
  const limit = opts.authRateLimit ?? { max: 10, windowMs: 60_000 };
  const rates = createRates({ apiBase: opts.ratesApiBase });
  // Without the secret the wallet option stays hidden: the client id is only published when payments can be verified.
  const paypal =
    opts.paypalClientId && opts.paypalClientSecret
      ? createPaypalClient({ clientId: opts.paypalClientId, clientSecret: opts.paypalClientSecret, apiBase: opts.paypalApiBase })
      : null;
  const lowStockThreshold = opts.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const catalog = await createCatalog(db, {
    keepProductPages: opts.keepProductPages,
    cacheBytes: opts.catalogCacheBytes,
    countInMemory: opts.countInMemory,
    pageOptions: { withStock: true, lowStockThreshold },
  });
  app.addHook('onClose', () => catalog.close());
  app.addHook('onClose', () => files.close());
  // On the uncounted database: a limit's hit changes no catalogue data (ownWrites.ts).
  const counters = createCounters(ownDb, { redisUrl: opts.redisUrl, redisPrefix: opts.redisPrefix, log: app.log });
  app.addHook('onClose', () => counters.close());
  const signingSecret = jwtSecret(opts);
  const ctx: Ctx = {
    db,
    catalog,
    auth: createAuth(db, signingSecret, opts.hashCost ?? DEFAULT_HASH_COST),
    files,
    paypalClientId: paypal ? opts.paypalClientId! : null,
    limits: authLimits(limit, counters),
    couponTries: couponTries(opts.couponTryLimit ?? COUPON_TRIES_PER_ACCOUNT, counters, COUPON_MESSAGES.tooManyTries),
    counters,
    payments: opts.paymentVerifier ?? createWalletVerifier({ paypal, rates }),
    refundPayment: createWalletRefunder(paypal),
    lowStockThreshold,
    contactMailPerHour: opts.contactMailPerHour ?? DEFAULT_CONTACT_MAIL_PER_HOUR,
    reviewsAutoApprove: opts.reviewsAutoApprove ?? false,
    reviewRequestDays: opts.reviewRequestDays ?? DEFAULT_REVIEW_REQUEST_DAYS,
    rates,
    shop: {
      name: 'Aurelia Jewels',
      publicUrl: (opts.mail?.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
      email: opts.mail?.shopEmail ?? 'shop@aurelia.local',
    },
    mailSecrets: mailSecrets(signingSecret),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  if (!opts.db) app.addHook('onClose', () => db.close());

  // JSON: an empty body counts as no body; malformed JSON is a 400 that says so.
  app.removeContentTypeParser('application/json');
  app.removeContentTypeParser('text/plain'); // JSON and multipart only: anything else is 415
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      const err = new Error('Body must not contain NUL characters') as FastifyError;
      err.statusCode = 400;
      return done(err, undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Body is not valid JSON') as FastifyError;
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  app.setErrorHandler((err: FastifyError & { retryAfter?: number; code?: string }, req, reply) => {
    if (err.validation) {
      const text = err.message.replace(/must match pattern "\^\[0-9a-fA-F\]\{8\}[^"]*"/g, 'must be a valid id');
      const fields = err.validationContext === 'body' ? fieldWords(err.validation) : {};
      return reply.code(400).send(Object.keys(fields).length ? { message: text, fields } : { message: text });
    }
    if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
    const status = err.statusCode ?? 500;
    const fields = (err as { fields?: Record<string, string> }).fields;
    if (status >= 400 && status < 500) return reply.code(status).send(fields ? { message: err.message, fields } : { message: err.message });
    const pgErr = err.code ? PG_CLIENT_ERRORS[err.code] : undefined;
    if (pgErr) return reply.code(pgErr[0]).send({ message: pgErr[1] });
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_S)).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error(err);
    return reply.code(500).send({ message: 'Internal server error' });
  });

  if (opts.checkAnswers) checkAnswers(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  if (opts.corsOrigins?.length) {
    await app.register(cors, { origin: opts.corsOrigins, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], maxAge: 600 });
  }
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES + 2, fields: 30, fieldSize: 256 * 1024, parts: 60 } });
  await registerApiDocs(app);
  registerOps(app, { db: ownDb, q: db, catalog, metricsToken: opts.metricsToken });

  // The release store, what is live and its health (issue 36); on the uncounted database: no catalogue data.
  const releases = await createReleases(app, ctx, ownDb, { dataDir, s3: opts.s3, staticRoot: opts.staticRoot, settings: opts.releases });
  app.addHook('onClose', () => releases.close());
  app.decorate('releases', releases);

  await app.register(
    async (api) => {
      await api.register(async (scope) => releases.routes(scope, ctx));
      for (const routes of [configRoutes, accountRoutes, userRoutes, storefrontRoutes, productAdminRoutes, stockRoutes, mailRoutes, contactRoutes, filterRoutes, currencyRoutes, discountRoutes, couponRoutes, cartRoutes, wishlistRoutes, orderRoutes, exportRoutes, reportRoutes, auditRoutes, adminSearchRoutes, reviewRoutes, localeRoutes]) {
        await api.register(async (scope) => routes(scope, ctx));
      }
      await api.register(async (scope) => productPublishingRoutes(scope, ctx));
      const shopCodes = async () => (await listCurrencies(db)).map((c) => c.code);
      await api.register(async (scope) => ratesRoutes(scope, { rates, shopCodes, optionalUser: ctx.auth.optional }));
      await api.register(async (scope) => walletRoutes(scope, { ctx, paypal, rates }));
    },
    { prefix: '/api' },
  );

  const sendPage = await registerWeb(app, { staticRoot: opts.staticRoot, files, catalog, firstViewTimeoutMs: opts.firstViewTimeoutMs, publicUrl: ctx.shop.publicUrl, releases: releases.web });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isAsset = /^\/(api|uploads|mfe-[^/]+)(\/|$)/.test(url) || path.extname(url) !== '';
    // A client route: the shop's page, 404 when the shell has no such page (web/pages.ts).
    if (sendPage && (req.method === 'GET' || req.method === 'HEAD') && !isAsset) return sendPage(req, reply);
    return reply.code(404).send({ message: `Route ${req.method} ${url} not found` });
  });

  const adminEmail = opts.adminEmail ?? 'admin@shop.local';
  const adminPassword = opts.adminPassword ?? randomBytes(18).toString('base64url');
  const { adminCreated } = await seed(ctx, { adminEmail, adminPassword, demo: opts.seedDemo ?? false });
  if (adminCreated && (opts.announceAdminPassword || opts.adminPassword === undefined)) {
    // Shown once, at creation: it is stored only as a hash.
    console.log(`Super admin created: ${adminEmail} with the password ${adminPassword} (shown once; change it after signing in).`);
  }
  if (opts.releases?.registerBuilt && opts.staticRoot) await registerBuiltRemotes(releases.deps, opts.staticRoot, app.log);
  const composer = createMailComposer();
  // The sender's claims and marks change no catalogue data: on the uncounted database, they do not make
  // the catalogue's memory ask for its version again (CatalogVersion, ownWrites.ts).
  const mail = new MailSender(ownDb, {
    transport: opts.mail?.smtpUrl ? smtpTransport(opts.mail.smtpUrl) : folderTransport(path.join(dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-')), 'mail')),
    compose: composer.compose,
    shop: ctx.shop,
    secrets: ctx.mailSecrets,
    from: opts.mail?.from ?? 'Aurelia Jewels <shop@aurelia.local>',
    log: app.log,
    leaseMs: opts.mail?.leaseMs,
    pollMs: opts.mail?.pollMs,
  });
  await mail.start();
  app.addHook('onClose', async () => {
    await mail.close();
    await composer.close();
  });
  // The insight's roll-ups take their deltas in now and then (reports/fold.ts), in every process. Like the
  // sender's, its writes are no catalogue data: on the uncounted database, they do not make the catalogue's
  // memory ask for its version again.
  const fold = startSalesFold(ownDb, app.log);
  app.addHook('onClose', () => fold.close());
  // Wallet refunds owed by a cancel or reject that the process did not live to see answered.
  retryPendingRefunds(db, ctx.refundPayment, app.log).catch((error) => app.log.error({ error }, 'pending refunds could not be retried'));
  return app;
}

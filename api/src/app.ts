import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import multipart from '@fastify/multipart';
import { COUPON_MESSAGES, DEFAULT_LOW_STOCK_THRESHOLD } from '@shop/contract';
import type { Ctx } from './context.js';
import { secretBox } from './lib/secretBox.js';
import { createAuth, DEFAULT_HASH_COST } from './lib/auth.js';
import { authLimits, COUPON_TRIES_PER_ACCOUNT, couponTries } from './lib/ratelimit.js';
import { createCounters } from './limits/index.js';
import { registerSecurityHeaders } from './lib/securityHeaders.js';
import { invoiceNumbers } from './invoices/numbering.js';
import { createCatalog } from './catalog/index.js';
import { createRates } from './rates/index.js';
import { createPaypalClient, createWalletRefunder, createWalletVerifier } from './wallet/index.js';
import { cardPayments, cardRefunder } from './cards/service.js';
import { createStripe } from './cards/stripe.js';
import { PAYMENT_CARD, PAYMENT_WALLET, refundersByMethod } from './payments/index.js';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from './catalog/admin/images.js';
import { registerWeb } from './web/index.js';
import { withContent } from './content/forWeb.js';
import { withReviewsInPages } from './reviews/forWeb.js';
import { createReleases, registerBuiltRemotes, type Releases } from './releases/index.js';
import { createFileStore } from './storage/index.js';
import { loggerOptions, registerOps, requestIdOf } from './ops/index.js';
import { registerApiDocs } from './docs/index.js';
import { checkAnswers } from './lib/answerCheck.js';
import { seed } from './seed/index.js';
import { DEFAULT_CONTACT_MAIL_PER_HOUR } from './contact/service.js';
import { DEFAULT_REVIEW_REQUEST_DAYS } from './reviews/requests.js';
import { startReviewLists } from './reviews/keptLists.js';
import { mailSecrets } from './mail/secrets.js';
import { previewSigner } from './catalog/storefront/preview.js';
import { startBackgroundWork } from './app/background.js';
import { openDatabases } from './app/databases.js';
import { registerBodyParsers, registerErrorMapping } from './app/errors.js';
import type { AppOptions } from './app/options.js';
import { registerApiRoutes } from './app/routeRegistry.js';

// The shop's API process put together: its settings (app/options.ts), the database's two handles
// (app/databases.ts), the context every domain receives, error mapping (app/errors.ts), the operator's
// routes and the docs, every domain's routes (app/routeRegistry.ts), the pages, the seed, and the
// background work (app/background.ts).

export type { AppOptions, MailSettings } from './app/options.js';
export { DATABASE_UNAVAILABLE_MESSAGE } from './app/errors.js';

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
  return keptSecret(opts, opts.jwtSecret, 'jwt-secret');
}

/** A key given by a setting, else the one kept in DATA_DIR under `name` (made once), else (no DATA_DIR) a fresh one. */
function keptSecret(opts: AppOptions, given: string | undefined, name: string): string {
  if (given) return given;
  if (!opts.dataDir) return randomBytes(32).toString('hex');
  const file = path.join(opts.dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('hex');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** REQUEST_TIMEOUT_MS: headers and body must arrive within this (issue 16 #7: slow bodies held sockets for minutes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * KEEP_ALIVE_TIMEOUT_MS: Fastify's default, kept longer than the 60 s idle timeout of common load
 * balancers, which would otherwise reuse a connection this side has just closed (a 502).
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Stripe.js and the API it calls, when they are not https (a local stand-in): https: covers Stripe's own. */
function cardOrigins(cards: { jsUrl: string } | null, apiBase: string | undefined): string[] {
  if (!cards) return [];
  return [...new Set([cards.jsUrl, apiBase].filter((u): u is string => !!u).map((u) => new URL(u)).filter((u) => u.protocol === 'http:').map((u) => u.origin))];
}

export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = opts.dataDir;
  if (dataDir) makePrivate(dataDir);
  // With a bucket, nothing is written under DATA_DIR/uploads.
  const files = createFileStore({ s3: opts.s3, uploadsDir: () => (dataDir ? path.join(dataDir, 'uploads') : fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'))) });
  // Every module writes through the counted database, so the catalogue's memory sees this process's
  // writes at once; the background writers through the other (db/background.ts).
  const databases = await openDatabases({ db: opts.db, databaseUrl: opts.databaseUrl, dataDir });
  const db = databases.counted;

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
  // Issue 40: Card is offered only with all three keys (settings.ts refuses one without the others).
  const cardSettings = opts.cards?.secretKey && opts.cards.publishableKey && opts.cards.webhookSecret ? opts.cards : null;
  const cards = cardPayments(cardSettings ? createStripe(cardSettings) : null, cardSettings);
  const lowStockThreshold = opts.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const catalog = await createCatalog(db, {
    keepProductPages: opts.keepProductPages,
    cacheBytes: opts.catalogCacheBytes,
    countInMemory: opts.countInMemory,
    pageOptions: { withStock: true, lowStockThreshold },
  });
  app.addHook('onClose', () => catalog.close());
  const reviewLists = await startReviewLists(db, opts.catalogCacheBytes);
  app.addHook('onClose', () => reviewLists.close());
  app.addHook('onClose', () => files.close());
  // On the background database: a limit's hit changes no catalogue data (ownWrites.ts).
  const counters = createCounters(databases.background, { redisUrl: opts.redisUrl, redisPrefix: opts.redisPrefix, log: app.log });
  app.addHook('onClose', () => counters.close());
  const signingSecret = jwtSecret(opts);
  const ctx: Ctx = {
    db,
    catalog,
    auth: createAuth(db, signingSecret, opts.hashCost ?? DEFAULT_HASH_COST, { adminTwoFactorRequired: opts.adminTwoFactorRequired ?? false }),
    // Issue 42: TOTP secrets sealed with SECRETS_KEY (generated into DATA_DIR like the JWT secret).
    totpSecrets: secretBox(keptSecret(opts, opts.secretsKey, 'secrets-key'), 'totp'),
    files,
    paypalClientId: paypal ? opts.paypalClientId! : null,
    limits: authLimits(limit, counters),
    couponTries: couponTries(opts.couponTryLimit ?? COUPON_TRIES_PER_ACCOUNT, counters, COUPON_MESSAGES.tooManyTries),
    counters,
    payments: opts.paymentVerifier ?? createWalletVerifier({ paypal, rates }),
    cards,
    refundPayment: refundersByMethod({ [PAYMENT_WALLET]: createWalletRefunder(paypal), [PAYMENT_CARD]: cardRefunder(cards) }),
    // Its writes (numbers, documents, the confirmations' outbox rows) are no catalogue data (ownWrites.ts).
    invoiceNumbers: invoiceNumbers(databases.background, app.log),
    lowStockThreshold,
    contactMailPerHour: opts.contactMailPerHour ?? DEFAULT_CONTACT_MAIL_PER_HOUR,
    reviewsAutoApprove: opts.reviewsAutoApprove ?? false,
    reviewLists,
    guestCheckoutEnv: opts.guestCheckout ?? false,
    reviewRequestDays: opts.reviewRequestDays ?? DEFAULT_REVIEW_REQUEST_DAYS,
    rates,
    shop: {
      name: 'Aurelia Jewels',
      publicUrl: (opts.mail?.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
      email: opts.mail?.shopEmail ?? 'shop@aurelia.local',
    },
    mailSecrets: mailSecrets(signingSecret),
    preview: previewSigner(signingSecret),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  if (!opts.db) app.addHook('onClose', () => db.close());

  registerBodyParsers(app);
  registerErrorMapping(app);

  if (opts.checkAnswers) checkAnswers(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js (issue 40) from where STRIPE_JS_URL says, loaded only when a buyer picks Card.
        scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com', ...(cards ? [new URL(cards.jsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https:', ...cardOrigins(cards, cardSettings?.apiBase)],
        frameSrc: ["'self'", 'https:', ...cardOrigins(cards, cardSettings?.apiBase)],
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
  // Answers made per request (a cart, an order) are compressed once and never again: brotli at quality 1, as
  // a page's first send (lib/compression.ts). @fastify/compress's quality 4 was a fifth of a cart add's CPU
  // (a 10-line cart in four currencies, ~8 KB), for ~10 % fewer bytes (bench/README, 2026-11-30).
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES + 2, fields: 30, fieldSize: 256 * 1024, parts: 60 } });
  await registerApiDocs(app);
  registerOps(app, { db: databases.background, q: db, catalog, metricsToken: opts.metricsToken });

  // The release store, what is live and its health (issue 36); on the background database: no catalogue data.
  const releases = await createReleases(app, ctx, databases.background, { dataDir, s3: opts.s3, staticRoot: opts.staticRoot, settings: opts.releases });
  app.addHook('onClose', () => releases.close());
  app.decorate('releases', releases);

  await registerApiRoutes(app, { ctx, releases, rates, paypal });

  const sendPage = await registerWeb(app, { staticRoot: opts.staticRoot, files, catalog: withContent(withReviewsInPages(catalog, reviewLists, db), db), firstViewTimeoutMs: opts.firstViewTimeoutMs, publicUrl: ctx.shop.publicUrl, releases: releases.web });
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
  await startBackgroundWork(app, { ctx, databases, mail: opts.mail, dataDir, cardSweepMs: opts.cardSweepMs, invoiceSweepMs: opts.invoiceSweepMs });
  return app;
}

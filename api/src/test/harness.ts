import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import type { Ctx } from '../context.js';
import { createDb, type Db } from '../db/client.js';
import { migrate, migrations } from '../db/migrate.js';
import { insertUser } from '../accounts/queries.js';
import { createOwnDatabase } from './ownDatabase.js';
import { createProduct, type ProductInput } from '../catalog/admin/service.js';
import { createCurrency } from '../currencies/service.js';
import { createDiscount, type DiscountInput } from '../discounts/service.js';

jest.setTimeout(120_000);

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}
export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  raw?: RequestInit['body'];
}

export interface TestApp {
  app: FastifyInstance;
  ctx: Ctx;
  url: string;
  /** The PostgreSQL database it uses (undefined on PGlite): another app given it shares it (startTestApp({ databaseUrl })). */
  databaseUrl?: string;
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<Answer<T>>;
  adminToken: string;
  superToken: string;
  customer(name?: string): Promise<{ id: string; token: string; email: string; password: string; fullName: string }>;
  admin(name?: string): Promise<{ id: string; token: string; email: string; password: string; fullName: string }>;
  currency(code: string, symbol?: string): Promise<{ _id: string; code: string; symbol: string; name: string }>;
  product(input: Partial<ProductInput> & { title: string }): Promise<any>;
  discount(input: DiscountInput): Promise<any>;
  fingerprint(): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;
/**
 * fingerprint(): tables that are no shop data: the limits' counters (a refused request may count); the
 * insight's sales roll-ups and their deltas (migration 022: sums of the orders, which are fingerprinted;
 * the API's fold moves deltas into the roll-ups on its own time, between or during two fingerprints).
 */
const NOT_FINGERPRINTED = new Set(['rate_limits', 'sales_daily', 'sales_delta', 'product_sales', 'product_sales_delta']);
/** fingerprint(): the columns a table is compared by, where some change later by themselves (the mail sender's). */
const FINGERPRINT_COLUMNS: Record<string, string> = {
  mail_outbox: `(t.id, t.idempotency_key, t.kind, t.to_address, t.reply_to, t.message, t.created_at)::text`,
};
const TEST_PASSWORD = 'password123';

/**
 * A PGlite dump of a freshly migrated database, named by a hash of the migrations (their ids joined once
 * made a 724-character name, which no file system takes: no snapshot was written and every test app
 * migrated from scratch, ~5 s each). Undefined if it cannot be written: the app then migrates itself.
 */
async function migratedSnapshot(): Promise<string | undefined> {
  const hash = createHash('md5').update(migrations.map((m) => `${m.id}\n${m.sql}`).join('\n')).digest('hex').slice(0, 16);
  const snap = path.join(os.tmpdir(), `shop-test-pglite-${migrations.length}-${hash}.tar`);
  if (fs.existsSync(snap)) return snap;
  const fresh = await createDb({});
  try {
    await migrate(fresh);
    await fresh.dump!(snap);
    return snap;
  } catch (error) {
    console.warn(`no PGlite test snapshot written (${error}): each test app migrates anew`);
    return undefined;
  } finally {
    await fresh.close();
  }
}

/**
 * Builds the app on in-memory PGlite, or on a fresh database of DATABASE_URL's server, and listens.
 * Given another app's databaseUrl, it shares that database (two API processes on one PostgreSQL); the
 * app that made the database drops it.
 */
export async function startTestApp(
  opts: Partial<AppOptions> & { databaseUrlFor?: (url: string) => string; postgresServer?: string } = {},
): Promise<TestApp> {
  // postgresServer: a test that is about PostgreSQL itself runs on it in the PGlite pass too.
  const { databaseUrlFor, postgresServer = process.env.DATABASE_URL, ...appOpts } = opts;
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined = appOpts.databaseUrl;
  if (postgresServer && !databaseUrl) {
    const own = await createOwnDatabase('shop_test', postgresServer);
    // The app may reach it another way (through a test's proxy); the harness drops it directly.
    databaseUrl = databaseUrlFor ? databaseUrlFor(own.url) : own.url;
    dropDb = own.drop;
  }
  // On PGlite, start from a snapshot of a freshly migrated database (made once per set of migrations,
  // before any app's seeding, so no test's options leak into another's start).
  let db: Db | undefined;
  if (!databaseUrl && !opts.db) db = await createDb({ loadFrom: await migratedSnapshot() });
  const app = await buildApp({
    db,
    databaseUrl,
    seedDemo: false,
    adminEmail: 'admin@test.local',
    adminPassword: 'admin12345',
    hashCost: { memoryCost: 1024, timeCost: 1 },
    authRateLimit: { max: 1_000_000, windowMs: 60_000 },
    couponTryLimit: 1_000_000,
    jwtSecret: 'test-secret',
    // Every answer of an endpoint of the map is checked against its schema (lib/answerCheck.ts, issue 35).
    checkAnswers: true,
    ...appOpts,
  });
  if (db) app.addHook('onClose', () => db!.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const ctx = app.ctx;
  const passwordHash = await ctx.auth.hashPassword(TEST_PASSWORD);

  const superRow = await ctx.db.one<{ id: string }>(`SELECT id FROM users WHERE is_super_admin`);
  const makeUser = async (role: 'admin' | 'customer', name?: string) => {
    const n = ++counter;
    const fullName = name ?? `${role} ${n}`;
    const email = `${role}${n}-${randomBytes(3).toString('hex')}@test.local`;
    const u = await insertUser(ctx.db, { fullName, email, contact: `9${Date.now() % 1e6}${n}${Math.floor(Math.random() * 1000)}`, passwordHash, role });
    return { id: u!.id, token: ctx.auth.sign(u!.id), email, password: TEST_PASSWORD, fullName };
  };
  const adminUser = await makeUser('admin', 'Plain Admin');

  let fingerprintSql: string | undefined;
  const t: TestApp = {
    app,
    ctx,
    url,
    databaseUrl,
    adminToken: adminUser.token,
    superToken: ctx.auth.sign(superRow!.id),
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: RequestInit['body'] = o.raw;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    customer: (name) => makeUser('customer', name),
    admin: (name) => makeUser('admin', name),
    currency: (code, symbol = code[0]) => createCurrency(ctx.db, { name: `${code} money`, code, symbol }),
    product: (input) => createProduct(ctx.db, input),
    discount: (input) => createDiscount(ctx.db, input),
    async fingerprint() {
      // Release page views counted before are added once a second (releases/health.ts): add them now, so
      // they do not land between two prints.
      await app.releases.health.tick();
      // One statement for every table (the fuzz suite fingerprints around each of ~1,000 writes: one round
      // trip each, not one per table). The tables are those of the migrated schema, listed once.
      fingerprintSql ??= (await ctx.db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`))
        .filter(({ tablename }) => !NOT_FINGERPRINTED.has(tablename))
        .map(({ tablename }) => {
          // The outbox's sender delivers after commit, on its own time: what was enqueued is data, its delivery is not.
          const row = FINGERPRINT_COLUMNS[tablename] ?? 't::text';
          // The rows as a multiset: a sum of each row's 64-bit hash, which no order changes, so nothing is sorted
          // (the fuzz suite on PGlite, side by side with the sorted string_agg it replaces: 89 s against 97).
          return `SELECT '${tablename}' AS name, count(*) AS n, coalesce(sum(hashtextextended(${row}, 0)), 0)::text AS h FROM "${tablename}" t`;
        })
        .join(' UNION ALL ');
      const rows = await ctx.db.query<{ name: string; n: number; h: string }>(fingerprintSql);
      return rows
        .map((r) => `${r.name}:${r.n}:${r.h}`)
        .sort()
        .join('\n');
    },
    async close() {
      // A test ends with its connections: one still open (a fetch whose answer was never read) would
      // hold app.close() until its keep-alive timeout (72 s). The shop's own stop cuts them too (drain.ts).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      if (dropDb) await dropDb();
    },
  };
  return t;
}

/** A tiny valid PNG made by sharp (for upload tests). */
/** Polls fn until it is true, at most ms; answers whether it became true. */
export async function within(ms: number, fn: () => boolean | Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await fn()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function pngBytes(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c9a227' } }).png().toBuffer();
}

export function form(fields: Record<string, string>, files: Array<{ field: string; name: string; type: string; data: Buffer }> = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return fd;
}

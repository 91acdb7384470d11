// The catalogue cache answers without asking the database for the version, yet never from a stale
// one: this process's writes are seen by its very next read, other connections' writes within a
// short wait (NOTIFY), and while the listener is down every read asks the database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../db/client';
import { startTestApp, within, type TestApp } from '../../test/harness';
import { needs, POSTGRES_SERVER } from '../../test/services';
import { CatalogVersion } from './catalogVersion';
import { countWrites } from './ownWrites';

describe('read-your-writes through the API (this backend)', () => {
  let t: TestApp;
  let usd: { _id: string };
  let ring: { _id: string; slug: string };
  beforeAll(async () => {
    t = await startTestApp();
    usd = await t.currency('USD', '$');
    ring = await t.product({ title: 'Opal Ring', basePrice: [{ currType: usd._id, amount: 100 }] });
  });
  afterAll(() => t.close());

  const shop = () => t.call('POST', '/api/product/filter?limit=12&page=1', { body: { sortBy: 'basePrice', selectedCurr: usd._id } });
  const page = () => t.call('GET', `/api/product/slugSearch/${ring.slug}`);
  const usdPrice = (p: any) => p.basePrice.find((b: any) => b.currType === usd._id).amount;

  test('an admin price change shows on the very next list and product page', async () => {
    expect(usdPrice((await shop()).body.items[0])).toBe(100);
    expect(usdPrice((await page()).body)).toBe(100);
    const put = await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 80 }] } });
    expect(put.status).toBe(200);
    expect(usdPrice((await shop()).body.items[0])).toBe(80);
    expect(usdPrice((await page()).body)).toBe(80);
  });

  test('a new discount, and a change to it, show on the very next read', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const d = await t.call('POST', '/api/discounts', { token: t.adminToken, body: { title: 'Spring', discountType: 'percentage', timeLimit: until, value: [{ currType: usd._id, amount: 10 }] } });
    expect(d.status).toBe(201);
    expect((await page()).body.discounts).toEqual([]);
    await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { discounts: [d.body._id] } });
    expect((await page()).body.discounts.map((x: any) => x.title)).toEqual(['Spring']);
    expect((await shop()).body.items[0].discounts.map((x: any) => x.title)).toEqual(['Spring']);
    await t.call('PUT', `/api/discounts/${d.body._id}`, { token: t.adminToken, body: { title: 'Summer', discountType: 'percentage', timeLimit: until, value: [{ currType: usd._id, amount: 10 }] } });
    expect((await page()).body.discounts.map((x: any) => x.title)).toEqual(['Summer']);
  });
});

describe('CatalogVersion (this backend)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  test('repeated reads ask the database once; a write of this process makes the next read ask again', async () => {
    const v = new CatalogVersion(t.ctx.db);
    await v.start();
    const first = await v.current();
    await v.current();
    await v.current();
    expect(v.lookups).toBe(1);
    await t.currency('CHF');
    expect(await v.current()).toBeGreaterThan(first);
    await v.close();
  });

  test('the new version is notified, on PGlite before the write answers', async () => {
    const seen: number[] = [];
    const stop = await t.ctx.db.subscribe('catalog_version', (p) => seen.push(Number(p)), () => undefined);
    await t.currency('SEK');
    const { version } = (await t.ctx.db.one<{ version: number }>(`SELECT version FROM catalog_version`))!;
    if (t.ctx.db.kind === 'pglite') expect(seen).toContain(version);
    else expect(await within(2_000, async () => seen.includes(version))).toBe(true);
    await stop();
  });
});

/** A database of its own on the test PostgreSQL server (test/services.ts), whatever backend this run tests. */
async function pgDatabase(): Promise<{ url: string; admin: pg.Client; drop: () => Promise<void> }> {
  const server = POSTGRES_SERVER;
  const name = `shop_fresh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect().catch((err) => {
    throw new Error(`these tests need PostgreSQL at ${server}: ${err.message}`);
  });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    admin,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

needs('postgres').describe('PostgreSQL: other connections, a lost listener, slow queries', () => {
  let pgdb: Awaited<ReturnType<typeof pgDatabase>>;
  let db: Db;
  let t: TestApp;
  let other: pg.Client;
  let usd: { _id: string };
  let ring: { _id: string; slug: string };
  beforeAll(async () => {
    pgdb = await pgDatabase();
    db = await createDb({ databaseUrl: pgdb.url, statementTimeoutMs: 1_000 });
    t = await startTestApp({ db });
    other = new pg.Client({ connectionString: pgdb.url });
    await other.connect();
    usd = await t.currency('USD', '$');
    ring = await t.product({ title: 'Jade Ring', basePrice: [{ currType: usd._id, amount: 100 }] });
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
    await db?.close();
    await pgdb?.drop();
  });

  const priceShown = async () => (await t.call('GET', `/api/product/slugSearch/${ring.slug}`)).body.basePrice[0].amount;
  const setPrice = (minor: number) => other.query(`UPDATE product_prices SET amount = $1 WHERE product_id = $2`, [minor, ring._id]);
  /** The app's listener and the test's own. */
  const listeners = async () =>
    (await other.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen catalog_version'`)).rows[0].n;

  test('a write by another connection reaches the cached answers within a short wait', async () => {
    expect(await priceShown()).toBe(100);
    await setPrice(12_300);
    expect(await within(2_000, async () => (await priceShown()) === 123)).toBe(true);
  });

  test('while the listener is down every read asks the database; after it is back, notifications again', async () => {
    const v = new CatalogVersion(countWrites(db));
    await v.start();
    const before = await v.current();
    const dbName = new URL(pgdb.url).pathname.slice(1);
    // No reconnection possible: only the lookup through the pool's open connection can see the write.
    await pgdb.admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    try {
      expect(await listeners()).toBe(2);
      await other.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'listen catalog_version' AND datname = current_database()`);
      expect(await within(2_000, async () => (await listeners()) === 0)).toBe(true);
      await setPrice(45_600);
      expect(await within(1_000, async () => (await v.current()) > before)).toBe(true);
    } finally {
      await pgdb.admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    }
    expect(await within(10_000, async () => (await listeners()) === 2)).toBe(true);
    // The connection shows in pg_stat_activity before its LISTEN is done: listening again is when a
    // read no longer asks the database (the first read after reconnecting asks once).
    const readAsksNothing = async () => {
      const n = v.lookups;
      await v.current();
      return v.lookups === n;
    };
    expect(await within(2_000, readAsksNothing)).toBe(true);
    const lookups = v.lookups;
    const after = await v.current();
    expect(v.lookups).toBe(lookups);
    await setPrice(78_900);
    expect(await within(2_000, async () => (await v.current()) > after)).toBe(true);
    expect(v.lookups).toBe(lookups);
    expect(await within(2_000, async () => (await priceShown()) === 789)).toBe(true);
    await v.close();
  });

  test('a query past the statement timeout is cancelled: a 503 JSON answer the client may retry, not a hang', async () => {
    await expect(db.query(`SELECT pg_sleep(3)`)).rejects.toMatchObject({ code: '57014' });
    await other.query('BEGIN');
    try {
      await other.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const t0 = Date.now();
      const r = await t.call('POST', '/api/product/filter?limit=5&page=1&keyword=jade', { body: {} });
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ message: 'The shop is busy, please try again' });
    } finally {
      await other.query('ROLLBACK');
    }
    expect((await t.call('POST', '/api/product/filter?limit=5&page=1&keyword=jade', { body: {} })).body.itemCount).toBe(1);
  });
});

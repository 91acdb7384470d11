// Every product page is kept in memory ahead of the visitors: served without a query once filled,
// byte for byte the answer the route makes itself, filled again after a catalogue change (and never
// served stale meanwhile), within the budget share, and walked whole even when products share a
// creation time.
import { startTestApp, within, type TestApp } from '../../test/harness';
import { CatalogCache, answerKey } from './cache';
import { CatalogVersion } from './catalogVersion';
import { ProductPages, productPageKey } from './productPages';
import { StockStamps } from './stockStamps';
import { productBySlug } from '../storefront/service';

describe('product pages kept ahead of the visitors (this backend)', () => {
  let t: TestApp;
  let usd: { _id: string };
  const products: Array<{ _id: string; slug: string }> = [];
  beforeAll(async () => {
    t = await startTestApp();
    usd = await t.currency('USD', '$');
    for (const title of ['Opal Ring', 'Pearl Drop Earrings', 'Gold Cuff', 'Silver Chain', 'Ruby Pendant'])
      products.push(await t.product({ title, basePrice: [{ currType: usd._id, amount: 100 }], ...(title === 'Opal Ring' ? { translations: { fr: { title: 'Bague opale' } } } : {}) }));
  });
  afterAll(() => t.close());

  /** Until the app's own ProductPages is done and every page is kept under the current version (a change is notified a moment after it). */
  const filled = () =>
    within(10_000, async () => {
      const v = await new CatalogVersion(t.ctx.db).current(); // not listening: read from the database
      const memory = t.ctx.catalog.memory;
      return !memory.status().productPages.filling && products.every((p) => memory.keepsProductPage(p.slug, v) && memory.keepsProductPage(p.slug, v, 'fr'));
    });
  const page = (slug: string) => t.call('GET', `/api/product/slugSearch/${slug}`);

  /** Every page answered from memory, each the very answer the route makes now. */
  const servedFromMemory = async (live: Array<{ slug: string }>) => {
    const { misses } = t.ctx.catalog.memory.status().answers;
    for (const p of live) {
      const res = await page(p.slug);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(await productBySlug(t.ctx.db, p.slug, { withStock: true, lowStockThreshold: t.ctx.lowStockThreshold }))));
    }
    expect(t.ctx.catalog.memory.status().answers.misses).toBe(misses);
  };

  test('once filled, every product page is answered from memory, the same as the route makes it', async () => {
    expect(await filled()).toBe(true);
    await servedFromMemory(products);
    expect((await t.call('GET', '/api/health')).body.productPages).toEqual({ filling: false, kept: expect.any(Number) });
  });

  test('the French pages are kept ahead too (issue 37): answered from memory, in French', async () => {
    expect(await filled()).toBe(true);
    const { misses } = t.ctx.catalog.memory.status().answers;
    for (const p of products) {
      const res = await t.call('GET', `/api/product/slugSearch/${p.slug}?locale=fr`);
      expect([res.status, res.body.locale]).toEqual([200, 'fr']);
    }
    expect((await t.call('GET', `/api/product/slugSearch/${products[0].slug}?locale=fr`)).body.title).toBe('Bague opale');
    expect(t.ctx.catalog.memory.status().answers.misses).toBe(misses);
  });

  test('after a change the next read shows it, and the pages are filled again with it', async () => {
    const [ring] = products;
    const put = await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 80 }] } });
    expect(put.status).toBe(200);
    expect((await page(ring.slug)).body.basePrice[0].amount).toBe(80);
    expect(await filled()).toBe(true);
    const { misses } = t.ctx.catalog.memory.status().answers;
    for (const p of products) expect((await page(p.slug)).status).toBe(200);
    expect((await page(ring.slug)).body.basePrice[0].amount).toBe(80);
    expect(t.ctx.catalog.memory.status().answers.misses).toBe(misses);
  });

  test("after an edit of one product only its page is read again; the others are carried over to the new version", async () => {
    expect(await filled()).toBe(true);
    const kept = t.ctx.catalog.memory.status().productPages.kept;
    const earrings = products[1];
    const put = await t.call('PUT', `/api/product/${earrings._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 95 }] } });
    expect(put.status).toBe(200);
    expect(await filled()).toBe(true);
    expect(t.ctx.catalog.memory.status().productPages.kept).toBe(kept + 1);
    await servedFromMemory(products);
    expect((await page(earrings.slug)).body.basePrice[0].amount).toBe(95);
  });

  test('a change every page is made of (a new discount) reads every page again', async () => {
    expect(await filled()).toBe(true);
    const kept = t.ctx.catalog.memory.status().productPages.kept;
    await t.discount({ title: 'Winter 10%', discountType: 'percentage', timeLimit: '2099-01-01T00:00:00.000Z', value: [{ currType: usd._id, amount: 10 }] });
    expect(await filled()).toBe(true);
    expect(t.ctx.catalog.memory.status().productPages.kept).toBe(kept + products.length);
    await servedFromMemory(products);
  });

  test("a product's new slug is served from memory and its old one is a 404; so is a deleted product's", async () => {
    expect(await filled()).toBe(true);
    const [, , cuff, chain] = products;
    const oldSlug = cuff.slug;
    await t.ctx.db.query(`UPDATE products SET slug = 'gold-cuff-wide' WHERE id = $1`, [cuff._id]);
    cuff.slug = 'gold-cuff-wide';
    expect((await t.call('DELETE', `/api/product/${chain._id}`, { token: t.adminToken })).status).toBe(200);
    products.splice(products.indexOf(chain), 1);
    expect(await filled()).toBe(true);
    await servedFromMemory(products);
    expect((await page(oldSlug)).status).toBe(404);
    expect((await page(chain.slug)).status).toBe(404);
  });

  test('the database records which products each version changed, and "all of them" for a bulk change', async () => {
    const last = async () => (await t.ctx.db.one<{ version: string }>(`SELECT version::text FROM catalog_version`))!.version;
    const changes = (version: string) => t.ctx.db.query<{ product_id: string | null }>(`SELECT product_id FROM catalog_changes WHERE version = $1`, [version]);
    const ring = products[0];
    await t.ctx.db.query(`UPDATE product_prices SET amount = amount + 1 WHERE product_id = $1`, [ring._id]);
    expect(await changes(await last())).toEqual([{ product_id: ring._id }]);
    await t.ctx.db.query(`UPDATE currencies SET symbol = symbol WHERE id = $1`, [usd._id]);
    expect(await changes(await last())).toEqual([{ product_id: null }]);
    await t.ctx.db.query(`UPDATE products SET description = description WHERE id = ANY(SELECT id FROM products)`);
    expect((await changes(await last())).map((r) => r.product_id).sort()).toEqual(products.map((p) => p._id).sort());
    // Over a hundred products in one statement: one row for all of them (rolled back, to leave the catalogue as it was).
    const bulk = await t.ctx.db
      .tx(async (q) => {
        await q.query(`INSERT INTO products (slug, title, description) SELECT 'bulk-' || n, 'Bulk ' || n, '' FROM generate_series(1, 101) AS n`);
        const v = (await q.one<{ version: string }>(`SELECT version::text FROM catalog_version`))!.version;
        throw Object.assign(new Error('roll back'), { rows: await q.query(`SELECT product_id FROM catalog_changes WHERE version = $1`, [v]) });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(bulk).toEqual([{ product_id: null }]);
  });

  test('an unknown slug is still a 404, not kept', async () => {
    expect((await page('no-such-jewel')).status).toBe(404);
    expect((await page('no-such-jewel')).status).toBe(404);
  });

  test('the walk keeps every product once, across batches and products created at the same instant', async () => {
    await t.ctx.db.query(`UPDATE products SET created_at = '2026-01-01T00:00:00.123456Z' WHERE slug = ANY($1)`, [products.slice(1, 4).map((p) => p.slug)]);
    const version = new CatalogVersion(t.ctx.db);
    const cache = new CatalogCache(version);
    const pages = new ProductPages(t.ctx.db, cache, version, new StockStamps(), { withStock: true }, { batch: 2, share: 0.8, delayMs: 10 });
    pages.start();
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    await pages.close();
    const v = await version.current();
    expect(pages.kept).toBe(products.length);
    for (const p of products) expect(cache.has(answerKey(productPageKey(p.slug, new StockStamps())), v)).toBe(true);
  });

  test('a version announced again reads nothing, so an edit right after it reads its one page', async () => {
    // A version source this test announces by hand: a process announces the first version it learns
    // as a change too, and a walk run for it was cut short by the next edit, which then read them all.
    let announce: (version: number) => void = () => undefined;
    const dbVersion = async () => Number((await t.ctx.db.one<{ version: string }>(`SELECT version::text FROM catalog_version`))!.version);
    let current = await dbVersion();
    const version = {
      current: async () => current,
      onChange: (fn: (v: number) => void) => {
        announce = fn;
        return () => undefined;
      },
    };
    const cache = new CatalogCache(version);
    let reads = 0;
    const db = new Proxy(t.ctx.db, { get: (target, key) => (key === 'query' ? (...args: Parameters<typeof target.query>) => {
            reads++;
            return target.query(...args);
          } : Reflect.get(target, key)) });
    const pages = new ProductPages(db, cache, version, new StockStamps(), { withStock: true }, { batch: 2, share: 0.8, delayMs: 10 });
    pages.start();
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    expect(pages.kept).toBe(products.length);
    const readsAfterFill = reads;
    announce(current);
    expect(pages.filling).toBe(true);
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    expect(reads).toBe(readsAfterFill);
    await t.ctx.db.query(`UPDATE product_prices SET amount = amount + 1 WHERE product_id = $1`, [products[0]._id]);
    current = await dbVersion();
    announce(current);
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    await pages.close();
    expect(pages.kept).toBe(products.length + 1);
    for (const p of products) expect(cache.has(answerKey(productPageKey(p.slug, new StockStamps())), current)).toBe(true);
  });

  test('the pages fill no more than their share of the budget', async () => {
    const version = new CatalogVersion(t.ctx.db);
    // Room for about two pages: the walk stops at the first batch that finds the share full.
    const cache = new CatalogCache(version, 30_000, 2_500);
    const pages = new ProductPages(t.ctx.db, cache, version, new StockStamps(), { withStock: true }, { batch: 1, share: 0.5, delayMs: 10 });
    pages.start();
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    await pages.close();
    expect(pages.kept).toBeGreaterThan(0);
    expect(pages.kept).toBeLessThan(products.length);
  });
});

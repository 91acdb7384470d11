// Every product page is kept in memory ahead of the visitors: served without a query once filled,
// byte for byte the answer the route makes itself, filled again after a catalogue change (and never
// served stale meanwhile), within the budget share, and walked whole even when products share a
// creation time.
import { startTestApp, within, type TestApp } from '../test/harness';
import { CatalogCache, CatalogVersion, answerKey } from './cache';
import { ProductPages, productPageKey } from './productPages';
import { productBySlug } from './service';

describe('product pages kept ahead of the visitors (this backend)', () => {
  let t: TestApp;
  let usd: { _id: string };
  const products: Array<{ _id: string; slug: string }> = [];
  beforeAll(async () => {
    t = await startTestApp();
    usd = await t.currency('USD', '$');
    for (const title of ['Opal Ring', 'Pearl Drop Earrings', 'Gold Cuff', 'Silver Chain', 'Ruby Pendant'])
      products.push(await t.product({ title, basePrice: [{ currType: usd._id, amount: 100 }] }));
  });
  afterAll(() => t.close());

  /** Until the app's own ProductPages is done and every page is kept under the current version (a change is notified a moment after it). */
  const filled = () =>
    within(10_000, async () => {
      const v = await new CatalogVersion(t.ctx.db).current(); // not listening: read from the database
      return !t.ctx.productPages.filling && products.every((p) => t.ctx.catalogCache.has(answerKey(productPageKey(p.slug)), v));
    });
  const page = (slug: string) => t.call('GET', `/api/product/slugSearch/${slug}`);

  test('once filled, every product page is answered from memory, the same as the route makes it', async () => {
    expect(await filled()).toBe(true);
    const { misses } = t.ctx.catalogCache;
    for (const p of products) {
      const res = await page(p.slug);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(await productBySlug(t.ctx.db, p.slug))));
    }
    expect(t.ctx.catalogCache.misses).toBe(misses);
    expect((await t.call('GET', '/api/health')).body.productPages).toEqual({ filling: false, kept: expect.any(Number) });
  });

  test('after a change the next read shows it, and the pages are filled again with it', async () => {
    const [ring] = products;
    const put = await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 80 }] } });
    expect(put.status).toBe(200);
    expect((await page(ring.slug)).body.basePrice[0].amount).toBe(80);
    expect(await filled()).toBe(true);
    const { misses } = t.ctx.catalogCache;
    for (const p of products) expect((await page(p.slug)).status).toBe(200);
    expect((await page(ring.slug)).body.basePrice[0].amount).toBe(80);
    expect(t.ctx.catalogCache.misses).toBe(misses);
  });

  test('an unknown slug is still a 404, not kept', async () => {
    expect((await page('no-such-jewel')).status).toBe(404);
    expect((await page('no-such-jewel')).status).toBe(404);
  });

  test('the walk keeps every product once, across batches and products created at the same instant', async () => {
    await t.ctx.db.query(`UPDATE products SET created_at = '2026-01-01T00:00:00.123456Z' WHERE slug = ANY($1)`, [products.slice(1, 4).map((p) => p.slug)]);
    const version = new CatalogVersion(t.ctx.db);
    const cache = new CatalogCache(version);
    const pages = new ProductPages(t.ctx.db, cache, version, { batch: 2, share: 0.8, delayMs: 10 });
    pages.start();
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    await pages.close();
    const v = await version.current();
    expect(pages.kept).toBe(products.length);
    for (const p of products) expect(cache.has(answerKey(productPageKey(p.slug)), v)).toBe(true);
  });

  test('the pages fill no more than their share of the budget', async () => {
    const version = new CatalogVersion(t.ctx.db);
    // Room for about two pages: the walk stops at the first batch that finds the share full.
    const cache = new CatalogCache(version, 30_000, 2_500);
    const pages = new ProductPages(t.ctx.db, cache, version, { batch: 1, share: 0.5, delayMs: 10 });
    pages.start();
    expect(await within(10_000, () => !pages.filling)).toBe(true);
    await pages.close();
    expect(pages.kept).toBeGreaterThan(0);
    expect(pages.kept).toBeLessThan(products.length);
  });
});

import { gunzipSync } from 'node:zlib';
import type { TestApp } from '../test/harness';
import { startWithShell } from '../test/realShell';
import { productSitemaps } from './sitemap';

// /robots.txt and the sitemap (sitemap.ts, seoRoutes.ts) with the shell's real route table: the
// fixed pages search engines may list, every product with its last change, following the catalogue
// (kept per catalogue version: productListing.ts). On PGlite, and on PostgreSQL with DATABASE_URL.

const PUBLIC_URL = 'https://shop.example';

let t: TestApp;

const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(t.url + p, { headers });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), etag: res.headers.get('etag'), text: await res.text() };
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
/** Every product URL of the sitemap, with its lastmod, through the index as a crawler walks it. */
async function listedProducts(): Promise<Map<string, string>> {
  const listed = new Map<string, string>();
  for (const loc of locs((await get('/sitemap.xml')).text).filter((l) => l.includes('/sitemap-products-'))) {
    const sitemap = await get(loc.slice(PUBLIC_URL.length));
    for (const m of sitemap.text.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod>/g)) listed.set(m[1], m[2]);
  }
  return listed;
}

beforeAll(async () => {
  t = await startWithShell(PUBLIC_URL);
});
afterAll(() => t?.close());

describe('robots.txt', () => {
  test("keeps crawlers out of the guarded pages (the route table's guards), exactly, and points to the sitemap", async () => {
    const robots = await get('/robots.txt');
    expect([robots.status, robots.type, robots.cache]).toEqual([200, 'text/plain; charset=utf-8', 'no-cache']);
    const lines = robots.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/dashboard', '/products', '/orders', '/my-account/orders', '/my-account/addresses', '/login', '/register']) {
      expect(lines).toEqual(expect.arrayContaining([`Disallow: ${p}$`, `Disallow: ${p}?`]));
      // The same pages in French (issue 37).
      expect(lines).toEqual(expect.arrayContaining([`Disallow: /fr${p}$`, `Disallow: /fr${p}?`]));
    }
    // The public pages stay open; no rule is a bare prefix that would close a product (/orders-necklace).
    expect(lines.filter((l) => l.startsWith('Disallow:') && !/[$?]$/.test(l))).toEqual([]);
    expect(robots.text).not.toMatch(/Disallow: \/(shop|about|contact|cart)\b/);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('the sitemap', () => {
  test("an index of the fixed pages' sitemap and the products', as XML, no-cache with an ETag (304 when unchanged)", async () => {
    const index = await get('/sitemap.xml');
    expect([index.status, index.type, index.cache]).toEqual([200, 'application/xml; charset=utf-8', 'no-cache']);
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index.text)[0]).toBe(`${PUBLIC_URL}/sitemap-pages.xml`);
    expect((await get('/sitemap.xml', { 'if-none-match': index.etag! })).status).toBe(304);
  });

  test('the fixed pages: the home, /shop, about, contact and the privacy page once; no guarded page, no cart', async () => {
    const pages = await get('/sitemap-pages.xml');
    // Each in English and in French (issue 37), naming its other language and x-default (the English) as alternates.
    expect(locs(pages.text)).toEqual(['/', '/shop', '/about', '/contact', '/privacy-policy'].flatMap((p) => [PUBLIC_URL + p, `${PUBLIC_URL}/fr${p}`]));
    expect(pages.text).toContain(
      `<url><loc>${PUBLIC_URL}/fr/shop</loc><xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/shop"/><xhtml:link rel="alternate" hreflang="fr" href="${PUBLIC_URL}/fr/shop"/><xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/shop"/></url>`,
    );
    expect(pages.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  test('every product with its last change; a product added, renamed and deleted shows in the next answer', async () => {
    const ring = await t.product({ title: 'Sitemap Ring' });
    const pendant = await t.product({ title: 'Sitemap Pendant' });
    let listed = await listedProducts();
    // Every product in English and in French (issue 37).
    expect([...listed.keys()].sort()).toEqual([`${PUBLIC_URL}/fr/${pendant.slug}`, `${PUBLIC_URL}/fr/${ring.slug}`, `${PUBLIC_URL}/${pendant.slug}`, `${PUBLIC_URL}/${ring.slug}`]);
    expect(listed.get(`${PUBLIC_URL}/fr/${ring.slug}`)).toBe(listed.get(`${PUBLIC_URL}/${ring.slug}`));
    expect(listed.get(`${PUBLIC_URL}/${ring.slug}`)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const added = await t.product({ title: 'Sitemap Hoops' });
    listed = await listedProducts();
    expect(listed.has(`${PUBLIC_URL}/${added.slug}`)).toBe(true);

    // A rename keeps the slug (links keep working) and moves its last change.
    await t.ctx.db.query(`UPDATE products SET updated_at = '2021-03-04T05:06:07Z', created_at = '2021-03-04T05:06:07Z' WHERE id = $1`, [ring._id]);
    expect((await listedProducts()).get(`${PUBLIC_URL}/${ring.slug}`)).toBe('2021-03-04T05:06:07Z');
    expect((await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { title: 'Sitemap Ring, Renamed' } })).status).toBe(200);
    expect((await listedProducts()).get(`${PUBLIC_URL}/${ring.slug}`)! > '2025').toBe(true);

    expect((await t.call('DELETE', `/api/product/${pendant._id}`, { token: t.adminToken })).status).toBe(200);
    listed = await listedProducts();
    expect([listed.has(`${PUBLIC_URL}/${pendant.slug}`), listed.has(`${PUBLIC_URL}/fr/${pendant.slug}`), listed.size]).toEqual([false, false, 4]);
    expect((await get('/sitemap-products-2.xml')).status).toBe(404);
  });

  test('made once per catalogue version: a repeat reads nothing from the database', async () => {
    const before = await listedProducts();
    const query = jest.spyOn(t.ctx.db, 'query');
    try {
      const first = await get('/sitemap-products-1.xml');
      const again = await get('/sitemap-products-1.xml', { 'accept-encoding': 'identity' });
      expect([again.text, again.etag]).toEqual([first.text, first.etag]);
      expect(await listedProducts()).toEqual(before);
      expect(query.mock.calls.filter(([sql]) => String(sql).includes('FROM products'))).toEqual([]);
    } finally {
      query.mockRestore();
    }
  });

  test("at most perPage URLs a sitemap (50,000 by default), each with its newest change, a product's languages together", async () => {
    async function* batches() {
      yield [{ slug: 'a', lastmod: '2024-01-01T00:00:00Z' }, { slug: 'b', lastmod: '2024-03-01T00:00:00Z' }];
      yield [{ slug: 'c', lastmod: '2024-02-01T00:00:00Z' }];
    }
    const sitemaps = await productSitemaps('https://x.test', 5)(batches());
    const xml = sitemaps.map((s) => gunzipSync(s.body.body).toString());
    expect(xml.map(locs)).toEqual([
      ['https://x.test/a', 'https://x.test/fr/a', 'https://x.test/b', 'https://x.test/fr/b'],
      ['https://x.test/c', 'https://x.test/fr/c'],
    ]);
    expect(sitemaps.map((s) => s.lastmod)).toEqual(['2024-03-01T00:00:00Z', '2024-02-01T00:00:00Z']);
    expect(await productSitemaps('https://x.test')((async function* () {})())).toEqual([]);
  });
});

import { PAGE_HEADS } from '@shop/contract';
import type { TestApp } from '../test/harness';
import { writeOrders } from '../test/orderFixtures';
import { SHELL_ROUTES, startWithShell } from '../test/realShell';

// The head of the shop's pages as the server sends them (pageHead.ts, jsonLd.ts) and their status
// (pages.ts), with the shell's real index.html and route table: what a search engine or a link
// preview reads without running a script. On PGlite, and on PostgreSQL with DATABASE_URL.

const PUBLIC_URL = 'https://shop.example';

let t: TestApp;
let pendant: { _id: string; slug: string };
let soldOut: { _id: string; slug: string };
let usdId: string;

const page = async (p: string, init: RequestInit = {}) => {
  const res = await fetch(t.url + p, init);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
/** Every JSON-LD block of the page, parsed as a search engine would. */
const jsonLd = (html: string): any[] => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));

beforeAll(async () => {
  t = await startWithShell(PUBLIC_URL);
  const usd = await t.currency('USD', '$');
  usdId = usd._id;
  const eur = await t.currency('EUR', '€');
  const tenOff = await t.discount({ title: 'Ten off', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: [{ currType: usd._id, amount: 10 }, { currType: eur._id, amount: 10 }] });
  const ended = await t.discount({ title: 'Ended', discountType: 'fixed', timeLimit: new Date(Date.now() - 86_400_000).toISOString(), value: [{ currType: usd._id, amount: 500 }] });
  pendant = await t.product({
    title: `Emerald "Cut" <Halo> & Pendant's`,
    description: 'A halo of diamonds </script><script>alert(1)</script> around an emerald.\n\nHand set.',
    imageUrls: ['/uploads/emerald.jpg', '/uploads/emerald-side.jpg'],
    basePrice: [{ currType: usd._id, amount: 1250 }, { currType: eur._id, amount: 1150 }],
    discounts: [tenOff._id, ended._id],
  });
  soldOut = await t.product({
    title: 'Sold Out Band',
    imageUrls: ['uploads/band.jpg'],
    basePrice: [{ currType: usd._id, amount: 300 }],
    variants: [{ type: 'Size', options: [{ name: '7', inStock: false }] }],
  });
});
afterAll(() => t?.close());

describe("a product page's head", () => {
  test('title and description escaped, canonical URL, link previews with its main photo as an absolute URL', async () => {
    const { status, html } = await page(`/${pendant.slug}`);
    expect(status).toBe(200);
    const head = headOf(html);
    expect(titleOf(head)).toBe('Emerald &quot;Cut&quot; &lt;Halo&gt; &amp; Pendant&#39;s — Aurelia Jewels');
    expect(metaOf(head, 'description')).toBe('A halo of diamonds &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; around an emerald. Hand set.');
    // One title, one description: index.html's own are replaced, not added to.
    expect([head.match(/<title>/g)?.length, head.match(/name="?description/g)?.length]).toEqual([1, 1]);
    expect(canonicalOf(head)).toBe(`${PUBLIC_URL}/${pendant.slug}`);
    expect([metaOf(head, 'og:type'), metaOf(head, 'og:url'), metaOf(head, 'og:image'), metaOf(head, 'og:title'), metaOf(head, 'twitter:card')]).toEqual([
      'product',
      `${PUBLIC_URL}/${pendant.slug}`,
      `${PUBLIC_URL}/uploads/emerald.jpg`,
      'Emerald &quot;Cut&quot; &lt;Halo&gt; &amp; Pendant&#39;s',
      'summary_large_image',
    ]);
    expect(head).not.toContain('name="robots"');
    // The text in the JSON-LD cannot end its element: no '<' in it at all.
    const blocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
    expect([blocks.length, blocks.some((b) => b.includes('<'))]).toEqual([2, false]);
  });

  test("JSON-LD: a Product with schema.org's required fields, priced in the first currency after its running discount, and its breadcrumb", async () => {
    const [product, breadcrumb] = jsonLd(headOf((await page(`/${pendant.slug}`)).html));
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `Emerald "Cut" <Halo> & Pendant's`,
      description: 'A halo of diamonds </script><script>alert(1)</script> around an emerald.\n\nHand set.',
      image: [`${PUBLIC_URL}/uploads/emerald.jpg`, `${PUBLIC_URL}/uploads/emerald-side.jpg`],
      sku: pendant._id,
      // 1,250 less the running 10 %; the ended fixed 500 takes nothing (contract discountedUnitPrice).
      offers: { '@type': 'Offer', price: 1125, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${PUBLIC_URL}/${pendant.slug}` },
    });
    expect(breadcrumb).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { '@type': 'ListItem', position: 2, name: product.name, item: `${PUBLIC_URL}/${pendant.slug}` },
      ],
    });
  });

  test('JSON-LD: aggregateRating and the reviews once one is approved (issue 41), never before; their text cannot end the element', async () => {
    const before = jsonLd(headOf((await page(`/${soldOut.slug}`)).html))[0];
    expect(before).not.toHaveProperty('aggregateRating');
    expect(before).not.toHaveProperty('review');
    const usd = (await t.ctx.db.one<{ _id: string; code: string; symbol: string }>(`SELECT id AS _id, code, symbol FROM currencies WHERE code = 'USD'`))!;
    const review = async (rating: number, title: string) => {
      const c = await t.customer('Ada Lovelace');
      await writeOrders(t, soldOut._id, [{ user: c, at: new Date().toISOString(), status: 'delivered', currency: usd, lines: [{ title: 'Band', unit: 300 }] }]);
      return (await t.call('POST', `/api/product/${soldOut._id}/reviews`, { token: c.token, body: { rating, title, body: 'Worn every day </script><script>alert(1)</script> and still shining.' } })).body._id as string;
    };
    const first = await review(5, 'Perfect </script>');
    await review(4, 'Pending one');
    // Pending only: still nothing.
    expect(jsonLd(headOf((await page(`/${soldOut.slug}`)).html))[0]).not.toHaveProperty('aggregateRating');
    await t.call('PATCH', `/api/reviews/${first}`, { token: t.adminToken, body: { status: 'approved' } });
    const html = headOf((await page(`/${soldOut.slug}`)).html);
    const [product] = jsonLd(html);
    expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(product.review).toEqual([
      expect.objectContaining({ '@type': 'Review', name: 'Perfect </script>', author: { '@type': 'Person', name: 'Ada L.' }, reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 } }),
    ]);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(blocks.some((b) => b.includes('<'))).toBe(false);

    // The reviews are the product page's list (its first page, from the kept lists), and follow each moderation.
    const second = await review(4, 'Second one');
    await t.call('PATCH', `/api/reviews/${second}`, { token: t.adminToken, body: { status: 'approved' } });
    const names = async () => jsonLd(headOf((await page(`/${soldOut.slug}`)).html))[0].review?.map((r: { name: string }) => r.name);
    const listed = (await t.call('GET', `/api/product/${soldOut._id}/reviews`)).body.items.map((r: { title: string }) => r.title);
    expect(await names()).toEqual(['Second one', 'Perfect </script>']);
    expect(listed).toEqual(['Second one', 'Perfect </script>']);
    await t.call('PATCH', `/api/reviews/${first}`, { token: t.adminToken, body: { status: 'rejected' } });
    expect(await names()).toEqual(['Second one']);
    const hits = t.ctx.reviewLists.status().hits;
    expect(await names()).toEqual(['Second one']);
    expect(t.ctx.reviewLists.status().hits).toBeGreaterThan(hits);
  });

  test("a piece that cannot be bought is OutOfStock; a product without a description has the shop's", async () => {
    const { html } = await page(`/${soldOut.slug}`);
    const [product] = jsonLd(html);
    expect([product.offers.availability, product.offers.price, product.image]).toEqual(['https://schema.org/OutOfStock', 300, [`${PUBLIC_URL}/uploads/band.jpg`]]);
    expect(metaOf(html, 'description')).toBe('Aurelia Jewels: fine rings, necklaces, earrings and bracelets, crafted to be worn every day.');
  });

  test("its availability follows the stock as the product's API answer does: the last piece sold, the page says OutOfStock", async () => {
    const ring = await t.product({ title: 'Last Ring', imageUrls: ['uploads/ring.jpg'], basePrice: [{ currType: usdId, amount: 200 }] });
    const tracked = await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 1 }] } });
    expect(tracked.status).toBe(200);
    const availability = async () => jsonLd((await page(`/${ring.slug}`)).html)[0].offers.availability;
    expect(await availability()).toBe('https://schema.org/InStock');
    // A buyer takes the last piece (its quantities change; the piece's availability with them).
    const buyer = await t.customer();
    expect((await t.call('POST', '/api/cart', { token: buyer.token, body: { productId: ring._id, quantity: 1, options: [] } })).status).toBe(200);
    const order = await t.call('POST', '/api/order', { token: buyer.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usdId, shippingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' } } });
    expect(order.status).toBe(201);
    // The API's product page says so once the change is known (a notification: at once or soon after)...
    for (let tries = 0; (await t.call('GET', `/api/product/slugSearch/${ring.slug}`)).body.available !== false; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 50));
    }
    // ...and the page's data says the same from then on: its object is kept as long as that answer is (catalog/memory).
    expect(await availability()).toBe('https://schema.org/OutOfStock');
  });

  test('a repeat of the page reads nothing from the database: the head comes from the product its first view reads', async () => {
    await page(`/${pendant.slug}`);
    const { misses } = t.ctx.catalog.memory.status().answers;
    for (let i = 0; i < 3; i++) await page(`/${pendant.slug}`);
    expect(t.ctx.catalog.memory.status().answers.misses).toBe(misses);
  });
});

describe('the home and the other pages', () => {
  test('the home: its title and description, an Organization, and a WebSite whose search is /shop?que=', async () => {
    const { html } = await page('/');
    expect([titleOf(html), canonicalOf(html)]).toEqual(['Fine jewelry — Aurelia Jewels', `${PUBLIC_URL}/`]);
    const [organization, website] = jsonLd(headOf(html));
    expect(organization).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Aurelia Jewels', url: `${PUBLIC_URL}/`, logo: `${PUBLIC_URL}/apple-touch-icon.png` });
    expect(website.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${PUBLIC_URL}/shop?que={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  test('each page titled as the browser titles it (the contract page heads); a search by its keyword, escaped; one canonical URL per page', async () => {
    const shop = await page('/shop?que=%3Cb%3Ering&page=2');
    expect([titleOf(shop.html), canonicalOf(shop.html)]).toEqual(['Shop: “&lt;b&gt;ring” — Aurelia Jewels', `${PUBLIC_URL}/shop`]);
    const about = await page('/about/');
    expect([titleOf(about.html), metaOf(about.html, 'description'), canonicalOf(about.html)]).toEqual(['About us — Aurelia Jewels', PAGE_HEADS['catalog/AboutPage'].description, `${PUBLIC_URL}/about`]);
    // The account area's spelling of the privacy page is the same page: one address for search engines.
    expect(canonicalOf((await page('/privacy-&-policy')).html)).toBe(`${PUBLIC_URL}/privacy-policy`);
  });

  test('a page only some visitors may open, or one of the visitor\'s own, is noindex with no canonical URL', async () => {
    for (const p of ['/dashboard', '/my-account/orders', '/login', '/cart']) {
      const { html } = await page(p);
      expect([p, metaOf(html, 'robots'), canonicalOf(html)]).toEqual([p, 'noindex', undefined]);
    }
    expect(titleOf((await page('/dashboard')).html)).toBe('Dashboard — Aurelia Jewels');
    expect(titleOf((await page('/cart')).html)).toBe('Cart — Aurelia Jewels');
  });

  test('every page of the route table has a head in the contract (the back office: its menu label)', () => {
    const missing = SHELL_ROUTES.filter((r) => r.guard !== 'admin' && r.guard !== 'superAdmin' && !r.path.includes(':') && !(((r.remote ?? r.page) as string) in PAGE_HEADS));
    expect(missing).toEqual([]);
  });
});

describe('status', () => {
  test('200 for every route of the table and a product; its index.html, uncached', async () => {
    for (const p of [...SHELL_ROUTES.filter((r) => !r.path.includes(':')).map((r) => r.path), `/${pendant.slug}`, '/shop?que=ring']) {
      const res = await page(p);
      expect([p, res.status, res.type]).toEqual([p, 200, 'text/html; charset=utf-8']);
    }
  });

  test("404 with the shell's page (which shows SPEC's 404 page) for an unknown path or product, titled so; HEAD too", async () => {
    for (const p of ['/no-such-piece', '/about/team', '/my-account', '/ring%20band', '/Emerald_Ring']) {
      const res = await page(p);
      expect([p, res.status, res.type, titleOf(res.html), metaOf(res.html, 'robots')]).toEqual([p, 404, 'text/html; charset=utf-8', 'Page not found — Aurelia Jewels', 'noindex']);
      expect(res.html).toContain('<div id="root">');
      expect(res.html).not.toContain('rel="canonical"');
      expect((await fetch(t.url + p, { method: 'HEAD' })).status).toBe(404);
    }
  });

  test("a deleted product's page is 404 at once", async () => {
    const gone = await t.product({ title: 'Gone Ring', imageUrls: ['/uploads/gone.jpg'] });
    expect((await page(`/${gone.slug}`)).status).toBe(200);
    expect((await t.call('DELETE', `/api/product/${gone._id}`, { token: t.adminToken })).status).toBe(200);
    const res = await page(`/${gone.slug}`);
    expect([res.status, titleOf(res.html)]).toEqual([404, 'Page not found — Aurelia Jewels']);
  });

  test('API paths, uploads and files keep their answers', async () => {
    expect((await t.call('GET', '/api/no-such-route')).status).toBe(404);
    expect((await t.call('GET', '/api/no-such-route')).body).toEqual({ message: 'Route GET /api/no-such-route not found' });
    expect((await fetch(`${t.url}/uploads/missing.jpg`)).status).toBe(404);
    expect((await fetch(`${t.url}/missing.js`)).status).toBe(404);
    expect((await t.call('GET', '/api/currencies')).status).toBe(200);
  });
});

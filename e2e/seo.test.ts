import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';

// Issue 20, for search engines and link previews, against the production build: the title the server
// sends is the one the page keeps once the app has rendered (one function in the contract), its
// structured data stays in the page, an unknown path or product answers 404 with the SPEC's 404 page,
// and robots.txt points to the sitemap that lists the piece.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NOT_FOUND = 'Opps! This page Could Not Be Found!';
const titleIn = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test("a product page: the server's title is the app's, its JSON-LD in the page; a client route to another page retitles it", async () => {
  const { items } = await (await fetch(`${baseUrl()}/api/product/filter?keyword=Celeste&limit=1&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
  const slug: string = items[0].slug;
  const { page, context, errors } = await openPage(browser);
  try {
    const res = await page.goto(`/${slug}`);
    expect([res?.status(), titleIn(await res!.text())]).toEqual([200, 'Celeste Sapphire Halo Ring — Aurelia Jewels']);
    await page.getByRole('heading', { level: 1, name: 'Celeste Sapphire Halo Ring' }).waitFor();
    expect(await page.title()).toBe('Celeste Sapphire Halo Ring — Aurelia Jewels');
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(data.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(data[0].offers).toMatchObject({ priceCurrency: 'USD', availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/) });

    // Up to 1440 px the links drop down from the menu button (issue 38 #10: the header fits at 1024-1440).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await page.waitForFunction(() => document.title === 'Shop — Aurelia Jewels');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an unknown path or product answers 404 with the 404 page, titled so', async () => {
  const { page, context } = await openPage(browser);
  try {
    for (const path of ['/no-such-piece-of-jewelry', '/no/such/page']) {
      const res = await page.goto(path);
      expect([path, res?.status()]).toEqual([path, 404]);
      await page.getByRole('heading', { name: NOT_FOUND }).waitFor();
      expect(await page.title()).toBe('Page not found — Aurelia Jewels');
    }
  } finally {
    await context.close();
  }
});

test('robots.txt points to the sitemap, whose products include the demo pieces', async () => {
  const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /dashboard$');
  const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  const products = /<loc>[^<]*(\/sitemap-products-1\.xml)<\/loc>/.exec(index)?.[1];
  expect(await (await fetch(`${baseUrl()}${products}`)).text()).toMatch(/\/celeste-sapphire-halo-ring<\/loc><lastmod>\d{4}-/);
});

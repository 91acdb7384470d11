import type { Browser } from 'playwright-core';
import { baseUrl, DESKTOP, launchBrowser, openPage, pageTakenOver } from './support/browser';

// Issue 22's journey, in real Chromium against the demo shop: a product's photos follow the chosen
// metal. The server's first view already shows the default metal's photo, and choosing another metal
// changes the gallery's main photo to that metal's.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Option { _id: string; name: string; isActive: boolean; inStock: boolean; imageUrls: string[] }
interface Product { slug: string; title: string; available: boolean; variants: Array<{ type: string; options: Option[] }> }

test('choosing another metal changes the photo', async () => {
  const list = (await (await fetch(`${baseUrl()}/api/product/filter?limit=48&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { items: Product[] };
  // A demo piece whose first two metals can both be chosen, each with its own photo.
  const metalsOf = (p: Product) => p.variants.find((v) => v.type === 'Metal')?.options.filter((o) => o.isActive && o.inStock && o.imageUrls.length) ?? [];
  const product = list.items.find((p) => p.available && metalsOf(p).length >= 2)!;
  const [first, second] = metalsOf(product);
  expect(first.imageUrls[0]).not.toBe(second.imageUrls[0]);

  // The page's HTML (its first view) already shows the default metal's photo.
  expect(await (await fetch(`${baseUrl()}/${product.slug}`)).text()).toContain(`/${first.imageUrls[0]}?w=480`);

  const { page, errors } = await openPage(browser, DESKTOP);
  await page.goto(`/${product.slug}`);
  await pageTakenOver(page);
  const radio = (o: Option) => page.locator(`input[type="radio"][value="${o._id}"]`);
  await radio(first).waitFor({ state: 'attached' });
  expect(await radio(first).isChecked()).toBe(true);
  // Each metal has one photo: the gallery's main image is named after the product alone.
  const main = page.locator('article').getByRole('img', { name: product.title, exact: true });
  expect(await main.getAttribute('src')).toContain(first.imageUrls[0]);

  await radio(second).check();
  await page.waitForFunction(
    ([title, url]) => (document.querySelector(`article img[alt="${title}"]`) as HTMLImageElement | null)?.getAttribute('src')?.includes(url) ?? false,
    [product.title, second.imageUrls[0]] as const,
  );
  // Painted: the new photo's file has loaded.
  await page.waitForFunction((title) => ((document.querySelector(`article img[alt="${title}"]`) as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, product.title);
  expect(await main.getAttribute('src')).toContain(second.imageUrls[0]);
  expect(errors).toEqual([]);
});

import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, launchBrowser, openPage, signInAs } from './support/browser';

// Issue 19's draft journey, in real Chromium against the production build: the admin saves a new piece
// as a draft (Add Product, 'Save as draft'), the shop does not list it, the admin publishes it from the
// products list, and the shop lists it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE = { width: 1366, height: 900 };
const TITLE = 'Zephyrine Draft Ring';
const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

/** The shop's search for the piece's own word: its card titles once the list has answered. */
async function shopTitles(page: Page): Promise<string[]> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/product/filter') && r.request().method() === 'POST');
  await page.goto('/shop?que=zephyrine');
  await answered;
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  await page.locator('main').getByText(/No Product Found|Zephyrine/).first().waitFor();
  return page.getByTestId('product-card').getByRole('heading').allTextContents();
}

test('a draft stays out of the shop until the admin publishes it', async () => {
  // A photo to upload: one of the demo's own.
  const listed = (await (await fetch(`${baseUrl()}/api/product/filter?limit=1&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
    items: Array<{ imageUrls: string[] }>;
  };
  const photo = Buffer.from(await (await fetch(`${baseUrl()}/${listed.items[0].imageUrls[0].replace(/^\//, '')}`)).arrayBuffer());

  const admin = await openPage(browser, WIDE);
  const shopper = await openPage(browser, WIDE);
  try {
    const { page } = admin;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByRole('tab', { name: 'images' }).click();
    await dialog.getByLabel('Upload images').setInputFiles({ name: 'zephyrine.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await toast(page, 'Draft Saved Successfully!');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: TITLE, exact: true }) });
    await row.getByText('Draft', { exact: true }).waitFor();

    expect(await shopTitles(shopper.page)).toEqual([]);

    await row.getByRole('button', { name: `Publish ${TITLE}` }).click();
    await toast(page, '1 product published');
    await row.getByText('Published', { exact: true }).waitFor();

    expect(await shopTitles(shopper.page)).toEqual([TITLE]);
    expect([...admin.errors, ...shopper.errors]).toEqual([]);
  } finally {
    await admin.context.close();
    await shopper.context.close();
  }
});

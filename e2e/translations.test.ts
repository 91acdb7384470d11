import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, DESKTOP, launchBrowser, openPage, PHONE, seriousA11yViolations, signInAs } from './support/browser';

// Issue 37 (part B), in real Chromium against the production build: the admin changes a demo piece's
// French title in the product modal's Translations tab; the API's French reads and the French page's
// head (/fr/<slug>: lang, title) show it, the English ones do not. Screenshots (SCREENSHOTS_DIR, else
// the system's temp dir) at 375 and 1280 px.

const SHOTS = process.env.SCREENSHOTS_DIR || os.tmpdir();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
const api = async (p: string, init: RequestInit = {}) => (await fetch(`${baseUrl()}/api${p}`, init)).json();

test('the admin edits a French title in the Translations tab; the French reads and page show it', async () => {
  const [piece] = (await api('/product/filter?keyword=bead&limit=1&page=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).items;
  const french = `Bracelet perles et barrettes dorées ${Date.now().toString(36)}`;
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await signInAs(page, ADMIN.email, ADMIN.password);
      await page.goto('/products');
      await page.getByRole('button', { name: `Edit ${piece.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${piece.title}` });
      await dialog.getByRole('tab', { name: 'Translations' }).click();
      const title = dialog.getByLabel('Title (Français)');
      await title.fill(viewport === DESKTOP ? french : `${french}.`);
      await dialog.getByRole('button', { name: 'Update Translations' }).click();
      await toast(page, 'Translations Updated Successfully!');
      await page.screenshot({ path: path.join(SHOTS, `translations-${viewport.width}.png`), fullPage: false });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
  expect((await api(`/product/slugSearch/${piece.slug}?locale=fr`)).title).toBe(`${french}.`);
  expect((await api(`/product/slugSearch/${piece.slug}`)).title).toBe(piece.title);
  const page = await (await fetch(`${baseUrl()}/fr/${piece.slug}`)).text();
  expect(page).toMatch(/<html lang="fr"/);
  expect(page).toContain(`<title>${french}. — Aurelia Jewels</title>`);
  expect((await fetch(`${baseUrl()}/fr/no-such-piece-${Date.now()}`)).status).toBe(404);
});

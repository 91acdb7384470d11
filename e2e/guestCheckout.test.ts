import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, callApi, DESKTOP, launchBrowser, openPage, pageTakenOver, seriousA11yViolations } from './support/browser';

// Issue 40, guests: with guest checkout on, a visitor buys without an account, opens the order's private
// link from the e-mail the outbox wrote (DATA_DIR/mail), makes an account with that e-mail from it, and
// sees the order under My orders. Guest checkout is turned off again at the end (the spec's default).

let browser: Browser;
let adminToken = '';

const storeSettings = async (patch: Record<string, unknown>) => {
  const now = await callApi<Record<string, unknown>>('GET', '/settings/store', adminToken);
  const { legalName, address, taxId, invoiceFooter, defaultCountry } = now as Record<string, string>;
  await callApi('PUT', '/settings/store', adminToken, { legalName: legalName || 'Aurelia Jewels', address: address || '1 Rue de la Paix\nParis', taxId, invoiceFooter, defaultCountry: defaultCountry || 'FR', ...patch });
};

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: ADMIN.email, password: ADMIN.password }) });
  adminToken = ((await res.json()) as { token: string }).token;
  await storeSettings({ guestCheckout: true });
});
afterAll(async () => {
  await storeSettings({ guestCheckout: false }).catch(() => undefined);
  await browser?.close();
});

/** The first link matching `pattern` in an e-mail to `email`, once the outbox has written it. */
async function linkIn(email: string, pattern: RegExp): Promise<URL> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.value.some((v) => v.address?.toLowerCase() === email));
      const link = to ? pattern.exec(mail.text ?? '')?.[0] : undefined;
      if (link) return new URL(link);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${email} with ${pattern}`);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

test('a guest buys, opens the order link from the e-mail, makes an account with it and sees the order under My orders', async () => {
  const email = `guest-${Date.now()}@example.com`;
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=50&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt' }) });
  type Priced = Array<{ currType: string }>;
  type Choice = { _id: string; isActive: boolean; inStock: boolean; incRate?: Priced };
  const { items } = (await res.json()) as { items: Array<{ slug: string; available: boolean; basePrice: Priced; variants: Array<{ options: Choice[] }> }> };
  // A piece a guest can buy in the shop's first currency (the one a new visitor sees): other journeys add
  // newer products priced in other currencies only, or with an option that has no price in this one.
  const [currency] = (await (await fetch(`${baseUrl()}/api/currencies`)).json()) as Array<{ _id: string }>;
  const inCurrency = (prices: Priced | undefined) => !prices?.length || prices.some((x) => x.currType === currency._id);
  const buyable = (o: Choice) => o.isActive && o.inStock && inCurrency(o.incRate);
  const product = items.find((p) => p.available && p.basePrice.some((b) => b.currType === currency._id) && p.variants.every((v) => v.options.some(buyable)))!;
  const { page, errors, context } = await openPage(browser, DESKTOP);
  try {
    await page.goto(`/${product.slug}`);
    await pageTakenOver(page);
    for (const v of product.variants) await page.locator(`input[type="radio"][value="${v.options.find(buyable)!._id}"]`).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Item added to Cart!');

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checking out as a guest' }).waitFor();
    await page.getByLabel('Full name').fill('Gina Guest');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Country').selectOption('FR');
    await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Postal code').fill('75002');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, /Its link is on its way/);

    // The private link, from the e-mail as delivered.
    const link = await linkIn(email, /https?:\/\/\S+\/order-status\/[\w-]{43}/);
    await page.goto(link.pathname);
    await page.getByTestId('order-status').waitFor();
    const number = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create an account with this e-mail' }).click();
    await page.getByRole('status').waitFor();

    // The set-password link (the reset's), then sign in: the order is under My orders.
    const reset = await linkIn(email, /https?:\/\/\S+\/reset-password\?token=[\w-]+/);
    await page.goto(reset.pathname + reset.search);
    await page.getByLabel(/^New password/).fill('a-guest-secret-1');
    await page.getByLabel('Confirm new password').fill('a-guest-secret-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username or email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-guest-secret-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/shop');
    await page.goto('/my-account/orders');
    const orderNumber = /AJ-\d+/.exec(number)![0];
    await page.getByText(orderNumber).first().waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

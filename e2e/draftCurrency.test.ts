import type { Browser, Page } from 'playwright-core';
import { ADMIN, callApi, launchBrowser, openPage, PHONE, seriousA11yViolations, signInAs } from './support/browser';

// Issue 38, item 14: a new currency is a draft, hidden from shoppers, until the owner publishes it. The
// owner (laptop) adds CHF, fills its prices by a fixed factor (the shop here has no exchange-rate
// provider: the dialog says so and offers the factor), and publishes; the shopper (phone) is offered CHF
// only then, and sees prices in it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LAPTOP = { width: 1366, height: 900 };
const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

/** The currencies the storefront's header offers, after a fresh load. */
async function offered(page: Page): Promise<string[]> {
  await page.goto('/shop');
  const select = page.getByLabel('Currency');
  await select.waitFor();
  return select.locator('option').allTextContents();
}

test('a new currency stays hidden from shoppers until the owner publishes it, then shows its prices', async () => {
  const owner = await openPage(browser, LAPTOP);
  const shopper = await openPage(browser, PHONE);
  const { token } = await callApi<{ token: string }>('POST', '/user/login', '', { uid: ADMIN.email, password: ADMIN.password });
  try {
    const { page } = owner;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/currencies');
    await page.getByRole('button', { name: 'Add Currency' }).click();
    const add = page.getByRole('dialog', { name: 'New Currency' });
    await add.getByLabel('Name').fill('Swiss Franc');
    await add.getByLabel('Code').fill('CHF');
    await add.getByLabel('Symbol').fill('Fr');
    await add.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Currency Added Successfully!');

    // The offer to fill its prices: from USD, by a fixed factor (no rates provider is reachable here).
    const fill = page.getByRole('dialog', { name: 'Fill prices in CHF' });
    await fill.getByLabel('From').selectOption('USD');
    await fill.getByRole('radio', { name: 'A fixed factor' }).check();
    await fill.getByLabel('Factor (1 USD = ? CHF)').fill('0.9');
    await fill.getByRole('button', { name: 'Fill prices' }).click();
    await fill.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Swiss Franc', exact: true }) });
    await row.getByText('Draft', { exact: true }).waitFor();
    expect(await offered(shopper.page)).not.toContain('CHF Fr');

    await row.getByRole('button', { name: 'Publish Swiss Franc' }).click();
    // Pieces other journeys added without a USD price stay unpriced in CHF: then the owner is asked first.
    const confirm = page.getByRole('dialog', { name: 'Publish CHF?' });
    const live = page.locator('.Toastify__toast', { hasText: 'CHF is live: shoppers can pick it.' }).first();
    await Promise.race([confirm.waitFor(), live.waitFor()]);
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Publish anyway' }).click();
    await live.waitFor();
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(await offered(shopper.page)).toContain('CHF Fr');
    await shopper.page.getByLabel('Currency').selectOption({ label: 'CHF Fr' });
    const price = shopper.page.getByTestId('product-card').first().getByTestId('price');
    await expect(price.textContent()).resolves.toMatch(/Fr|CHF/);
    expect(await shopper.page.getByTestId('product-card').first().textContent()).not.toMatch(/Not Available/);
    expect([...owner.errors, ...shopper.errors]).toEqual([]);
  } finally {
    await owner.context.close();
    await shopper.context.close();
    // The journeys share one shop: the currency goes again.
    const all = await callApi<Array<{ _id: string; code: string }>>('GET', '/currencies/all', token).catch(() => []);
    for (const c of all.filter((x) => x.code === 'CHF')) await callApi('DELETE', `/currencies/${c._id}`, token).catch(() => undefined);
  }
});

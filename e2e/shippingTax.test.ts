import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, callApi, DESKTOP, launchBrowser, openPage, PHONE, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 39: shipping by country and tax by currency, in real Chromium against the real API and the demo's
// zones (EU, US, UK, India) and rates (VAT 19 % in Germany inside euro prices; New York's 4 % added to dollars).
// SHOTS=<dir> keeps screenshots of checkout and the back office's two pages at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Currency { _id: string; code: string; pricesIncludeTax?: boolean }
interface Option { _id: string; isActive: boolean; inStock: boolean }
interface Product { _id: string; slug: string; basePrice: Array<{ currType: string; amount: number }>; variants: Array<{ _id: string; options: Option[] }> }

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};

/** The customer's session in the browser, shopping in this currency (what the header's switch stores). */
async function shopIn(page: Page, email: string, password: string, currencyId: string) {
  await signInAs(page, email, password);
  await page.evaluate((id) => localStorage.setItem('root', JSON.stringify({ ...JSON.parse(localStorage.getItem('root') ?? '{}'), selectedCurrency: id })), currencyId);
}

/** A demo piece priced in both currencies under the demo's free-shipping thresholds, put in the customer's cart. */
async function cartWithOnePiece(token: string, eur: Currency, usd: Currency): Promise<Product> {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=50&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt' }) });
  const { items } = (await res.json()) as { items: Product[] };
  const price = (p: Product, c: Currency) => p.basePrice.find((b) => b.currType === c._id)?.amount ?? Number.POSITIVE_INFINITY;
  const piece = items.find((p) => price(p, eur) < 150 && price(p, usd) < 100 && p.variants.every((v) => v.options.some((o) => o.isActive && o.inStock)));
  if (!piece) throw new Error('the demo catalogue needs a piece under €150 and $100');
  const options = piece.variants.map((v) => ({ optionId: v.options.find((o) => o.isActive && o.inStock)!._id, variantId: v._id }));
  await callApi('POST', '/cart', token, { productId: piece._id, options, quantity: 1, selectedCurr: eur._id });
  return piece;
}

async function fillAddress(page: Page, country: string, state = '') {
  await page.getByLabel('Country').selectOption(country);
  await page.getByLabel('Address line 1').fill('Friedrichstraße 12');
  await page.getByLabel('City').fill('Berlin');
  if (state) await page.getByLabel('State (optional)').fill(state);
  await page.getByLabel('Postal code').fill('10117');
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent())?.trim() ?? '';

/** Waits (20 s at most) until the text of a test id passes the check; answers it. */
async function textUntil(page: Page, testId: string, check: (text: string) => boolean): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const now = await text(page, testId);
    if (check(now) && now !== '…') return now;
    if (Date.now() > end) throw new Error(`${testId} stayed "${now}"`);
    await page.waitForTimeout(100);
  }
}

describe('shipping and tax at checkout', () => {
  it('a buyer in Germany sees VAT included and a shipping price; another country changes the methods and the total; in dollars to New York tax is added', async () => {
    const customer = await registerCustomer('ship');
    const currencies = await callApi<Currency[]>('GET', '/currencies', customer.token);
    const eur = currencies.find((c) => c.code === 'EUR')!;
    const usd = currencies.find((c) => c.code === 'USD')!;
    expect(eur.pricesIncludeTax).toBe(true);
    expect(usd.pricesIncludeTax).toBe(false);
    const piece = await cartWithOnePiece(customer.token, eur, usd);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await shopIn(page, customer.email, customer.password, eur._id);
    // The product page says euro prices include VAT.
    await page.goto(`/${piece.slug}`);
    await page.getByTestId('tax-note').first().waitFor();
    expect(await text(page, 'tax-note')).toBe('incl. VAT');

    await page.goto('/checkout');
    await page.getByText('Choose your country to see how we can ship to you.').waitFor();
    await fillAddress(page, 'DE');
    const germany = page.getByRole('group', { name: 'Shipping methods to Germany' });
    await germany.getByRole('radio', { name: /Standard/ }).waitFor();
    await expect(germany.getByRole('radio', { name: /Standard/ }).isChecked()).resolves.toBe(true);
    await expect(germany.getByRole('radio', { name: /Express/ }).count()).resolves.toBe(1);
    await page.getByText('incl. VAT 19%').waitFor();
    const shipping = await textUntil(page, 'review-shipping', (t) => t.includes('€'));
    expect(shipping).toMatch(/€\d/);
    expect(await text(page, 'review-tax-note')).toBe('incl. VAT');
    const germanTotal = await textUntil(page, 'review-total', (t) => t.includes('€'));
    // Express costs more: the total follows the method chosen (by keyboard: arrow down in the radio group).
    await germany.getByRole('radio', { name: /Standard/ }).focus();
    await page.keyboard.press('ArrowDown');
    await textUntil(page, 'review-total', (t) => t !== germanTotal);
    await germany.getByRole('radio', { name: /Standard/ }).check();
    await textUntil(page, 'review-total', (t) => t === germanTotal);
    await shot(page, 'checkout-de-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The United Kingdom: other methods, another shipping price, another total (and its VAT, 20 %).
    await page.getByLabel('Country').selectOption('GB');
    const uk = page.getByRole('group', { name: 'Shipping methods to United Kingdom' });
    await uk.getByRole('radio', { name: /Royal Mail Tracked/ }).waitFor();
    await expect(uk.getByRole('radio', { name: /Express/ }).count()).resolves.toBe(0);
    await page.getByText('incl. VAT 20%').waitFor();
    await textUntil(page, 'review-total', (t) => t !== germanTotal);

    // A country no zone covers: said, and nothing can be ordered.
    await page.getByLabel('Country').selectOption('AQ');
    await page.getByText('We do not ship to Antarctica yet').waitFor();
    await expect(page.getByRole('button', { name: 'Place order' }).isDisabled()).resolves.toBe(true);

    // In dollars to New York: prices before tax, the state's tax added on its own line.
    await page.evaluate((id) => localStorage.setItem('root', JSON.stringify({ ...JSON.parse(localStorage.getItem('root') ?? '{}'), selectedCurrency: id })), usd._id);
    await page.goto(`/${piece.slug}`);
    await page.getByTestId('tax-note').first().waitFor();
    expect(await text(page, 'tax-note')).toBe('+ tax');
    await page.goto('/checkout');
    await fillAddress(page, 'US', 'NY');
    await page.getByRole('group', { name: 'Shipping methods to United States' }).getByRole('radio', { name: /Standard/ }).waitFor();
    await page.getByText('Tax 4%').waitFor();
    expect(await text(page, 'review-tax-note')).toBe('+ tax');
    expect(await text(page, 'review-shipping')).toMatch(/\$\d/);
    const preview = await callApi<{ totalPrice: number; taxTotal: number; shippingPrice: number; subTotalPrice: number; totalDiscount: number }>('POST', '/order/preview', customer.token, {
      selectedCurr: usd._id,
      country: 'US',
      region: 'NY',
    });
    expect(preview.taxTotal).toBeGreaterThan(0);
    await textUntil(page, 'review-total', (t) => t === `$${preview.totalPrice.toFixed(2)}`);
    await page.setViewportSize(PHONE);
    await shot(page, 'checkout-us-375');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the back office lists the demo zones and rates, dense and with no serious accessibility violation', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/shipping');
    await page.getByRole('heading', { name: 'European Union' }).waitFor();
    await page.getByRole('table', { name: 'Methods of United States' }).waitFor();
    await shot(page, 'admin-shipping-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit method Express of European Union' }).click();
    await page.getByRole('table', { name: 'Bands in EUR by parcel weight' }).waitFor();
    await shot(page, 'admin-method-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-shipping-375');

    await page.goto('/taxes');
    await page.getByRole('table', { name: 'Tax rates' }).getByText('Germany (DE)').waitFor();
    await shot(page, 'admin-taxes-375');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-taxes-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

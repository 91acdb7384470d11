import type { Browser, Page } from 'playwright-core';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 37: the shop in French under /fr/, in real Chromium against the real API: browse the shop, add
// to the cart, the cart in French with French money, and the language switch keeping the page.

let browser: Browser;

interface ProductLite { _id: string; slug: string; title: string; available?: boolean }

/** A product that can be bought at once (the demo catalogue's newest in stock). */
async function buyableProduct(): Promise<ProductLite> {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=20&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt', available: true }) });
  const { items } = (await res.json()) as { items: ProductLite[] };
  if (!items.length) throw new Error('the demo catalogue needs a product in stock');
  return items[0];
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** French money: "1 234,50 €" (a narrow no-break space between thousands, a no-break space before the symbol). */
const FRENCH_MONEY = /^-?\d{1,3}(\u202f\d{3})*,\d{2}\u00a0\S+$/;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the shop in French', () => {
  it('browses /fr/shop, adds a piece to the cart and sees the cart in French', async () => {
    const customer = await registerCustomer('fr');
    const product = await buyableProduct();
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, customer.email, customer.password);

    await page.goto('/fr/shop');
    await page.getByRole('list', { name: 'Créations' }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-shop-1280.png` });
    expect(await lang(page)).toBe('fr');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Panier' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Trier par' }).inputValue()).toBe('');
    await page.getByText('Tri par défaut').first().waitFor({ state: 'attached' });
    // A card's link keeps the visitor in French.
    await page.getByRole('link', { name: product.title, exact: true }).first().click();
    await page.waitForURL(`**/fr/${product.slug}`);

    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await toast(page, 'Article ajouté au panier !');

    await page.getByRole('link', { name: 'Panier', exact: true }).first().click();
    await page.waitForURL('**/fr/cart');
    await page.getByRole('heading', { name: 'Total du panier' }).waitFor();
    await page.getByRole('link', { name: 'Passer commande' }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-cart-1280.png`, fullPage: false });
    expect(await page.getByTestId('cart-subtotal').textContent()).toMatch(FRENCH_MONEY);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language on a product page and stays on it, both ways', async () => {
    const product = await buyableProduct();
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`/fr/${product.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-product-375.png`, fullPage: true });
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await page.waitForURL((url) => url.pathname === `/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.waitForURL((url) => url.pathname === `/fr/${product.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests French to a French browser on its first visit, without redirecting', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/shop');
    const banner = page.getByRole('region', { name: 'Language suggestion' });
    await banner.waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop');
    await banner.getByRole('button', { name: 'Continue in French' }).click();
    await page.waitForURL('**/fr/shop');
    await page.getByRole('list', { name: 'Créations' }).waitFor();
    await context.close();
  });
});

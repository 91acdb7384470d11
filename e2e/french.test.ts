import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, callApi, DESKTOP, launchBrowser, openPage, PHONE, pricedIn, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 37: the shop in French under /fr/, in real Chromium against the real API: browse the shop, search
// a French word, add to the cart, the cart in French with French money, check out and the confirmation
// e-mail in French; and the language switch keeping the page.

let browser: Browser;

interface ProductLite { _id: string; slug: string; title: string; available?: boolean; basePrice: Array<{ currType: string }> }

/** A product that can be bought at once (the demo catalogue's newest in stock), in French with a keyword. */
async function buyableProduct(frenchWord?: string): Promise<ProductLite> {
  const query = frenchWord ? `&keyword=${encodeURIComponent(frenchWord)}&locale=fr` : '';
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=20&page=1${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt', available: true }) });
  const { items } = (await res.json()) as { items: ProductLite[] };
  if (!items.length) throw new Error('the demo catalogue needs a product in stock');
  return items.find((p) => pricedIn(p)) ?? items[0];
}

/** The subject of the order confirmation e-mailed to `to`, once written (the admin's outbox). */
async function confirmationSubject(to: string): Promise<string> {
  const login = await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: ADMIN.email, password: ADMIN.password }) });
  const { token } = (await login.json()) as { token: string };
  for (let i = 0; i < 50; i++) {
    const mails = await callApi<{ items: Array<{ to: string; subject: string | null; kind: string }> }>('GET', '/mail?limit=20&page=1', token);
    const mail = mails.items.find((m) => m.to.includes(to) && /order/i.test(m.kind));
    if (mail?.subject) return mail.subject;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no order e-mail to ${to}`);
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
  it('browses /fr, searches a French word, buys in French and gets the confirmation e-mail in French', async () => {
    const customer = await registerCustomer('fr');
    // A piece in stock whose French title has the French word searched for (the demo's French texts).
    const product = await buyableProduct('bague');
    expect(product.title).toMatch(/bague/i);
    // The page the server sends is French: its head, and its first view when the renderer made it in time
    // (its second per page is often missed on a loaded host at start; renderFirstView.test.ts and
    // api/src/web/firstView.test.ts hold its French texts and /fr links without a clock).
    const firstView = await (await fetch(`${baseUrl()}/fr/shop`)).text();
    if (firstView.includes('id="first-view"')) {
      expect(firstView).toContain('<ol><li>Accueil</li>');
      expect(firstView.slice(firstView.indexOf('id="first-view"'))).not.toMatch(/href="\/(?!fr\/)/);
      expect(firstView).not.toContain('class="fv-badge">New<');
    }
    expect(firstView).toMatch(/<title>Boutique — Aurelia Jewels<\/title>/);
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, customer.email, customer.password);

    await page.goto('/fr/shop');
    await page.getByRole('list', { name: 'Créations' }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-shop-1280.png` });
    expect(await lang(page)).toBe('fr');
    // At 1280 px the links drop down from the menu button (issue 38 #10), named in French.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Panier' }).waitFor();
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    expect(await page.getByRole('combobox', { name: 'Trier par' }).inputValue()).toBe('');
    await page.getByText('Tri par défaut').first().waitFor({ state: 'attached' });
    // The API's answers are French too: the browser asks for ?locale=fr.
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Rechercher une création' });
    await search.fill('bague');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/fr/shop' && url.searchParams.get('que') === 'bague');
    // A card's link keeps the visitor in French.
    await page.getByRole('link', { name: product.title, exact: true }).first().click();
    await page.waitForURL(`**/fr/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    expect(await page.title()).toBe(`${product.title} — Aurelia Jewels`);

    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await toast(page, 'Article ajouté au panier !');

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Panier', exact: true }).click();
    await page.waitForURL('**/fr/cart');
    await page.getByRole('heading', { name: 'Total du panier' }).waitFor();
    await page.locator('tr', { hasText: product.title }).first().waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-cart-1280.png`, fullPage: false });
    expect(await page.getByTestId('cart-subtotal').textContent()).toMatch(FRENCH_MONEY);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Passer commande' }).click();
    await page.waitForURL('**/fr/checkout');
    await page.getByLabel('Pays').selectOption('FR');
    await page.getByLabel('Adresse', { exact: true }).fill('12 rue de la Paix');
    await page.getByLabel('Ville').fill('Paris');
    await page.getByLabel('Code postal').fill('75002');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-checkout-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Valider la commande' }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/); // issue 38: the order's own page
    // The confirmation, in the language the order was placed in.
    expect(await confirmationSubject(customer.email)).toMatch(/^Votre commande/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language on a product page and stays on it, both ways', async () => {
    const product = await buyableProduct();
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`/fr/${product.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/fr-product-375.png`, fullPage: true });
    // On a phone the language switch is in the menu.
    const menu = page.getByRole('banner').locator('button[aria-controls="main-nav"]');
    await menu.click();
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await page.waitForURL((url) => url.pathname === `/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await lang(page)).toBe('en');
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
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

import type { Browser, Page } from 'playwright-core';
import { baseUrl, DESKTOP, launchBrowser, PHONE, registerCustomer, signInAs, openPage, pageTakenOver, seriousA11yViolations } from './support/browser';

// Issue 5: cart, mini cart, wishlist and checkout, in real Chromium against the real API.
// Products are added from the product page (catalog's page embedding checkout's AddToCart and WishlistButton).

let browser: Browser;

async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Option { _id: string; name: string; isActive: boolean; inStock: boolean }
interface ProductLite { _id: string; slug: string; title: string; variants: Array<{ _id: string; type: string; options: Option[] }> }

/** Two demo products whose variants each have a second selectable option (so the choice is not just the default). */
async function productsWithOptions(): Promise<ProductLite[]> {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=50&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt' }) });
  const { items } = (await res.json()) as { items: ProductLite[] };
  const usable = (p: ProductLite) => p.variants.length > 0 && p.variants.every((v) => v.options.filter((o) => o.isActive && o.inStock).length >= 2);
  const picked = items.filter(usable).slice(0, 2);
  if (picked.length < 2) throw new Error('the demo catalogue needs two products with a choice of options');
  return picked;
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
const miniCartButton = (page: Page) => page.locator('[data-slot="mini-cart"] button[aria-controls]');
const miniCartCount = (page: Page) => page.getByTestId('mini-cart-count');

/** On the product page: picks the second selectable option of each variant and adds the product. Answers the option names. */
async function addFromProductPage(page: Page, product: ProductLite): Promise<string[]> {
  await page.goto(`/${product.slug}`);
  await pageTakenOver(page);
  const names: string[] = [];
  for (const variant of product.variants) {
    const option = variant.options.filter((o) => o.isActive && o.inStock)[1];
    await page.locator(`input[type="radio"][value="${option._id}"]`).check();
    names.push(option.name);
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await toast(page, 'Item added to Cart!');
  return names;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('checkout journeys', () => {
  it('tells a visitor to log in before adding to cart or wishlist', async () => {
    const [product] = await productsWithOptions();
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Login to add item in cart');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await toast(page, 'Login to add item in wishlist');
    await miniCartButton(page).click();
    await page.getByText('Nothing in Cart. Please select from the Shop.').waitFor();
    await page.goto('/checkout');
    await page.getByText('Please log in to check out.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds two products with options, changes quantities, checks out with a new and a saved address', async () => {
    const customer = await registerCustomer('cart');
    const [first, second] = await productsWithOptions();
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, customer.email, customer.password);

    // Two products from the product page: the mini cart count and subtotal follow.
    const firstOptions = await addFromProductPage(page, first);
    await expect(miniCartCount(page).textContent()).resolves.toBe('1');
    await miniCartButton(page).click();
    const subtotalOne = await page.getByTestId('mini-cart-subtotal').textContent();
    expect(await page.locator('[role="dialog"]').textContent()).toContain(firstOptions.join(', '));
    await miniCartButton(page).click();
    await addFromProductPage(page, second);
    await expect(miniCartCount(page).textContent()).resolves.toBe('2');
    await miniCartButton(page).click();
    const subtotalTwo = await page.getByTestId('mini-cart-subtotal').textContent();
    expect(subtotalTwo).not.toBe(subtotalOne);
    const cartNow = await callApi<{ items: Array<{ totalPrice: Array<{ amount: number }> }> }>(customer.token, 'GET', '/cart');
    expect(cartNow.items).toHaveLength(2);
    // View cart from the mini cart.
    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL('**/cart');

    // Quantities on /cart: up by one, then the second line down to removal.
    await page.getByRole('button', { name: `Increase quantity of ${first.title}` }).click();
    await page.locator('tr', { hasText: first.title }).locator('output', { hasText: '2' }).waitFor();
    expect(await page.getByTestId('cart-subtotal').textContent()).not.toBe(subtotalTwo);
    await page.getByRole('button', { name: `Decrease quantity of ${second.title}` }).click();
    await toast(page, 'Item removed successfully!');
    await page.locator('tr', { hasText: second.title }).waitFor({ state: 'detached' });
    await expect(miniCartCount(page).textContent()).resolves.toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Checkout with a new address: the message first, then the order.
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('#main').getByText('Please enter a valid address').waitFor();
    await page.getByLabel('Country').selectOption('FR'); // issue 39: chosen from the list
    await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Postal code').fill('75002');
    const total = page.getByTestId('review-total');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
    const reviewedFirst = await total.textContent();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/); // issue 38: the order's own page
    await expect(miniCartCount(page).textContent()).resolves.toBe('0');
    expect((await callApi<{ items: unknown[] }>(customer.token, 'GET', '/cart')).items).toEqual([]);

    // Again, with the address saved by the first order (preselected on 'your addresses').
    await addFromProductPage(page, second);
    await page.goto('/checkout');
    await page.getByRole('tab', { name: 'your addresses' }).click();
    await expect(page.getByRole('radio', { name: /12 Rue de la Paix/ }).isChecked()).resolves.toBe(true);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
    const reviewedSecond = await total.textContent();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/); // issue 38: the order's own page
    await expect(miniCartCount(page).textContent()).resolves.toBe('0');

    // Both orders, with the totals the review showed.
    const orders = await callApi<Array<{ totalPrice: number; currency: { symbol: string }; paymentMethod: string; shippingAddress: { line1: string } }>>(customer.token, 'GET', '/order?status=all');
    expect(orders).toHaveLength(2);
    const shown = orders.map((o) => `${o.currency.symbol}${o.totalPrice.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).sort();
    expect(shown).toEqual([reviewedFirst, reviewedSecond].sort());
    expect(orders.every((o) => o.paymentMethod === 'Cash On Delivery' && o.shippingAddress.line1 === '12 Rue de la Paix')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds to the wishlist, views it and removes it', async () => {
    const customer = await registerCustomer('wish');
    const [product] = await productsWithOptions();
    const { context, page, errors } = await openPage(browser, PHONE);
    await signInAs(page, customer.email, customer.password);
    await page.goto(`/${product.slug}`);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await toast(page, 'Item added to Wishlist!');
    await page.getByRole('button', { name: 'In your wishlist' }).waitFor();

    await page.goto('/wishlist');
    const row = page.locator('tr', { hasText: product.title });
    await row.waitFor();
    await page.getByRole('button', { name: `Quick View ${product.title}` }).click();
    const dialog = page.getByRole('dialog', { name: product.title });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'View product' }).getAttribute('href')).toBe(`/${product.slug}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Issue 38 #4: a piece with a choice to make is never added with a default: its page opens, the cart stays as it was.
    const cartBefore = (await callApi<{ items: unknown[] }>(customer.token, 'GET', '/cart')).items.length;
    await row.getByRole('link', { name: `Choose options: ${product.title}` }).click();
    await page.waitForURL((url) => url.pathname === `/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect((await callApi<{ items: unknown[] }>(customer.token, 'GET', '/cart')).items).toHaveLength(cartBefore);
    await page.goBack();
    await row.waitFor();

    await page.getByRole('button', { name: `Remove ${product.title}` }).click();
    await toast(page, 'Item removed successfully!');
    await page.getByText('Nothing in Wishlist. Please select from the Shop.').waitFor();
    expect((await callApi<{ items: unknown[] }>(customer.token, 'GET', '/wishlist')).items).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

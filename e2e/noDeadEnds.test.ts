import type { Browser, Page } from 'playwright-core';
import { baseUrl, callApi, launchBrowser, openPage, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 38, the shopper's journeys that used to end badly, at a phone's width and a laptop's: the cart
// says what checkout will charge (the coupon and the total, reductions with their minus sign), Place
// order lands on the order's own page (number, items, what happens next, links), the header's
// suggestions forgive a typo and say "No matches", and on a phone the product page's price and Add to
// cart are on the first screen. Screenshots of each screen go to SHOTS_DIR when it is set.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1366, height: 900 } },
];
const shot = async (page: Page, name: string, fullPage = true) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
};
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

interface Option { _id: string; isActive: boolean; inStock: boolean }
interface Product { _id: string; slug: string; variants: Array<{ _id: string; options: Option[] }>; stock?: Array<{ options: string[]; quantity: number }> }

/** A demo piece with one to spare, and its combination of options. */
async function pieceToBuy(): Promise<{ slug: string; productId: string; options: Array<{ variantId: string; optionId: string }> }> {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=12&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: '-createdAt', available: true }) });
  for (const { slug } of ((await res.json()) as { items: Product[] }).items) {
    const product = (await (await fetch(`${baseUrl()}/api/product/slugSearch/${slug}`)).json()) as Product;
    const usable = (ids: string[]) => ids.every((id, i) => product.variants[i]?.options.some((o) => o._id === id && o.isActive && o.inStock));
    const combination = product.stock?.find((s) => s.quantity >= 1 && s.options.length === product.variants.length && usable(s.options));
    if (combination) return { slug, productId: product._id, options: combination.options.map((optionId, i) => ({ variantId: product.variants[i]._id, optionId })) };
  }
  throw new Error('the demo catalogue needs a piece in stock');
}

describe.each(WIDTHS)('no dead ends on a $name', ({ name, viewport }) => {
  test('cart totals as checkout charges them, then the order confirmation page', async () => {
    const customer = await registerCustomer(`dead-ends-${name}`);
    const piece = await pieceToBuy();
    await callApi('POST', '/cart', customer.token, { productId: piece.productId, options: piece.options, quantity: 1 });
    const { page, context, errors } = await openPage(browser, viewport);
    await signInAs(page, customer.email, customer.password);

    // 5: the cart, with the welcome code: the discount, the coupon with its minus sign and the total.
    await page.goto('/cart');
    await page.getByLabel('Coupon code').fill('AURELIA15');
    await page.getByLabel('Coupon code').press('Enter');
    const coupon = page.getByTestId('cart-coupon');
    await coupon.waitFor();
    await page.waitForFunction(() => /^-/.test(document.querySelector('[data-testid="cart-coupon"]')?.textContent ?? ''));
    const total = await page.getByTestId('cart-total').textContent();
    expect(total).toMatch(/\d/);
    await shot(page, `${name}-cart`);

    // 7: Place order with an incomplete address: the fields say so, the keyboard on the first.
    await page.goto('/checkout');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
    expect(await page.getByTestId('review-total').textContent()).toBe(total);
    await page.getByLabel('Country').selectOption('FR');
    // The country asks for France's methods and a new review: clicked while those load, on a crowded CI
    // host, the focus never reached the first field in 30 s (CI of 9446cea).
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'line1');
    expect(await page.getByLabel('Address line 1').getAttribute('aria-invalid')).toBe('true');
    await shot(page, `${name}-checkout-errors`);
    await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Postal code').fill('75002');
    // Issue 39: with the address, the review adds France's shipping and tax to the cart's total; the order charges that.
    await page.waitForFunction((cart) => { const t = document.querySelector('[data-testid="review-total"]')?.textContent ?? ''; return /\d/.test(t) && t !== cart; }, total);
    const charged = await page.getByTestId('review-total').textContent();

    // 1: the order's own page; the spec's toast still shows.
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, /Order placed successfully!/);
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    const [order] = await callApi<Array<{ _id: string; orderNumber: string }>>('GET', '/order?status=all', customer.token);
    expect(page.url()).toBe(`${baseUrl()}/order-confirmation/${order._id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber} is confirmed` }).waitFor();
    expect(await page.getByTestId('confirmation-email').textContent()).toContain(customer.email);
    expect(await page.getByTestId('confirmation-total').textContent()).toBe(charged);
    expect(await page.getByTestId('confirmation-coupon').textContent()).toMatch(/^-/);
    expect(await page.getByRole('link', { name: 'See it in My orders' }).getAttribute('href')).toBe('/my-account/orders');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${name}-confirmation`);
    // Printed, the page is the order alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Another shopper's order is no page of theirs.
    const other = await registerCustomer(`dead-ends-other-${name}`);
    await signInAs(page, other.email, other.password);
    await page.goto(`/order-confirmation/${order._id}`);
    await page.getByRole('heading', { level: 1, name: 'Opps! This page Could Not Be Found!' }).waitFor();
    expect(await page.getByText(order.orderNumber).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  test("suggestions forgive a typo and say 'No matches'; a phone's product page shows price and Add to cart first", async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto('/shop');
    const search = page.getByRole('combobox', { name: 'Search products' });
    // 3: the header's box (on a phone, behind the menu button when it is not shown), once the header is there.
    await search.waitFor({ state: 'attached' });
    if (!(await search.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
    await search.fill('neklace');
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await shot(page, `${name}-suggestions`);
    await search.fill('zzxqy');
    await page.getByText('No matches').waitFor();
    await search.press('Escape');

    // 9: the first screen of a product page holds its price and Add to cart.
    const piece = await pieceToBuy();
    await page.goto(`/${piece.slug}`);
    const add = page.getByRole('button', { name: /^Add to cart/ }).first();
    await add.waitFor().catch(async (error) => {
      await shot(page, `${name}-product-failed`, false);
      throw error;
    });
    const box = await add.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const price = await page.getByTestId('price').first().boundingBox();
    expect(price && price.y + price.height).toBeLessThanOrEqual(viewport.height);
    await shot(page, `${name}-product-first-screen`, false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

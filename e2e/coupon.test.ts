import type { Browser, Page } from 'playwright-core';
import { baseUrl, callApi, launchBrowser, PHONE, registerCustomer, signInAs, openPage } from './support/browser';

// Issue 22's shopper side, in real Chromium against the real API on a phone: a new customer takes the
// demo's welcome code (AURELIA15: 15 % off a first order, once) at checkout, sees the saving and the
// total the server charges, orders, finds the coupon on the order; a second cart is refused the code.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Option { _id: string; isActive: boolean; inStock: boolean }
interface Product { _id: string; slug: string; variants: Array<{ _id: string; options: Option[] }>; stock?: Array<{ options: string[]; quantity: number }> }
interface Preview { totalPrice: number; coupon: { code: string; amount: number } | null; currency: { symbol: string } }

const money = (amount: number, symbol: string) => `${amount < 0 ? '-' : ''}${symbol}${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

/** A demo piece with pieces to spare: its product and one combination of options (variant order). */
async function pieceToBuy(): Promise<{ productId: string; options: Array<{ variantId: string; optionId: string }> }> {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=12&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortBy: 'title', available: true }) });
  for (const { slug } of ((await res.json()) as { items: Product[] }).items) {
    const product = (await (await fetch(`${baseUrl()}/api/product/slugSearch/${slug}`)).json()) as Product;
    const usable = (ids: string[]) => ids.every((id, i) => product.variants[i]?.options.some((o) => o._id === id && o.isActive && o.inStock));
    // Two pieces at least: the first cart buys one, the second still gets one.
    const combination = product.stock?.find((s) => s.quantity >= 2 && s.options.length === product.variants.length && usable(s.options));
    if (combination) return { productId: product._id, options: combination.options.map((optionId, i) => ({ variantId: product.variants[i]._id, optionId })) };
  }
  throw new Error('the demo catalogue needs a piece with two in stock');
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Coupon code').fill(code);
  await page.getByLabel('Coupon code').press('Enter');
}

test('the welcome code: applied and charged on a first order, shown on the order, refused on the next', async () => {
  const customer = await registerCustomer('coupon');
  const piece = await pieceToBuy();
  await callApi('POST', '/cart', customer.token, { ...piece, quantity: 1 });
  const { page, context, errors } = await openPage(browser, PHONE);
  await signInAs(page, customer.email, customer.password);

  // Checkout: the code applies; the saving and the total are the server's.
  await page.goto('/checkout');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
  await applyCode(page, 'aurelia15');
  const saving = page.getByTestId('coupon-saving');
  await saving.waitFor();
  const [currency] = await callApi<Array<{ _id: string }>>('GET', '/currencies', customer.token);
  const expected = await callApi<Preview>('POST', '/order/preview', customer.token, { selectedCurr: currency._id, couponCode: 'AURELIA15' });
  // Issue 39: shipped to France, the order adds France's cheapest shipping and its tax to the same goods and coupon.
  const toFrance = await callApi<Preview>('POST', '/order/preview', customer.token, { selectedCurr: currency._id, couponCode: 'AURELIA15', country: 'FR' });
  const { symbol } = expected.currency;
  expect(expected.coupon?.amount).toBeGreaterThan(0);
  expect(await saving.textContent()).toBe(`You save ${money(expected.coupon!.amount, symbol)}`);
  expect(await page.getByText('Coupon AURELIA15', { exact: true }).first().isVisible()).toBe(true); // issue 38: the totals are a list (OrderTotals)
  expect(await page.getByTestId('review-coupon').textContent()).toBe(money(-expected.coupon!.amount, symbol));
  expect(await page.getByTestId('review-total').textContent()).toBe(money(expected.totalPrice, symbol));

  // The order is placed with it, and its details show it.
  await page.getByLabel('Country').selectOption('FR');
  await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
  await page.getByLabel('City').fill('Paris');
  await page.getByLabel('Postal code').fill('75002');
  await page.getByRole('button', { name: 'Place order' }).click();
  await toast(page, /Order placed successfully!/);
  const [order] = await callApi<Array<{ orderNumber: string; totalPrice: number; coupon: Preview['coupon'] }>>('GET', '/order?status=all', customer.token);
  expect(order.coupon).toEqual({ code: 'AURELIA15', amount: expected.coupon!.amount });
  expect(order.totalPrice).toBe(toFrance.totalPrice);
  await page.goto('/my-account/orders');
  await page.locator('tr', { hasText: order.orderNumber }).getByRole('button', { name: /View order/ }).click();
  const modal = page.getByRole('dialog', { name: 'Order Details' });
  await modal.getByText('Coupon AURELIA15').waitFor();
  expect(await modal.getByTestId('order-coupon').textContent()).toBe(money(-expected.coupon!.amount, symbol));

  // A new cart: the code was for the first order (checked before the one-use-per-customer limit).
  await callApi('POST', '/cart', customer.token, { ...piece, quantity: 1 });
  await page.goto('/cart');
  await applyCode(page, 'AURELIA15');
  const refusal = page.getByRole('alert').filter({ hasText: 'This code is for a first order' });
  await refusal.waitFor();
  expect(await page.getByLabel('Coupon code').getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
  expect(await page.getByTestId('coupon-saving').count()).toBe(0);

  expect(errors).toEqual([]);
  await context.close();
});

import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, callApi, DESKTOP, launchBrowser, PHONE, registerCustomer, signInAs, openPage, pageTakenOver, seriousA11yViolations } from './support/browser';

// Issue 17's journey, in real Chromium against the real API: a shopper buys the last piece, a second
// shopper sees 'Out of stock', the admin rejects the order, and the piece is back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Option { _id: string; name: string; isActive: boolean; inStock: boolean }
interface Product { _id: string; slug: string; title: string; variants: Array<{ _id: string; type: string; options: Option[] }>; stock: Array<{ options: string[]; quantity: number }> }

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
const stockNote = (page: Page) => page.getByTestId('stock-note');

/** Opens the product page and picks the combination's options. */
async function openCombination(page: Page, product: Product, options: string[]) {
  await page.goto(`/${product.slug}`);
  await pageTakenOver(page);
  for (const id of options) await page.locator(`input[type="radio"][value="${id}"]`).check();
}

test('the last piece: bought once, out of stock for the next shopper, back after the admin rejects the order', async () => {
  const admin = (await (await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: ADMIN.email, password: ADMIN.password }) })).json()) as { token: string };
  // A demo product with variants: one combination (an active, in-stock option of each) gets a single piece, the others none.
  const list = await callApi<{ items: Product[] }>('POST', '/product/filter?limit=30&page=1', admin.token, { withStock: true });
  const product = list.items.find((p) => p.variants.length > 0 && p.variants.every((v) => v.options.some((o) => o.isActive && o.inStock)))!;
  const options = product.variants.map((v) => v.options.find((o) => o.isActive && o.inStock)!._id);
  const key = (ids: string[]) => [...ids].sort().join(',');
  const stock = product.stock.map((s) => ({ options: s.options, quantity: key(s.options) === key(options) ? 1 : 0 }));
  await callApi('PUT', `/product/${product._id}/stock`, admin.token, { trackInventory: true, stock });

  // The first shopper, on a phone: 'Only 1 left', into the cart, checked out.
  const first = await openPage(browser, PHONE);
  const buyer = await registerCustomer('laststock');
  await signInAs(first.page, buyer.email, buyer.password);
  await openCombination(first.page, product, options);
  await stockNote(first.page).filter({ hasText: 'Only 1 left' }).waitFor();
  await first.page.getByRole('button', { name: 'Add to cart' }).click();
  await toast(first.page, 'Item added to Cart!');
  await first.page.goto('/checkout');
  await first.page.getByLabel('Country').selectOption('FR');
  await first.page.getByLabel('Address line 1').fill('12 Rue de la Paix');
  await first.page.getByLabel('City').fill('Paris');
  await first.page.getByLabel('Postal code').fill('75002');
  await first.page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
  await first.page.getByRole('button', { name: 'Place order' }).click();
  await toast(first.page, /Order placed successfully! Your order number is AJ-\d+\./);
  const [order] = await callApi<Array<{ _id: string; orderNumber: string }>>('GET', '/order?status=all', buyer.token);

  // The second shopper sees it sold: 'Out of stock', nothing to add.
  const second = await openPage(browser, DESKTOP);
  const other = await registerCustomer('laterstock');
  await signInAs(second.page, other.email, other.password);
  // Every other combination has none either: the whole piece is sold, its options shown out of stock.
  await second.page.goto(`/${product.slug}`);
  await stockNote(second.page).filter({ hasText: 'Out of stock' }).waitFor();
  expect(await second.page.locator(`input[type="radio"][value="${options[0]}"]`).isDisabled()).toBe(true);
  expect(await second.page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
  expect(await seriousA11yViolations(second.page)).toEqual([]);

  // The admin rejects the order from its details; the piece is back for the second shopper.
  const back = await openPage(browser, DESKTOP);
  await signInAs(back.page, ADMIN.email, ADMIN.password);
  await back.page.goto('/orders');
  const row = back.page.locator('tr', { hasText: order.orderNumber });
  await row.getByRole('button', { name: /View order/ }).click();
  const modal = back.page.getByRole('dialog', { name: 'Order Details' });
  await modal.getByText(order.orderNumber).first().waitFor();
  await modal.getByLabel('Change status').selectOption('rejected');
  await modal.getByRole('button', { name: 'Update' }).click();
  await toast(back.page, 'Order status updated successfully!');
  await openCombination(second.page, product, options);
  await stockNote(second.page).filter({ hasText: 'Only 1 left' }).waitFor();
  expect(await second.page.getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(true);

  for (const s of [first, second, back]) {
    expect(s.errors).toEqual([]);
    await s.context.close();
  }
});

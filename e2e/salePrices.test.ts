import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, PHONE, registerCustomer, signInAs } from './support/browser';

// Issue 22's journey: a discounted piece sells at the same unit price on the product page, in the mini
// cart (and the header's cart total), on the cart page and in the checkout's review.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Discount { timeLimit: string }
interface ProductLite { slug: string; title: string; available: boolean; discounts: Discount[] }

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();
/** The sale price a price tag shows (the text after its hidden 'Sale price: '). */
const salePrice = async (tag: ReturnType<Page['locator']>) => /Sale price: (\S+?\d[.,]\d\d)/.exec((await tag.textContent()) ?? '')?.[1];

test('a discounted piece shows the same unit price on the product page, mini cart, cart and checkout review', async () => {
  const res = await fetch(`${baseUrl()}/api/product/filter?limit=50&page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { items } = (await res.json()) as { items: ProductLite[] };
  const piece = items.find((p) => p.available && p.discounts.some((d) => new Date(d.timeLimit).getTime() > Date.now()));
  if (!piece) throw new Error('the demo catalogue needs a piece on sale');

  // A fresh customer: no account discount, so the review's total is the one piece's sale price.
  const { page, context, errors } = await openPage(browser, PHONE);
  const customer = await registerCustomer('sale');
  await signInAs(page, customer.email, customer.password);
  await page.goto(`/${piece.slug}`);
  const tag = page.locator('main [data-testid="price"]').first();
  await tag.filter({ hasText: 'Sale price' }).waitFor();
  const price = await salePrice(tag);
  expect(price).toMatch(/\d\.\d\d$/);
  expect(await tag.locator('del').count()).toBe(1);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await toast(page, 'Item added to Cart!');

  await page.getByTestId('header-cart-total').filter({ hasText: price! }).waitFor();
  await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
  const line = page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('listitem').first();
  await line.getByTestId('price').waitFor();
  expect(await salePrice(line.getByTestId('price'))).toBe(price);
  expect(await page.getByTestId('mini-cart-subtotal').textContent()).toBe(price);

  await page.goto('/cart');
  // On a phone the table's rows are laid out as cards (no row role): the first line of the table.
  const row = page.locator('main tbody tr').first();
  await row.getByTestId('price').first().waitFor();
  expect(await salePrice(row.getByTestId('price').first())).toBe(price);
  // Issue 38: the cart writes its totals as checkout does: the subtotal before the piece's discount, the total after it.
  expect(await page.getByTestId('cart-total').textContent()).toBe(price);

  // The review, before an address gives it shipping and tax (issue 39), charges the same sale price.
  await page.goto('/checkout');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
  expect(await page.getByTestId('review-total').textContent()).toBe(price);

  expect(errors).toEqual([]);
  await context.close();
});

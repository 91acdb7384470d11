import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { pdfText } from '../api/src/test/pdfText';
import { ADMIN, callApi, DESKTOP, launchBrowser, openPage, PHONE, pricedIn, registerCustomer, signInAs } from './support/browser';

// Issue 39: a buyer downloads the invoice of an order from My orders and its text carries the numbers and
// the total; the super admin's Store settings page saves the seller and shows a refused field beside it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS;

/** A cash-on-delivery order of the newest piece, shipped to the US by the first method offered there. */
async function placeOrder(token: string) {
  const currencies = await callApi<Array<{ _id: string; code: string }>>('GET', '/currencies', token);
  const usd = currencies.find((c) => c.code === 'USD')!;
  const { items } = await callApi<{ items: Array<{ _id: string; basePrice: Array<{ currType: string }>; variants: Array<{ _id: string; options: Array<{ _id: string; isActive: boolean; inStock: boolean }> }> }> }>('POST', '/product/filter?limit=12&page=1', token, { sortBy: '-createdAt', selectedCurr: usd._id });
  const product = items.find((p) => pricedIn(p, usd._id)) ?? items[0];
  const options = product.variants.map((v) => ({ variantId: v._id, optionId: (v.options.find((o) => o.isActive && o.inStock) ?? v.options[0])._id }));
  await callApi('POST', '/cart', token, { productId: product._id, options, quantity: 1 });
  const [method] = await callApi<Array<{ _id: string }>>('GET', `/shipping/methods?country=US&currency=${usd._id}`, token);
  return callApi<{ _id: string; orderNumber: string; invoiceNumber: string; totalPrice: number }>('POST', '/order', token, {
    paymentMethod: 'Cash On Delivery',
    selectedCurr: usd._id,
    ...(method && { shippingMethodId: method._id }),
    shippingAddress: { line1: '7 Orchard Row', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'United States', countryCode: 'US' },
  });
}

test('My orders: Download invoice saves the PDF of the order, its number and total in it', async () => {
  const buyer = await registerCustomer('invoice');
  const order = await placeOrder(buyer.token);
  expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, errors } = await openPage(browser, viewport);
    await signInAs(page, buyer.email, buyer.password);
    await page.goto('/my-account/orders');
    const link = page.getByRole('button', { name: `Download invoice ${order.invoiceNumber}` });
    await link.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-orders-${viewport.width}.png`, fullPage: true });
    if (viewport === DESKTOP) {
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`${order.invoiceNumber}.pdf`);
      const text = await pdfText(await fs.readFile((await download.path())!));
      expect(text).toContain(order.invoiceNumber);
      expect(text).toContain(order.orderNumber);
      expect(text).toContain(`Total $${order.totalPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      await page.getByRole('button', { name: 'View order 1' }).click();
      await page.getByTestId('order-invoice').waitFor();
      expect(await page.getByTestId('order-invoice').textContent()).toBe(order.invoiceNumber);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-details-${viewport.width}.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('Store settings (super admin): saved, and a refused field shows its reason beside it', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, errors } = await openPage(browser, viewport);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/store-settings');
    const name = page.getByLabel('Legal name');
    await name.waitFor();
    await name.fill('Aurelia Jewels SAS');
    await page.getByLabel('Address', { exact: true }).fill('12 rue de la Paix\n75002 Paris\nFrance');
    await page.getByLabel('VAT / tax id').fill('FR12345678901');
    await page.getByLabel('Invoice footer').fill('Aurelia Jewels SAS, capital 10 000 €, RCS Paris 123 456 789');
    await page.getByLabel('Default country').fill('XX');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be a country the shop knows (ISO 3166-1 alpha-2)').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/store-settings-error-${viewport.width}.png`, fullPage: true });
    await page.getByLabel('Default country').fill('FR');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Store Settings Saved Successfully!').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/store-settings-${viewport.width}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }
});

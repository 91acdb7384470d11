import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, baseUrl, DESKTOP, launchBrowser, PHONE, registerCustomer, signInAs, openPage, seriousA11yViolations } from './support/browser';

// Journeys of issue 7 (the back office) as the super admin, in real Chromium against the production build.
const stamp = Date.now().toString(36);
const names = {
  currency: { name: `Test Crown ${stamp}`, code: 'XTC', symbol: 'Ŧ' },
  filter: `Stone ${stamp}`,
  options: [`Opal ${stamp}`, `Jade ${stamp}`],
  discount: `Launch ${stamp}`,
  product: `Moon Pendant ${stamp}`,
  renamed: `Moon Charm ${stamp}`,
  variant: 'Chain',
  variantOptions: ['Short', 'Long'],
};

async function apiCall<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('admin back office (super admin)', () => {
  let browser: Browser;
  let imageDir: string;
  let images: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    imageDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
    images = [path.join(imageDir, 'moon-1.png'), path.join(imageDir, 'moon-2.jpg')];
    await sharp({ create: { width: 60, height: 78, channels: 3, background: '#c9a45c' } }).png().toFile(images[0]);
    await sharp({ create: { width: 60, height: 78, channels: 3, background: '#23403a' } }).jpeg().toFile(images[1]);
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(imageDir, { recursive: true, force: true });
  });

  it('creates a currency, a filter with two options, a discount and a product, sees it in the store, edits it, and follows its order on the dashboard', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await signInAs(page, ADMIN.email, ADMIN.password);

    // Currency
    await page.goto('/currencies');
    await page.getByRole('button', { name: 'Add Currency' }).click();
    const currencyModal = dialog(page, 'New Currency');
    await currencyModal.getByLabel('Name').fill(names.currency.name);
    await currencyModal.getByLabel('Code').fill(names.currency.code);
    await expect(currencyModal.getByRole('button', { name: 'Add' }).isDisabled()).resolves.toBe(true);
    await currencyModal.getByLabel('Symbol').fill(names.currency.symbol);
    await currencyModal.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Currency Added Successfully!');
    await page.getByRole('cell', { name: names.currency.name, exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Filter with two options
    await page.goto('/filters');
    await page.getByRole('button', { name: 'Add Filter' }).click();
    const filterModal = dialog(page, 'New Filter');
    await filterModal.getByLabel('Title').fill(names.filter);
    const optionsInput = filterModal.getByRole('textbox', { name: 'Options' });
    for (const option of names.options) {
      await optionsInput.fill(option);
      await optionsInput.press('Enter');
    }
    await filterModal.getByRole('button', { name: 'Add Filter' }).click();
    await toast(page, 'Filter Added Successfully!');
    await page.getByRole('cell', { name: names.filter, exact: true }).waitFor();

    // Discount
    await page.goto('/discounts');
    await page.getByRole('button', { name: 'Add Discount' }).click();
    const discountModal = dialog(page, 'New Discount');
    await discountModal.getByLabel('Name').fill(names.discount);
    await discountModal.getByLabel('Discount Type').selectOption('percentage');
    await discountModal.getByLabel('Discount value in USD').fill('10');
    await discountModal.getByLabel('Time Limit').fill('2035-01-01T12:00');
    await discountModal.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Discount Added Successfully!');
    await page.getByRole('cell', { name: new RegExp(`^${names.discount}`) }).waitFor();

    // Product: details, a variant with two options and a price per currency, the filter option, two images, the discount
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const productModal = dialog(page, 'Add Product');
    await productModal.getByLabel('Title').fill(names.product);
    const priceInputs = productModal.getByLabel(/^Base price in /);
    const count = await priceInputs.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) await priceInputs.nth(i).fill(String(100 + i));
    await productModal.getByRole('tab', { name: 'variants' }).click();
    await productModal.getByLabel('Variant name').fill(names.variant);
    for (const [i, option] of names.variantOptions.entries()) {
      await productModal.getByLabel('Option name').fill(option);
      await productModal.getByLabel('Price increase in USD').fill(String(i * 5));
      await productModal.getByRole('button', { name: 'Add Option' }).click();
    }
    await productModal.getByRole('button', { name: 'Add Variant' }).click();
    await productModal.getByRole('region', { name: `Variant ${names.variant}` }).waitFor();
    await productModal.getByRole('tab', { name: 'filter options' }).click();
    await productModal.getByRole('checkbox', { name: names.options[0] }).check();
    await productModal.getByRole('tab', { name: 'images' }).click();
    await productModal.getByLabel('Upload images').setInputFiles(images);
    await expect(productModal.getByRole('img').count()).resolves.toBe(2);
    await productModal.getByRole('tab', { name: 'Discounts' }).click();
    await productModal.getByRole('checkbox', { name: new RegExp(names.discount) }).check();
    await productModal.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Product Added Successfully!');
    await productModal.waitFor({ state: 'detached' });
    await page.getByPlaceholder('Search products…').fill(names.product);
    await page.getByRole('cell', { name: names.product, exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The store, filtered by the new option
    const shop = await context.newPage();
    await shop.goto('/shop');
    await shop.getByRole('checkbox', { name: names.options[0] }).first().check();
    await shop.getByText(names.product).first().waitFor();

    // Edit the title; the store shows the new one
    await page.getByRole('button', { name: `Edit ${names.product}` }).click();
    const editModal = dialog(page, `Edit ${names.product}`);
    await editModal.getByLabel('Title').fill(names.renamed);
    await editModal.getByRole('button', { name: 'Update Details' }).click();
    await toast(page, 'Product Details Updated Successfully!');
    await page.getByRole('cell', { name: names.renamed, exact: true }).waitFor();
    const product = await apiCall<{ items: Array<{ slug: string; title: string; _id: string; variants: Array<{ _id: string; options: Array<{ _id: string }> }> }> }>(
      'POST', `/product/filter?keyword=${encodeURIComponent(names.renamed)}&limit=12&page=1`, '', {},
    );
    const created = product.items[0];
    await shop.goto(`/${created.slug}`);
    await shop.getByRole('heading', { name: names.renamed }).first().waitFor();
    await shop.close();

    // As a customer, order it (through the API)
    const customer = await registerCustomer('adminflow');
    const currencies = await apiCall<Array<{ _id: string }>>('GET', '/currencies', '');
    await apiCall('POST', '/cart', customer.token, { productId: created._id, options: [{ variantId: created.variants[0]._id, optionId: created.variants[0].options[0]._id }], quantity: 1 });
    await apiCall('POST', '/order', customer.token, {
      paymentMethod: 'Cash On Delivery',
      selectedCurr: currencies[0]._id,
      shippingAddress: { fullName: customer.fullName, line1: '1 Main St', line2: '', city: 'Springfield', state: '', postalCode: '12345', country: 'US' },
    });

    // The dashboard counts before and after moving the order to processing
    await page.goto('/dashboard');
    const processing = page.getByTestId('status-processing');
    await processing.waitFor();
    const before = Number(await processing.textContent());
    const pendingBefore = Number(await page.getByTestId('status-pending').textContent());
    await page.goto('/orders');
    await page.getByRole('button', { name: 'View order 1', exact: true }).click();
    const orderModal = dialog(page, 'Order Details');
    await orderModal.getByText(names.renamed).first().waitFor();
    await orderModal.getByLabel('Change status').selectOption('processing');
    await orderModal.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Order status updated successfully!');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    await page.waitForFunction((n) => document.querySelector('[data-testid="status-processing"]')?.textContent === String(n), before + 1);
    expect(Number(await page.getByTestId('status-pending').textContent())).toBe(pendingBefore - 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('promotes a customer to admin, who cannot delete users; deletes a user and finds them under Deleted Users (at 375 px)', async () => {
    const promoted = await registerCustomer('promoted');
    const doomed = await registerCustomer('doomed');
    const { context, page, errors } = await openPage(browser, PHONE);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/users');
    const search = page.getByRole('searchbox', { name: 'Search by Name/Email' });
    await search.fill(promoted.email);
    await page.getByRole('cell', { name: promoted.email, exact: true }).waitFor();
    await page.getByRole('button', { name: `View ${promoted.fullName}` }).click();
    const userModal = dialog(page, promoted.fullName);
    await userModal.getByRole('button', { name: 'Make Admin' }).click();
    await toast(page, 'Role Changed Successfully!');
    await userModal.getByRole('button', { name: 'Revoke Admin Rights' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Delete a user; they are listed under Deleted Users
    await search.fill(doomed.email);
    await page.getByRole('cell', { name: doomed.email, exact: true }).waitFor();
    await page.getByRole('button', { name: `Delete ${doomed.fullName}` }).click();
    await dialog(page, 'Delete user').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User Deleted Successfully!');
    await page.getByText('No user available yet.').waitFor();
    // On a phone the sections are in the back office's drawer (issue 19).
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Deleted Users' }).click();
    await page.getByRole('searchbox', { name: 'Search by Name/Email' }).fill(doomed.email);
    await page.getByRole('cell', { name: doomed.email, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The promoted admin sees users but no Delete
    const second = await openPage(browser, DESKTOP);
    await signInAs(second.page, promoted.email, promoted.password);
    await second.page.goto('/users');
    await second.page.getByRole('button', { name: `View ${promoted.fullName}` }).first().waitFor();
    expect(await second.page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await second.page.getByRole('button', { name: `View ${promoted.fullName}` }).first().click();
    await dialog(second.page, promoted.fullName).getByText('Admin', { exact: true }).waitFor();
    expect(await dialog(second.page, promoted.fullName).getByRole('button', { name: 'Revoke Admin Rights' }).count()).toBe(0);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});

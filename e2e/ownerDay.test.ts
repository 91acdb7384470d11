import type { Browser } from 'playwright-core';
import { ADMIN, callApi, createDraftProduct, launchBrowser, openPage, PHONE, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 19's proof, the shop owner's day in real Chromium against the production build: finds a
// customer's order by her e-mail on the Orders page, exports it as CSV (one row per line item), and
// sees the audit entry of a price change with its before and after, at 1366 and 375 px.
const WIDE = { width: 1366, height: 900 };

let browser: Browser;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let orderNumber: string;
let pieceTitle: string;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await registerCustomer('owner');
  const [usd] = await callApi<Array<{ _id: string }>>('GET', '/currencies', '');
  type Piece = { _id: string; available: boolean; basePrice: Array<{ currType: string }>; variants: Array<{ _id: string; options: Array<{ _id: string }> }> };
  const { items } = await callApi<{ items: Piece[] }>('POST', '/product/filter?limit=12&page=1', '', { selectedCurr: usd._id });
  // Priced in USD: other journeys publish newer pieces priced in other currencies only.
  const bought = items.find((p) => p.available && p.basePrice.some((b) => b.currType === usd._id)) ?? items[0];
  const options = bought.variants.map((v) => ({ variantId: v._id, optionId: v.options[0]._id }));
  await callApi('POST', '/cart', customer.token, { productId: bought._id, options, quantity: 1 });
  ({ orderNumber } = await callApi<{ orderNumber: string }>('POST', '/order', customer.token, {
    paymentMethod: 'Cash On Delivery',
    selectedCurr: usd._id,
    shippingAddress: { fullName: customer.fullName, line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  }));
  // The price change the owner will find in the audit log, made by the admin as the edit modal does, on
  // a draft of this test's own (the other journeys share the shop and its demo prices).
  const { token } = await callApi<{ token: string }>('POST', '/user/login', '', { uid: ADMIN.email, password: ADMIN.password });
  const draft = await createDraftProduct(token, `Owner Journey Ring ${Date.now()}`, [{ currType: usd._id, amount: 100 }]);
  pieceTitle = draft.title;
  await callApi('PUT', `/product/${draft._id}`, token, { basePrice: [{ currType: usd._id, amount: 1234.5 }] });
});
afterAll(async () => {
  await browser?.close();
});

test('desktop: the owner finds an order by the customer\'s e-mail, exports it, and reads the price change in the audit log', async () => {
  const { context, page, errors } = await openPage(browser, WIDE);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/orders');
  await page.getByLabel('Search', { exact: true }).fill(customer.email);
  // The search is applied once typing pauses, and kept in the URL (the export reads the same filter).
  await page.waitForURL((url) => url.searchParams.get('keyword') === customer.email);
  const orders = page.getByRole('region', { name: 'All orders' });
  await orders.getByText(orderNumber).waitFor();
  await orders.getByText(customer.email).first().waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const stream = await download.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += chunk;
  const rows = csv.trim().split(/\r?\n/);
  // A header and the one line item of the one order the search found.
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(orderNumber);
  expect(rows[1]).toContain(customer.email);

  await page.goto('/audit-log');
  // The entry's button is named by the fields it changed, then what it is about.
  const entry = page.getByRole('button', { name: new RegExp(`^Base price.*${pieceTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
  await entry.click();
  const details = page.getByRole('dialog');
  await details.getByText(/Base price/).first().waitFor();
  await details.getByRole('rowheader', { name: 'Base price › USD' }).waitFor();
  await details.getByRole('cell', { name: '1234.5', exact: true }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone: the audit log and the orders search work at 375 px without sideways scrolling', async () => {
  const { context, page, errors } = await openPage(browser, PHONE);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`/orders?keyword=${encodeURIComponent(customer.email)}`);
  await page.getByRole('region', { name: 'All orders' }).getByText(orderNumber).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.goto('/audit-log');
  await page.getByText(pieceTitle).first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

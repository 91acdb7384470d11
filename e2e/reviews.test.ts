import type { Browser, Page } from 'playwright-core';
import { ADMIN, callApi, createDraftProduct, DESKTOP, launchBrowser, openPage, PHONE, registerCustomer, seriousA11yViolations, signInAs } from './support/browser';

// Issue 41, reviews from verified buyers: a customer whose order was delivered writes a review on the
// product page, the owner approves it on the Reviews page, and a visitor sees the stars on the shop's
// card and the review on the page, whose server-rendered JSON-LD then carries aggregateRating. In real
// Chromium against the production build; axe on the review form and the list.

let browser: Browser;
let buyer: Awaited<ReturnType<typeof registerCustomer>>;
const stamp = Date.now().toString(36);
const title = `Review Ring ${stamp}`;
let slug: string;

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await registerCustomer('reviewer');
  const { token } = await callApi<{ token: string }>('POST', '/user/login', '', { uid: ADMIN.email, password: ADMIN.password });
  const [usd] = await callApi<Array<{ _id: string }>>('GET', '/currencies', '');
  const piece = await createDraftProduct(token, title, [{ currType: usd._id, amount: 420 }]);
  await callApi('POST', '/product/bulk', token, { ids: [piece._id], action: 'publish' });
  slug = (await callApi<{ slug: string }>('GET', `/product/${piece._id}`, '')).slug;
  await callApi('POST', '/cart', buyer.token, { productId: piece._id, options: [], quantity: 1 });
  const order = await callApi<{ _id: string }>('POST', '/order', buyer.token, {
    paymentMethod: 'Cash On Delivery',
    selectedCurr: usd._id,
    shippingAddress: { fullName: buyer.fullName, line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  });
  await callApi('PATCH', `/order/${order._id}`, token, { status: 'delivered' });
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h41-${name}.png`, fullPage: true });

test('a buyer reviews, the owner approves, a visitor sees the stars and the review; the JSON-LD has aggregateRating', async () => {
  const writer = await openPage(browser, PHONE);
  try {
    const { page } = writer;
    await signInAs(page, buyer.email, buyer.password);
    await page.goto(`/${slug}#write-review`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByText('Please choose from 1 to 5 stars.').waitFor();
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByLabel('Title').fill('Worn every day');
    await form.getByLabel('Your review').fill('The <b>gold</b> keeps its shine and the band is comfortable all day.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'form-375');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await toast(page, 'Thank you! Your review will appear once approved.').waitFor();
    await page.getByText('Your review is waiting for approval.').waitFor();
    expect(writer.errors).toEqual([]);
  } finally {
    await writer.context.close();
  }

  const owner = await openPage(browser, DESKTOP);
  try {
    const { page } = owner;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/reviews');
    await page.getByRole('link', { name: /Reviews \d+ pending/ }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Pending').waitFor();
    await shot(page, 'admin-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Approve the review by/ }).click();
    await toast(page, 'Review approved').waitFor();
    expect(owner.errors).toEqual([]);
  } finally {
    await owner.context.close();
  }

  for (const viewport of [PHONE, DESKTOP]) {
    const visitor = await openPage(browser, viewport);
    try {
      const { page } = visitor;
      await page.goto(`/shop?que=${encodeURIComponent(title)}`);
      const card = page.getByTestId('product-card').filter({ hasText: title });
      await card.getByRole('img', { name: 'Rated 5.0 out of 5' }).waitFor();
      await card.getByText('(1 review)').waitFor();
      await shot(page, `shop-${viewport.width}`);

      await page.goto(`/${slug}`);
      const list = page.getByTestId('review-list');
      await list.getByRole('heading', { name: 'Worn every day' }).waitFor();
      await list.getByText('The <b>gold</b> keeps its shine', { exact: false }).waitFor();
      await list.getByText('Verified buyer').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `product-${viewport.width}`);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  }

  // What a search engine reads: the server's HTML, no script run.
  const html = await (await fetch(`${process.env.E2E_BASE_URL}/${slug}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
  const product = blocks.find((b) => b['@type'] === 'Product');
  expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
  expect(product.review[0]).toMatchObject({ name: 'Worn every day', reviewRating: { ratingValue: 5 } });
});

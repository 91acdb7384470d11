import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { startShop, type RunningShop } from './support/shopServer';
import { STAND_IN_KEYS, TEST_CARDS, startStripeStandIn, type StripeStandIn } from '../api/src/test/stripeServer';

// Issue 40: a card purchase in real Chromium, with the shop's own Content-Security-Policy in force, against
// a shop whose Stripe settings point at the local stand-in (its REST API, its signed webhooks and its
// Stripe.js stand-in with a Payment Element-like form): the 3-D Secure test card, authenticated in the
// challenge, ends on the order's page; the order is the server's, paid by Card, once.

let browser: Browser;
let stand: StripeStandIn;
let shop: RunningShop;

beforeAll(async () => {
  stand = await startStripeStandIn();
  shop = await startShop({
    AUTH_RATE_LIMIT: '1000',
    STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
    STRIPE_API_BASE: stand.url,
    STRIPE_JS_URL: `${stand.url}/v3/stripe.js`,
  });
  stand.webhookUrl = `${shop.url}/api/payments/stripe/webhook`;
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await stand?.close();
});

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shop.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test('a card purchase with the 3-D Secure test card ends on the order page, the order paid by Card', async () => {
  const n = Date.now();
  const customer = { fullName: 'Carla Card', email: `card-${n}@example.com`, contact: `55${String(n).slice(-8)}`, password: 'card-buyer-secret' };
  const { token } = await api<{ token: string }>('POST', '/user/register', undefined, customer);
  const { items } = await api<{ items: Array<{ _id: string; title: string; variants: Array<{ options: Array<{ _id: string; isActive: boolean; inStock: boolean }> }> }> }>(
    'POST',
    '/product/filter?limit=20&page=1',
    undefined,
    { sortBy: '-createdAt' },
  );
  const product = items.find((p) => p.variants.every((v) => v.options.some((o) => o.isActive && o.inStock)))!;
  const options = product.variants.map((v) => v.options.find((o) => o.isActive && o.inStock)!._id);
  await api('POST', '/cart', token, { productId: product._id, options, quantity: 1 });

  const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const stripeScripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v3/stripe.js')) stripeScripts.push(r.url());
  });
  await page.goto('/about');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify(s)), { auth: true, name: customer.fullName, role: 'customer', isSuperAdmin: false, token, selectedCurrency: '' });
  await page.goto('/checkout');
  await page.getByLabel('Country').selectOption('FR');
  await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
  await page.getByLabel('City').fill('Paris');
  await page.getByLabel('Postal code').fill('75002');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
  const total = (await page.getByTestId('review-total').textContent())!;

  await page.getByRole('radio', { name: 'Card' }).check();
  // Stripe.js is not on the page until the buyer asks for the card form.
  expect(stripeScripts).toEqual([]);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await page.getByLabel('Card number').fill(TEST_CARDS.threeDSecure);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  expect(stripeScripts).toHaveLength(1);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  // The 3-D Secure challenge.
  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
  await challenge.waitFor();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);

  const orders = await api<Array<{ _id: string; paymentMethod: string; totalPrice: number; currency: { symbol: string } }>>('GET', '/order?status=all', token);
  expect(orders).toHaveLength(1);
  expect(orders[0].paymentMethod).toBe('Card');
  expect(page.url()).toContain(orders[0]._id);
  const intent = [...stand.intents.values()].find((pi) => pi.metadata.userId);
  expect(intent?.status).toBe('succeeded');
  expect(intent?.amount).toBe(Math.round(orders[0].totalPrice * 100));
  // The webhook came too; it found the order placed: still one.
  await stand.settled();
  expect(await api<unknown[]>('GET', '/order?status=all', token)).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);

import { COUPON_MESSAGES } from '@shop/contract';
import { COUPON_TRIES_PER_ACCOUNT } from '../lib/ratelimit';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 34 #5: coupon codes cannot be guessed. Codes tried are limited per account and per address (the
// shop's shared counters), a checkout without a code is never slowed, and a code that is not running
// answers as one that does not exist until the customer has seen it work. PGlite and PostgreSQL.
let t: TestApp;
let usd: { _id: string };
let ring: { _id: string };
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
const MINUTE = 60_000;

beforeAll(async () => {
  // The shop's own limit (the harness raises it for the other tests).
  t = await startTestApp({ couponTryLimit: COUPON_TRIES_PER_ACCOUNT });
  usd = await t.currency('USD', '$');
  ring = await t.product({ title: 'Guess Ring', basePrice: [{ currType: usd._id, amount: 80 }] });
}, 60_000);
afterAll(() => t.close());

const preview = (token: string, couponCode?: string) => t.call('POST', '/api/order/preview', { token, body: { selectedCurr: usd._id, couponCode } });
const checkout = (token: string, couponCode?: string) =>
  t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address, couponCode } });
const createCoupon = (body: Record<string, unknown>) =>
  t.call('POST', '/api/coupons', { token: t.adminToken, body: { discountType: 'percentage', value: [{ currType: usd._id, amount: 10 }], active: true, ...body } });
async function shopper() {
  const c = await t.customer();
  expect((await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity: 1, options: [] } })).status).toBe(200);
  return c;
}

test('a code that is not running answers as one that does not exist, until the customer has used it', async () => {
  await createCoupon({ code: 'ENDED1', endsAt: new Date(Date.now() - MINUTE).toISOString() });
  await createCoupon({ code: 'LATER1', startsAt: new Date(Date.now() + MINUTE).toISOString() });
  await createCoupon({ code: 'OFF1', active: false });
  const { body: once } = await createCoupon({ code: 'ONCE1', usageLimit: 1 });
  const c = await shopper();
  const answers = await Promise.all(['NOSUCH1', 'ENDED1', 'LATER1', 'OFF1'].map((code) => preview(c.token, code)));
  expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(4).fill([400, COUPON_MESSAGES.unknown]));
  // Used up by its one use: its user is told why, another customer only that it is not valid.
  expect((await checkout(c.token, 'ONCE1')).status).toBe(201);
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity: 1, options: [] } });
  expect((await preview(c.token, 'once1')).body.message).toBe(COUPON_MESSAGES.usageLimit);
  const other = await shopper();
  expect((await preview(other.token, 'ONCE1')).body.message).toBe(COUPON_MESSAGES.unknown);
  expect((await checkout(other.token, 'ONCE1'))).toMatchObject({ status: 409, body: { message: COUPON_MESSAGES.unknown } });
  expect((await t.call('GET', `/api/coupons/${once._id}`, { token: t.adminToken })).body.timesUsed).toBe(1);
});

test('codes tried per account: past the limit, 429 with Retry-After, even all at once; without a code, never slowed', async () => {
  await createCoupon({ code: 'REAL1' });
  const c = await shopper();
  const before = await t.fingerprint();
  const tries = await Promise.all(Array.from({ length: COUPON_TRIES_PER_ACCOUNT + 10 }, (_, i) => preview(c.token, `GUESS${i}`)));
  expect(tries.filter((a) => a.status === 400)).toHaveLength(COUPON_TRIES_PER_ACCOUNT);
  const refused = tries.filter((a) => a.status === 429);
  expect(refused).toHaveLength(10);
  expect(refused[0].body.message).toBe(COUPON_MESSAGES.tooManyTries);
  expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
  // The real code is refused too now (the limit says nothing of which codes exist), by the order as well.
  expect((await preview(c.token, 'REAL1')).status).toBe(429);
  expect((await checkout(c.token, 'REAL1')).status).toBe(429);
  expect(await t.fingerprint()).toBe(before);
  // No code: the preview and the order go through.
  for (let i = 0; i < 5; i++) expect((await preview(c.token)).status).toBe(200);
  expect((await checkout(c.token, '  ')).status).toBe(201);
  // Another account is not held back by this one's guesses.
  const other = await shopper();
  expect((await preview(other.token, 'REAL1')).status).toBe(200);
});

test('codes tried per address: three times the account limit, whichever accounts try them', async () => {
  // What the accounts above have tried from this address so far, as the shared counters hold it.
  const used = (await t.ctx.counters.peek('coupon-tries-ip:ip:127.0.0.1'))?.count ?? 0;
  expect(used).toBeGreaterThan(COUPON_TRIES_PER_ACCOUNT);
  const left = 3 * COUPON_TRIES_PER_ACCOUNT - used;
  const accounts = await Promise.all(Array.from({ length: 4 }, () => shopper()));
  const per = Math.ceil((left + 8) / accounts.length);
  expect(per).toBeLessThanOrEqual(COUPON_TRIES_PER_ACCOUNT);
  const tries = (await Promise.all(accounts.map((a) => Promise.all(Array.from({ length: per }, (_, i) => preview(a.token, `ADDR${i}`)))))).flat();
  expect(tries.filter((a) => a.status === 400)).toHaveLength(left);
  expect(tries.filter((a) => a.status === 429).length).toBe(tries.length - left);
  // A fresh account from the same address is held back too; without a code it is not.
  const fresh = await shopper();
  expect((await preview(fresh.token, 'REAL1')).status).toBe(429);
  expect((await preview(fresh.token)).status).toBe(200);
});

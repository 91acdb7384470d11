import { retryPendingRefunds } from '../orders/service';
import { startTestApp, type TestApp } from '../test/harness';
import { STAND_IN_KEYS, startStripeStandIn, type StripeStandIn } from '../test/stripeServer';
import { orderLinkOf } from '../guests/service';
import { sweepCardPayments, type CardDeps } from './service';

// Issue 40: card payments against a local stand-in that speaks Stripe's REST protocol and signs its
// webhooks as Stripe does, the official `stripe` package pointed at it (STRIPE_API_BASE). On PGlite,
// and on PostgreSQL when DATABASE_URL is set.

const address = { line1: '1 Rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' };
let t: TestApp;
let stand: StripeStandIn;
let eur: string;
let ring: { _id: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await startTestApp({ cards: { ...STAND_IN_KEYS, apiBase: stand.url, jsUrl: `${stand.url}/v3/stripe.js`, holdMinutes: 15 }, cardSweepMs: 0 });
  stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
  eur = (await t.currency('EUR', '€'))._id;
  ring = await t.product({ title: 'Card Ring', basePrice: [{ currType: eur, amount: 50 }] });
  admin = await t.admin('Refund Admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

const deps = (): CardDeps => ({ db: t.ctx.db, cards: t.ctx.cards, log: t.app.log, secrets: t.ctx.mailSecrets, link: orderLinkOf(t.ctx), invoices: t.ctx.invoiceNumbers });
const sweep = () => sweepCardPayments(deps(), (failedToo) => retryPendingRefunds(t.ctx.db, t.ctx.refundPayment, t.app.log, failedToo));
const setStock = (quantity: number) =>
  t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity }] } });
const stockNow = async () => (await t.ctx.db.one<{ q: number }>(`SELECT quantity AS q FROM stock_levels WHERE product_id = $1`, [ring._id]))!.q;
const ledgerSum = async () => (await t.ctx.db.one<{ s: number }>(`SELECT coalesce(sum(delta), 0)::int AS s FROM stock_movements WHERE product_id = $1`, [ring._id]))!.s;
const ordersOf = async (intentId: string) => (await t.ctx.db.query(`SELECT id FROM orders WHERE payment_ref = $1`, [intentId])).length;

async function buyer(quantity = 2) {
  const c = await t.customer();
  const added = await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity } });
  expect([added.status, added.body.message]).toEqual([200, undefined]);
  return c;
}
const intent = (token: string, body: Record<string, unknown> = {}) =>
  t.call('POST', '/api/order/card/intent', { token, body: { selectedCurr: eur, shippingAddress: address, ...body } });
const complete = (token: string, paymentIntentId: string) => t.call('POST', '/api/order/card/complete', { token, body: { paymentIntentId } });

test('the checkout learns Card is offered, with the publishable key and where Stripe.js is', async () => {
  const res = await t.call('GET', '/api/config/getStripeClient');
  expect(res.body).toEqual({ publishableKey: STAND_IN_KEYS.publishableKey, jsUrl: `${stand.url}/v3/stripe.js` });
  // The shop's pages may load that script (and reach the stand-in's API) only because it is configured.
  const csp = (await fetch(`${t.url}/api/hello`)).headers.get('content-security-policy') ?? '';
  expect(csp).toContain(stand.url);
});

test('a card purchase: the intent is for the server total, held; the same cart asks again for the same intent; the order is placed on return', async () => {
  await setStock(5);
  const c = await buyer(2);
  const first = await intent(c.token);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ amount: 100, currency: 'EUR' });
  const pi = stand.intents.get(first.body.paymentIntentId)!;
  expect([pi.amount, pi.currency, pi.metadata.userId]).toEqual([10000, 'eur', c.id]);
  expect(await stockNow()).toBe(3); // held
  const again = await intent(c.token);
  expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
  expect(stand.intents.size).toBeGreaterThanOrEqual(1);
  expect(await stockNow()).toBe(3); // held once

  stand.webhookUrl = null; // the buyer's return comes first here
  await stand.pay(pi.id);
  const done = await complete(c.token, pi.id);
  stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
  expect(done.status).toBe(201);
  expect(done.body).toMatchObject({ paymentMethod: 'Card', totalPrice: 100, status: 'pending' });
  expect(await stockNow()).toBe(3);
  expect(await ledgerSum()).toBe(3);
  expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toEqual([]);
  // Asked again: the same order.
  const twice = await complete(c.token, pi.id);
  expect([twice.status, twice.body._id]).toEqual([201, done.body._id]);
  expect(await ordersOf(pi.id)).toBe(1);
});

test("a guest pays by card with their cart token: the order is theirs by e-mail, with its private link; no e-mail is a 400, another cart's token a 404", async () => {
  await setStock(5);
  await t.ctx.db.query(`UPDATE store_settings SET guest_checkout = true`);
  try {
    const guestCart = async () => {
      const made = await t.call('POST', '/api/cart/guest');
      expect(made.status).toBe(201);
      return { headers: { 'x-cart-token': made.body.cartToken as string } };
    };
    const asGuest = await guestCart();
    expect((await t.call('POST', '/api/cart', { ...asGuest, body: { productId: ring._id, quantity: 1 } })).status).toBe(200);
    const named = { ...address, fullName: 'Gina Guest' };
    const guestIntent = (body: Record<string, unknown>) => t.call('POST', '/api/order/card/intent', { ...asGuest, body: { selectedCurr: eur, shippingAddress: named, ...body } });
    const intentsBefore = stand.intents.size;
    expect((await guestIntent({})).status).toBe(400);
    expect((await guestIntent({ email: 'not-an-email' })).status).toBe(400);
    expect((await guestIntent({ email: 'gina@example.com', shippingAddress: address })).status).toBe(400); // no name to ship to
    expect([stand.intents.size, await stockNow()]).toEqual([intentsBefore, 5]);

    const made = await guestIntent({ email: 'Gina.Card@example.com' });
    expect(made.status).toBe(200);
    const pi = made.body.paymentIntentId as string;
    expect(await stockNow()).toBe(4); // held for the guest
    // The intent's row keeps the e-mail, never a link's token (made with the order, sealed in its e-mail).
    const kept = (await t.ctx.db.one<{ checkout: Record<string, unknown> }>(`SELECT checkout FROM card_payments WHERE intent_id = $1`, [pi]))!.checkout;
    expect([kept.guestEmail, 'guest' in kept]).toEqual(['Gina.Card@example.com', false]);

    stand.webhookUrl = null; // the return comes first
    await stand.pay(pi);
    expect((await t.call('POST', '/api/order/card/complete', { ...(await guestCart()), body: { paymentIntentId: pi } })).status).toBe(404);
    const done = await t.call('POST', '/api/order/card/complete', { ...asGuest, body: { paymentIntentId: pi } });
    stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
    expect([done.status, done.body.paymentMethod, done.body.totalPrice]).toEqual([201, 'Card', 50]);
    const order = (await t.ctx.db.one<{ id: string; guest_email: string; status_token_hash: string | null }>(`SELECT id, guest_email, status_token_hash FROM orders WHERE payment_ref = $1`, [pi]))!;
    expect(order.guest_email).toBe('Gina.Card@example.com');
    expect(order.status_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const mail = (await t.ctx.db.one<{ to_address: string; message: { statusUrl?: string } }>(`SELECT to_address, message FROM mail_outbox WHERE idempotency_key = $1`, [`order-confirmation:${order.id}`]))!;
    expect([mail.to_address, mail.message.statusUrl]).toEqual(['Gina.Card@example.com', expect.stringMatching(/\/order-status\/\[redacted\]$/)]);
    expect((await t.call('GET', '/api/cart', asGuest)).body.items).toEqual([]);
    expect([await ordersOf(pi), await stockNow()]).toEqual([1, 4]);
  } finally {
    await t.ctx.db.query(`UPDATE store_settings SET guest_checkout = false`);
  }
});

test('3-D Secure: the intent requires action and nothing is ordered; once authenticated the webhook places the order', async () => {
  await setStock(5);
  const c = await buyer(1);
  const { body } = await intent(c.token);
  await stand.pay(body.paymentIntentId, 'pm_card_threeDSecure2Required');
  expect(stand.intents.get(body.paymentIntentId)!.status).toBe('requires_action');
  const early = await complete(c.token, body.paymentIntentId);
  expect([early.status, early.body.message]).toEqual([402, 'The card payment has not succeeded']);
  expect(await ordersOf(body.paymentIntentId)).toBe(0);
  await stand.authenticate(body.paymentIntentId);
  await stand.settled();
  expect(await ordersOf(body.paymentIntentId)).toBe(1);
  expect(stand.deliveries.filter((d) => d.type === 'payment_intent.succeeded').at(-1)!.status).toBe(200);
  const back = await complete(c.token, body.paymentIntentId);
  expect([back.status, back.body.paymentMethod]).toEqual([201, 'Card']);
  expect(await stockNow()).toBe(4);
});

test('a declined card gives the hold back (the failed event), and completing it is refused', async () => {
  await setStock(5);
  const c = await buyer(2);
  const { body } = await intent(c.token);
  expect(await stockNow()).toBe(3);
  await stand.pay(body.paymentIntentId, 'pm_card_chargeDeclined');
  await stand.settled();
  expect(await stockNow()).toBe(5);
  expect((await complete(c.token, body.paymentIntentId)).status).toBe(402);
  expect(await ordersOf(body.paymentIntentId)).toBe(0);
  expect(await ledgerSum()).toBe(5);
});

test('20 completions and 20 webhook deliveries of one intent at once: one order', async () => {
  await setStock(50);
  const c = await buyer(3);
  const { body } = await intent(c.token);
  stand.webhookUrl = null;
  await stand.pay(body.paymentIntentId);
  stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
  const event = stand.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === body.paymentIntentId).at(-1)!;
  const [completions, deliveries] = await Promise.all([
    Promise.all(Array.from({ length: 20 }, () => complete(c.token, body.paymentIntentId))),
    Promise.all(Array.from({ length: 20 }, () => stand.deliver(event))),
  ]);
  expect(await ordersOf(body.paymentIntentId)).toBe(1);
  expect(new Set(completions.map((r) => r.status))).toEqual(new Set([201]));
  expect(new Set(completions.map((r) => r.body._id)).size).toBe(1);
  // Each delivery handled (200) or refused as a replay of one handled meanwhile (409); never a 5xx.
  expect(deliveries.every((s) => s === 200 || s === 409)).toBe(true);
  expect(await stockNow()).toBe(47);
  expect(await ledgerSum()).toBe(47);
});

describe('bad input changes nothing', () => {
  let c: { id: string; token: string };
  let intentId: string;
  beforeAll(async () => {
    await setStock(10);
    c = await buyer(1);
    intentId = (await intent(c.token)).body.paymentIntentId;
  });

  test('a webhook with a bad signature, a stale one (over 5 minutes) or no signature: 400', async () => {
    stand.webhookUrl = null;
    await stand.pay(intentId);
    stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
    const event = stand.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intentId).at(-1)!;
    const before = await t.fingerprint();
    expect(await stand.deliver(event, { secret: 'whsec_someone_else_secret' })).toBe(400);
    expect(await stand.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toBe(400);
    const payload = JSON.stringify(event);
    const unsigned = await fetch(`${t.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    // A body changed after signing (a tampered amount) no longer matches its signature.
    const tampered = await fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stand.sign(payload) },
      body: payload.replace('"amount":5000', '"amount":1'),
    });
    expect(tampered.status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
    expect(await ordersOf(intentId)).toBe(0);
  });

  test('a replayed event: 409', async () => {
    const event = stand.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intentId).at(-1)!;
    expect(await stand.deliver(event)).toBe(200);
    expect(await ordersOf(intentId)).toBe(1);
    const before = await t.fingerprint();
    const replay = await stand.deliver(event);
    expect(replay).toBe(409);
    expect(await t.fingerprint()).toBe(before);
  });

  test("another buyer's intent, an unknown one, an intent that did not succeed: 4xx, nothing changed", async () => {
    const other = await buyer(1);
    const theirs = (await intent(other.token)).body.paymentIntentId;
    await stand.settled();
    const before = await t.fingerprint();
    expect((await complete(c.token, theirs)).status).toBe(404);
    expect((await complete(c.token, 'pi_000000000000000000000000')).status).toBe(404);
    expect((await complete(other.token, theirs)).status).toBe(402);
    expect((await t.call('POST', '/api/order/card/complete', { token: c.token, body: { paymentIntentId: 'not-an-intent' } })).status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
    expect(await ordersOf(theirs)).toBe(0);
  });

  test('an intent whose amount is not what the shop made it for: 409, nothing ordered', async () => {
    const c2 = await buyer(1);
    const { body } = await intent(c2.token);
    stand.webhookUrl = null;
    await stand.pay(body.paymentIntentId);
    stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
    const pi = stand.intents.get(body.paymentIntentId)!;
    pi.amount = 100;
    pi.amount_received = 100;
    await stand.settled();
    const before = await t.fingerprint();
    const res = await complete(c2.token, body.paymentIntentId);
    expect([res.status, res.body.message]).toEqual([409, 'The payment does not match the order total']);
    expect(await t.fingerprint()).toBe(before);
    expect(stand.refunds.filter((r) => r.payment_intent === pi.id)).toEqual([]);
  });

  test('Card through POST /order, and an intent without an address: 400', async () => {
    const before = await t.fingerprint();
    expect((await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Card', selectedCurr: eur, shippingAddress: address } })).status).toBe(400);
    expect((await t.call('POST', '/api/order/card/intent', { token: c.token, body: { selectedCurr: eur } })).status).toBe(400);
    const noCity = await t.call('POST', '/api/order/card/intent', { token: c.token, body: { selectedCurr: eur, shippingAddress: { ...address, city: '' } } });
    expect(noCity.status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
  });
});

describe('holds', () => {
  const expire = (intentId: string) => t.ctx.db.query(`UPDATE card_payments SET hold_until = now() - interval '1 minute' WHERE intent_id = $1`, [intentId]);

  test('an expired hold gives the pieces back; paid later while they are there, the order is still placed', async () => {
    await setStock(2);
    const c = await buyer(2);
    const rival = await buyer(1);
    const { body } = await intent(c.token);
    expect(await stockNow()).toBe(0);
    // Another buyer cannot take the held pieces (nor put them in a cart).
    expect((await t.call('POST', '/api/cart', { token: (await t.customer()).token, body: { productId: ring._id, quantity: 1 } })).status).toBe(409);
    expect((await t.call('POST', '/api/order', { token: rival.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur, shippingAddress: address } })).status).toBe(409);
    await expire(body.paymentIntentId);
    await sweep();
    expect(await stockNow()).toBe(2);
    expect((await t.ctx.db.one<{ state: string }>(`SELECT state FROM card_payments WHERE intent_id = $1`, [body.paymentIntentId]))!.state).toBe('released');
    await t.call('DELETE', `/api/cart/${(await t.call('GET', '/api/cart', { token: rival.token })).body.items[0]._id}`, { token: rival.token });
    await stand.pay(body.paymentIntentId);
    await stand.settled();
    expect(await ordersOf(body.paymentIntentId)).toBe(1);
    expect(await stockNow()).toBe(0);
    expect(await ledgerSum()).toBe(0);
  });

  test('a payment after its hold ended and the piece sold is refunded in full, and the buyer e-mailed', async () => {
    await setStock(1);
    const c = await buyer(1);
    const { body } = await intent(c.token);
    await expire(body.paymentIntentId);
    await sweep();
    const rival = await buyer(1);
    expect((await t.call('POST', '/api/order', { token: rival.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur, shippingAddress: address } })).status).toBe(201);
    await stand.pay(body.paymentIntentId);
    await stand.settled();
    expect(await ordersOf(body.paymentIntentId)).toBe(0);
    expect(stand.refunds.filter((r) => r.payment_intent === body.paymentIntentId).map((r) => r.amount)).toEqual([5000]);
    const mail = await t.ctx.db.one<{ to_address: string; message: { kind: string; reason: string } }>(`SELECT to_address, message FROM mail_outbox WHERE idempotency_key = $1`, [
      `card-payment-refunded:${body.paymentIntentId}`,
    ]);
    expect(mail).toMatchObject({ to_address: c.email, message: { kind: 'card-payment-refunded', reason: 'Card Ring is out of stock' } });
    // The buyer's return says so; asked again, nothing more is refunded.
    const res = await complete(c.token, body.paymentIntentId);
    expect(res.status).toBe(409);
    expect(stand.refunds.filter((r) => r.payment_intent === body.paymentIntentId)).toHaveLength(1);
    expect(await stockNow()).toBe(0);
    // Restocked, the same cart gets a fresh intent (the refunded one can be paid no more), and is bought.
    await setStock(1);
    const again = await intent(c.token);
    expect(again.status).toBe(200);
    expect(again.body.paymentIntentId).not.toBe(body.paymentIntentId);
    await stand.pay(again.body.paymentIntentId);
    await stand.settled();
    expect(await ordersOf(again.body.paymentIntentId)).toBe(1);
  });

  test('a payment owed back while Stripe is down is refunded by the sweep, once', async () => {
    await setStock(1);
    const c = await buyer(1);
    const { body } = await intent(c.token);
    await expire(body.paymentIntentId);
    await sweep();
    const rival = await buyer(1);
    expect((await t.call('POST', '/api/order', { token: rival.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur, shippingAddress: address } })).status).toBe(201);
    stand.webhookUrl = null;
    await stand.pay(body.paymentIntentId);
    stand.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
    const event = stand.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === body.paymentIntentId).at(-1)!;
    stand.down = true;
    expect(await stand.deliver(event)).toBe(200);
    stand.down = false;
    const state = async () => (await t.ctx.db.one<{ state: string }>(`SELECT state FROM card_payments WHERE intent_id = $1`, [body.paymentIntentId]))!.state;
    expect(await state()).toBe('refund_pending');
    await sweep();
    await sweep();
    expect(await state()).toBe('refunded');
    expect(stand.refunds.filter((r) => r.payment_intent === body.paymentIntentId).map((r) => r.amount)).toEqual([5000]);
    expect(await ordersOf(body.paymentIntentId)).toBe(0);
  });

  test("a coupon's use is held too: its last use is not given to anyone else meanwhile", async () => {
    await setStock(10);
    await t.ctx.db.query(`INSERT INTO coupons (code, discount_type, value, usage_limit) VALUES ('ONCE10', 'percentage', '{"%": 1000}', 1)`);
    const c = await buyer(1);
    const held = await intent(c.token, { couponCode: 'ONCE10' });
    expect([held.status, held.body.amount]).toEqual([200, 45]);
    const rival = await buyer(1);
    const refused = await t.call('POST', '/api/order', { token: rival.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur, shippingAddress: address, couponCode: 'ONCE10' } });
    expect(refused.status).toBe(409);
    await stand.pay(held.body.paymentIntentId);
    await stand.settled();
    const [order] = (await t.call('GET', '/api/order', { token: c.token })).body;
    expect(order).toMatchObject({ paymentMethod: 'Card', coupon: { code: 'ONCE10' }, totalPrice: 45 });
    expect((await t.ctx.db.one<{ n: number }>(`SELECT times_used AS n FROM coupons WHERE code = 'ONCE10'`))!.n).toBe(1);
    await t.call('DELETE', `/api/cart/${(await t.call('GET', '/api/cart', { token: rival.token })).body.items[0]._id}`, { token: rival.token });
  });
});

describe('refunds', () => {
  async function paidOrder(quantity = 2) {
    await setStock(20);
    const c = await buyer(quantity);
    const { body } = await intent(c.token);
    await stand.pay(body.paymentIntentId);
    await stand.settled();
    const [order] = (await t.call('GET', '/api/order', { token: c.token })).body;
    return { c, intentId: body.paymentIntentId as string, order };
  }
  const refundsOf = (intentId: string) => stand.refunds.filter((r) => r.payment_intent === intentId);

  test('a card order its customer cancels is refunded through Stripe, once', async () => {
    const { c, intentId, order } = await paidOrder();
    const [a, b] = await Promise.all([
      t.call('PATCH', `/api/order/${order._id}`, { token: c.token, body: { status: 'cancelled' } }),
      t.call('PATCH', `/api/order/${order._id}`, { token: c.token, body: { status: 'cancelled' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 200 ? a : b).body.refund).toMatchObject({ status: 'refunded', reference: intentId });
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([10000]);
  });

  test('rejected while Stripe is down: the refund fails, then is given by the sweep, once', async () => {
    const { intentId, order } = await paidOrder();
    stand.down = true;
    const res = await t.call('PATCH', `/api/order/${order._id}`, { token: t.adminToken, body: { status: 'rejected' } });
    stand.down = false;
    expect(res.status).toBe(200);
    expect(res.body.refund.status).toBe('failed');
    await sweep();
    await sweep();
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([10000]);
    expect((await t.call('GET', `/api/order/${order._id}`, { token: t.adminToken })).body[0].refund.status).toBe('refunded');
  });

  test('the back office refunds part of an order, never past its total, each in the audit log; a cancel then gives back the rest', async () => {
    const { c, intentId, order } = await paidOrder();
    const first = await t.call('POST', `/api/order/${order._id}/refunds`, { token: admin.token, body: { amount: 30 } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ totalPrice: 100, refunded: 30, refundable: 70, refunds: [{ amount: 30, status: 'refunded', by: 'Refund Admin' }] });
    // 12 refunds of 10 at once: 7 fit.
    const many = await Promise.all(Array.from({ length: 12 }, () => t.call('POST', `/api/order/${order._id}/refunds`, { token: admin.token, body: { amount: 10 } })));
    expect(many.filter((r) => r.status === 201)).toHaveLength(7);
    expect(many.filter((r) => r.status === 400)).toHaveLength(5);
    expect(refundsOf(intentId).reduce((s, r) => s + r.amount, 0)).toBe(10000);
    const over = await t.call('POST', `/api/order/${order._id}/refunds`, { token: admin.token, body: { amount: 0.01 } });
    expect([over.status, over.body.message]).toEqual([400, 'amount: at most 0.00 EUR is left to refund']);
    expect((await t.call('POST', `/api/order/${order._id}/refunds`, { token: admin.token, body: { amount: 1.005 } })).status).toBe(400);
    const audit = await t.ctx.db.query(`SELECT after FROM audit_log WHERE entity = 'order' AND entity_id = $1 AND actor_id = $2`, [order._id, admin.id]);
    expect(audit).toHaveLength(8);
    // Fully refunded in parts: cancelling gives nothing more.
    const cancelled = await t.call('PATCH', `/api/order/${order._id}`, { token: c.token, body: { status: 'cancelled' } });
    expect(cancelled.body.refund.status).toBe('refunded');
    expect(refundsOf(intentId).reduce((s, r) => s + r.amount, 0)).toBe(10000);

    const second = await paidOrder();
    await t.call('POST', `/api/order/${second.order._id}/refunds`, { token: admin.token, body: { amount: 25.5 } });
    await t.call('PATCH', `/api/order/${second.order._id}`, { token: second.c.token, body: { status: 'cancelled' } });
    expect(refundsOf(second.intentId).map((r) => r.amount)).toEqual([2550, 7450]);
    const after = await t.call('GET', `/api/order/${second.order._id}/refunds`, { token: admin.token });
    expect(after.body).toMatchObject({ refunded: 25.5, refundable: 0 });
    const again = await t.call('POST', `/api/order/${second.order._id}/refunds`, { token: admin.token, body: { amount: 1 } });
    expect(again.status).toBe(409);
  });

  test('a card order the back office deleted is never placed again by its intent', async () => {
    const { c, intentId, order } = await paidOrder(1);
    expect((await t.call('DELETE', `/api/order/${order._id}`, { token: t.adminToken })).status).toBe(200);
    await buyer(1); // another cart of the same price: it must not be ordered by the old payment
    expect((await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity: 1 } })).status).toBe(200);
    const before = await t.fingerprint();
    const again = await complete(c.token, intentId);
    expect([again.status, again.body.message]).toEqual([409, 'The order this card payment placed was deleted']);
    expect(await t.fingerprint()).toBe(before);
    expect(await ordersOf(intentId)).toBe(0);
  });

  test('only staff with orders refund; only card orders are refunded in part', async () => {
    const { c, order } = await paidOrder(1);
    expect((await t.call('POST', `/api/order/${order._id}/refunds`, { token: c.token, body: { amount: 1 } })).status).toBe(403);
    expect((await t.call('GET', `/api/order/${order._id}/refunds`, { token: c.token })).status).toBe(403);
    const cash = await buyer(1);
    const placed = await t.call('POST', '/api/order', { token: cash.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur, shippingAddress: address } });
    const before = await t.fingerprint();
    expect((await t.call('POST', `/api/order/${placed.body._id}/refunds`, { token: admin.token, body: { amount: 1 } })).status).toBe(409);
    expect((await t.call('POST', `/api/order/00000000-0000-4000-8000-000000000000/refunds`, { token: admin.token, body: { amount: 1 } })).status).toBe(404);
    expect((await t.call('POST', `/api/order/${order._id}/refunds`, { token: admin.token, body: { amount: -1 } })).status).toBe(400);
    expect(await t.fingerprint()).toBe(before);
  });
});

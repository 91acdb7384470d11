// Card payments through Stripe (issue 40), shaped as the wallet's (wallet/service.ts): the server makes
// the PaymentIntent for its own total (POST /order/preview's rules) and never trusts the browser's word
// that it was paid. The intent's row (card_payments) keeps the checkout it pays for and what is held for
// it: the pieces (stock movements 'held' / 'released') and the coupon's use, until hold_until.
//
// The order is placed exactly once, by whichever comes first: the buyer's return (completeCardPayment:
// the intent read from Stripe), the webhook (payment_intent.succeeded), or the sweep (an expired hold
// whose intent succeeded; at start, every intent left open: a success the process did not live to see).
// Each takes the buyer's lock, then the intent's row lock; the first gives the hold back and writes the
// order in the same transaction (orders/service.ts orderFromCartIn), the others find it ordered. The
// unique index on the order's intent (migration 044) stands behind the lock.
//
// A paid intent whose order cannot be written (the piece sold after the hold ended, the cart changed) is
// refunded in full through Stripe, once (the intent's idempotency key), and the buyer is e-mailed.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COUPON_MESSAGES, DEFAULT_LOCALE, formatMoney, fromMinor, type BodyOf, type endpoints, type Locale } from '@shop/contract';
import { recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import type { AuthUser } from '../lib/auth.js';
import { serverTextIn } from '../lib/serverTexts.js';
import { enqueueMail } from '../mail/service.js';
import type { MailSecrets } from '../mail/secrets.js';
import { findCouponForCheckout } from '../coupons/service.js';
import { cleanAddress } from '../accounts/service.js';
import { guestBuyerEmail, guestOrderLink, type LinkMail } from '../guests/service.js';
import type { InvoiceNumbers } from '../invoices/numbering.js';
import type { CatalogParts } from '../catalog/index.js';
import { orderById, orderFromCartIn, partlyRefunded, previewWithCart, walletDestination, type PlaceOrderInput } from '../orders/service.js';
import { PAYMENT_CARD, type PaymentRefunder } from '../payments/index.js';
import { refuseShortStock, stockToTake } from '../stock/service.js';
import * as SQ from '../stock/queries.js';
import { restocked } from '../stockAlerts/service.js';
import { DEFAULT_CARD_HOLD_MINUTES, STRIPE_JS_URL, WEBHOOK_TOLERANCE_S, stripeAmount, stripeCall, type CardSettings, type Stripe } from './stripe.js';
import * as Q from './queries.js';

/** Card payments as the app wires them (null: not configured, Card is not offered). */
export interface CardPayments {
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  jsUrl: string;
  holdMinutes: number;
}

export function cardPayments(stripe: Stripe | null, s: CardSettings | null): CardPayments | null {
  if (!stripe || !s) return null;
  return { stripe, publishableKey: s.publishableKey, webhookSecret: s.webhookSecret, jsUrl: s.jsUrl || STRIPE_JS_URL, holdMinutes: s.holdMinutes ?? DEFAULT_CARD_HOLD_MINUTES };
}

export interface CardDeps {
  db: Db;
  cards: CardPayments | null;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Pieces given back tell whoever waits for them (issue 38). */
  secrets?: MailSecrets;
  /** A guest's order link: where it points and how its e-mail seals it (issue 40; a guest pays by card too). */
  link?: LinkMail;
  /** Numbers an order's invoice once it has committed (issue 39: invoices/numbering.ts). */
  invoices: InvoiceNumbers;
  /** The catalogue's memory (issue 43): the intent's pricing and the order's reads take what it keeps. */
  kept?: CatalogParts;
}

const notConfigured = () => badRequest('Card payments are not available');
const unknownPayment = () => notFound('Unknown card payment');
const mismatch = () => conflict('The payment does not match the order total');

function configured(deps: CardDeps): CardPayments {
  if (!deps.cards) throw notConfigured();
  return deps.cards;
}

/** GET /config/getStripeClient: what the checkout needs to offer Card (nulls: not offered). */
export const cardClientConfig = (cards: CardPayments | null) => ({ publishableKey: cards?.publishableKey ?? null, jsUrl: cards?.jsUrl ?? null });

type IntentBody = BodyOf<(typeof endpoints)['cardIntent']>;

/**
 * POST /order/card/intent. The total is POST /order/preview's for this address (shipping, tax, coupon);
 * the cart's version (its lines, their quantities, the currency, the address, the method, the code and
 * the total) is the intent's idempotency key, so asking again for the same cart answers the same intent.
 * The pieces and the coupon use are held for it (the buyer's other hold given back: one cart, one hold).
 */
export async function createCardIntent(deps: CardDeps, user: AuthUser, body: IntentBody, locale?: Locale) {
  const cards = configured(deps);
  if (!body.addressId && !body.shippingAddress) throw badRequest('Send shippingAddress or addressId');
  // A guest names the e-mail the confirmation and the order link go to (its 400s before anything is made).
  const guestEmail = guestBuyerEmail(user, body);
  const checkout: Q.CardCheckout = {
    selectedCurr: body.selectedCurr,
    addressId: body.addressId ?? undefined,
    shippingAddress: (body.shippingAddress ?? undefined) as PlaceOrderInput['shippingAddress'],
    couponCode: body.couponCode,
    shippingMethodId: body.shippingMethodId,
    locale,
    ...(guestEmail ? { guestEmail } : {}),
  };
  // A new address is checked now (its 400), not after the buyer has paid.
  if (checkout.shippingAddress && !checkout.addressId) cleanAddress(checkout.shippingAddress, user.fullName);
  // The lines priced are the lines the intent is versioned by and holds (one read: no second look at the cart).
  const { preview, lines } = await previewWithCart(deps.db, user.id, body.selectedCurr, body.couponCode, badRequest, { ...walletDestination(checkout), unknownAddress: 'refuse' }, locale, deps.kept);
  const totalMinor = Math.round(preview.totalPrice * 100);
  if (totalMinor <= 0) throw badRequest('There is nothing to pay');
  const code = preview.currency.code;
  const amount = stripeAmount(totalMinor, code);
  const cartVersion = createHash('sha256')
    .update(
      JSON.stringify({
        user: user.id,
        lines: lines.map((l) => [l.id, l.product._id, [...l.optionIds].sort(), l.quantity]),
        checkout: { ...checkout, locale: undefined },
        total: totalMinor,
        code,
      }),
    )
    .digest('base64url');
  // The same cart paid already and refunded (its order could not be written), or its intent cancelled at
  // Stripe: the next attempt is a version of its own, so it gets a fresh intent.
  const makeIntent = (version: string) =>
    stripeCall(() =>
      cards.stripe.paymentIntents.create(
        { amount, currency: code.toLowerCase(), automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: { userId: user.id, cartVersion: version } },
        { idempotencyKey: `aurelia-cart-${version}` },
      ),
    );
  let version = `${cartVersion}.${await Q.closedAttempts(deps.db, user.id, cartVersion)}`;
  let intent = await makeIntent(version);
  if (intent.status === 'canceled') {
    version = `${cartVersion}.c${Date.now()}`;
    intent = await makeIntent(version);
  }
  if (!intent.client_secret) throw new HttpError(502, 'The card payment provider could not create the payment. Please try again.');
  const holdUntil = await deps.db.tx(async (q) => {
    // The buyer's lock first, as the order's own transaction takes it: one intent of theirs at a time.
    await Q.lockUser(q, user.id);
    const row = await Q.recordCardPayment(q, { intentId: intent.id, userId: user.id, cartVersion: version, currencyCode: code, amount: totalMinor, checkout });
    if (row.user_id !== user.id) throw unknownPayment();
    // The buyer's earlier holds (another cart version) are given back; whoever waits for those pieces is told
    // once this hold has taken what it needs (the same pieces, usually: then nothing came back).
    const given: string[] = [];
    for (const other of await Q.otherHolds(q, user.id, intent.id)) {
      await releaseHold(q, other, deps.secrets, false);
      await Q.setState(q, other.intent_id, 'released');
      given.push(...other.held_stock.map((h) => h.productId));
    }
    const holdUntil = await holdFor(q, row, lines);
    if (given.length) await restocked(q, deps.secrets, given);
    return holdUntil;
  });
  return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amount: fromMinor(totalMinor), currency: code, holdUntil: new Date(holdUntil).toISOString() };

  /** The intent's hold: kept (and made longer) when it has one, taken again when it was given back. */
  async function holdFor(q: Queryable, row: Q.CardPaymentRow, held: typeof lines) {
    if (row.state === 'held') return (await Q.extendHold(q, row.intent_id, cards.holdMinutes))!.hold_until;
    if (row.state !== 'released') return row.hold_until;
    const take = stockToTake(held);
    if (take.wanted.length) refuseShortStock(take, await SQ.takeIfAvailable(q, take.wanted, { reason: 'held' }));
    let couponId: string | null = null;
    if (body.couponCode?.trim()) {
      const found = await findCouponForCheckout(q, body.couponCode, user.id, body.selectedCurr, guestEmail ?? null);
      if (!found || !(await Q.holdCouponUse(q, found.id))) throw conflict(COUPON_MESSAGES.usageLimit);
      couponId = found.id;
    }
    return (await Q.setHeld(q, row.intent_id, take.wanted, couponId, cards.holdMinutes))!.hold_until;
  }
}

/** Gives an intent's held pieces and coupon use back, in the caller's transaction (which holds the row's lock). */
async function releaseHold(q: Queryable, row: Q.CardPaymentRow, secrets: MailSecrets | undefined, tellWaiting = true) {
  if (row.held_stock.length) {
    await SQ.lockLevels(q, row.held_stock);
    await SQ.moveStock(q, row.held_stock, { reason: 'released' });
    if (tellWaiting) await restocked(q, secrets, row.held_stock.map((s) => s.productId));
  }
  if (row.held_coupon_id) await Q.releaseCouponUse(q, row.held_coupon_id);
}

/** The intent as Stripe has it, checked against what the shop made it for. */
function checkPaid(row: Q.CardPaymentRow, pi: Stripe.PaymentIntent) {
  if (pi.status !== 'succeeded') throw new HttpError(402, 'The card payment has not succeeded');
  const received = pi.amount_received || pi.amount;
  if (pi.amount !== stripeAmount(row.amount, row.currency_code) || received !== pi.amount || pi.currency.toLowerCase() !== row.currency_code.toLowerCase()) throw mismatch();
}

/**
 * Places the order a succeeded intent paid for, once: under the buyer's lock and the intent's, the hold
 * is given back and the order written in one transaction; an intent already ordered answers its order
 * (read back only for the buyer's return: the webhook and the sweep answer nothing of it).
 * An order that cannot be written (a 4xx of the checkout: the piece sold, the cart changed) gives the
 * payment back and answers 409 saying so.
 */
async function placeFromIntent(deps: CardDeps, row: Q.CardPaymentRow, pi: Stripe.PaymentIntent, readBack = true) {
  checkPaid(row, pi);
  if (!row.user_id) {
    await payBack(deps, row.intent_id, 'The account that paid no longer exists.');
    throw conflict('This card payment could not become an order: it is refunded in full');
  }
  const userId = row.user_id;
  try {
    const order = await deps.db.tx(async (q) => {
      const buyer = await Q.lockUser(q, userId);
      const r = (await Q.lockCardPayment(q, row.intent_id))!;
      if (r.state === 'ordered') {
        if (r.order_id) return readBack ? (await orderById(q, r.order_id))! : null;
        // Its order was deleted by the back office: it is never placed a second time.
        throw new OrderGone();
      }
      if (r.state === 'refund_pending' || r.state === 'refunded' || !buyer) throw new PaidBack();
      // Given back and taken again by the order in this transaction: no one else sees the pieces free.
      if (r.state === 'held') await releaseHold(q, r, deps.secrets, false);
      const order = await orderFromCartIn(q, { id: buyer.id, fullName: buyer.full_name }, orderInput(deps, r.checkout), {
        method: PAYMENT_CARD,
        reference: r.intent_id,
        amountMinor: r.amount,
        currencyCode: r.currency_code,
      }, deps.kept);
      await Q.setState(q, r.intent_id, 'ordered', order._id);
      return order;
    });
    // Committed: its invoice numbered now (or, read back before its batch ended, when that batch has).
    if (order && !order.invoiceNumber) order.invoiceNumber = await deps.invoices.numberOf(order._id);
    return order;
  } catch (error) {
    if (error instanceof PaidBack) throw conflict('This card payment could not become an order: it is refunded in full');
    if (error instanceof OrderGone) throw conflict('The order this card payment placed was deleted');
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await payBack(deps, row.intent_id, error.message);
    throw conflict(`Your card payment could not become an order (${error.message}): it is refunded in full`);
  }
}
class PaidBack extends Error {}

/** The order's input from an intent's checkout: a guest's gets its private order link now. */
function orderInput(deps: CardDeps, checkout: Q.CardCheckout): PlaceOrderInput {
  const { guestEmail, ...input } = checkout;
  if (!guestEmail) return input;
  if (!deps.link) throw new Error("a guest's card order needs the order link's settings (CardDeps.link)");
  return { ...input, guest: guestOrderLink(guestEmail, deps.link) };
}
class OrderGone extends Error {}

/**
 * A paid intent whose order cannot be written: its hold is given back, the refund recorded as owed and
 * the buyer's e-mail written in one transaction; then Stripe refunds it (retried by the sweep until it has).
 */
async function payBack(deps: CardDeps, intentId: string, reason: string) {
  const owed = await deps.db.tx(async (q) => {
    const peek = await Q.cardPayment(q, intentId);
    const buyer = peek?.user_id ? await Q.lockUser(q, peek.user_id) : null;
    const r = await Q.lockCardPayment(q, intentId);
    if (!r) return false;
    if (r.state === 'refund_pending') return true;
    if (r.state !== 'held' && r.state !== 'released') return false;
    if (r.state === 'held') await releaseHold(q, r, deps.secrets);
    await Q.setState(q, intentId, 'refund_pending');
    if (buyer) {
      const locale = r.checkout.locale ?? DEFAULT_LOCALE;
      // A guest is the e-mail and the name they gave at checkout (their guest shopper row has neither).
      const guest = r.checkout.guestEmail;
      await enqueueMail(q, {
        to: guest ?? buyer.email,
        key: `card-payment-refunded:${intentId}`,
        message: { kind: 'card-payment-refunded', fullName: guest ? String(r.checkout.shippingAddress?.fullName ?? '') : buyer.full_name, amount: `${formatMoney(fromMinor(r.amount), '', locale)} ${r.currency_code}`, reason: serverTextIn(reason, locale), locale },
      });
    }
    return true;
  });
  if (owed) await giveBack(deps, intentId);
}

/** Stripe refunds the whole intent, keyed by it: given again after a crash or an outage, never twice. */
async function giveBack(deps: CardDeps, intentId: string) {
  const cards = configured(deps);
  try {
    await refundAtStripe(cards.stripe, { payment_intent: intentId }, `payment-back-${intentId}`);
    await Q.setState(deps.db, intentId, 'refunded');
  } catch (error) {
    deps.log.error({ error, intentId }, 'a card payment owed back could not be refunded yet (retried)');
  }
}

/** A refund at Stripe; one Stripe says is already given (its idempotency key expired meanwhile) counts as given. */
async function refundAtStripe(stripe: Stripe, params: Stripe.RefundCreateParams, key: string): Promise<string | null> {
  try {
    const refund = await stripe.refunds.create(params, { idempotencyKey: key });
    return refund.id;
  } catch (error) {
    if ((error as { code?: string }).code === 'charge_already_refunded') return null;
    throw error;
  }
}

/** POST /order/card/complete: the buyer is back from the Payment Element; the intent is read from Stripe, never taken from the browser. */
export async function completeCardPayment(deps: CardDeps, user: AuthUser, intentId: string) {
  const cards = configured(deps);
  const row = await Q.cardPayment(deps.db, intentId);
  // An intent of another cart (another buyer's, or one the shop did not make): not found, nothing changes.
  if (!row || row.user_id !== user.id) throw unknownPayment();
  if (row.state === 'ordered' && row.order_id) return (await orderById(deps.db, row.order_id))!;
  const pi = await stripeCall(() => cards.stripe.paymentIntents.retrieve(intentId));
  return (await placeFromIntent(deps, row, pi))!;
}

/** POST /payments/stripe/webhook: the event verified by the official library (signature, 5 minutes' tolerance), a replay refused. */
export async function receiveStripeEvent(deps: CardDeps, raw: string, signature: string | undefined) {
  const cards = deps.cards;
  if (!cards) throw notFound('Card payments are not available');
  let event: Stripe.Event;
  try {
    event = cards.stripe.webhooks.constructEvent(raw, signature ?? '', cards.webhookSecret, WEBHOOK_TOLERANCE_S);
  } catch (error) {
    const stale = /timestamp/i.test((error as Error).message ?? '');
    throw badRequest(stale ? 'The event is older than 5 minutes' : 'The event signature is not valid');
  }
  const seen = () => conflict('This event was received already');
  // An event the shop does not act on (Stripe sends only those it is given, README: a stand-in sends
  // all): recorded at once, one statement; a replay of it is still refused.
  if (!HANDLED_EVENTS.has(event.type)) {
    if (!(await Q.recordEventOnce(deps.db, event.id, event.type))) throw seen();
    return { received: true };
  }
  if (await Q.eventSeen(deps.db, event.id)) throw seen();
  if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object as Stripe.PaymentIntent;
    const row = await Q.cardPayment(deps.db, pi.id);
    // Ordered already (the buyer's return came first, as it usually does): nothing left to do.
    if (row && row.state !== 'ordered') {
      try {
        await placeFromIntent(deps, row, pi, false);
      } catch (error) {
        // Refunded, or an intent that does not match what the shop made: handled, nothing for Stripe to send again.
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        deps.log.warn({ intentId: pi.id, reason: error.message }, 'a succeeded card payment placed no order');
      }
    }
  } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
    await releaseIfHeld(deps, (event.data.object as Stripe.PaymentIntent).id, false);
  }
  await Q.recordEvent(deps.db, event.id, event.type);
  return { received: true };
}

/** The webhook's events that change something (README: the ones to give Stripe); any other is only recorded. */
const HANDLED_EVENTS: ReadonlySet<string> = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/** Gives an intent's hold back (a failed or cancelled intent; an expired hold when `onlyExpired`). */
async function releaseIfHeld(deps: CardDeps, intentId: string, onlyExpired: boolean) {
  await deps.db.tx(async (q) => {
    const peek = await Q.cardPayment(q, intentId);
    if (peek?.state !== 'held') return;
    if (peek.user_id) await Q.lockUser(q, peek.user_id);
    const r = await Q.lockCardPayment(q, intentId);
    if (r?.state !== 'held' || (onlyExpired && new Date(r.hold_until).getTime() > Date.now())) return;
    await releaseHold(q, r, deps.secrets);
    await Q.setState(q, intentId, 'released');
  });
}

/** An intent looked up at Stripe: a success places its order (or refunds it); otherwise nothing. Failures are logged (retried next time). */
async function settleFromStripe(deps: CardDeps, intentId: string): Promise<'paid' | 'unpaid' | 'unknown'> {
  const cards = configured(deps);
  let pi: Stripe.PaymentIntent;
  try {
    pi = await cards.stripe.paymentIntents.retrieve(intentId);
  } catch {
    return 'unknown';
  }
  if (pi.status !== 'succeeded') return pi.status === 'processing' ? 'unknown' : 'unpaid';
  const row = await Q.cardPayment(deps.db, intentId);
  if (!row) return 'unknown';
  await placeFromIntent(deps, row, pi, false).catch((error) => {
    if (!(error instanceof HttpError) || error.statusCode >= 500) deps.log.error({ error, intentId }, 'a succeeded card payment could not be settled yet (retried)');
  });
  return 'paid';
}

/**
 * The card payments' background work, every CARD_SWEEP_MS in every process (the locks and idempotency
 * keys make it safe to run twice): holds past their time (their intent looked up first: one that
 * succeeded meanwhile places its order), payments owed back, the back office's refunds not answered,
 * and card orders' refunds that failed while Stripe was down.
 */
export async function sweepCardPayments(deps: CardDeps, refundOrder: (failedToo: boolean) => Promise<void>) {
  if (!deps.cards) return;
  for (const h of await Q.expiredHolds(deps.db, 50)) {
    const outcome = await settleFromStripe(deps, h.intent_id);
    if (outcome !== 'paid') await releaseIfHeld(deps, h.intent_id, true);
  }
  for (const r of await Q.refundsOwed(deps.db, 50)) await giveBack(deps, r.intent_id);
  for (const r of await Q.openOrderRefunds(deps.db, 50)) await giveOrderRefund(deps, r.id, r.amount, r.payment_ref, r.currency_code);
  await refundOrder(true);
}

/** At start: every intent left open within two days is looked up (a payment that succeeded while no process saw it). */
export async function reconcileCardPayments(deps: CardDeps) {
  if (!deps.cards) return;
  for (const r of await Q.unsettled(deps.db, 48, 500)) {
    if (r.state === 'refund_pending') await giveBack(deps, r.intent_id);
    else await settleFromStripe(deps, r.intent_id);
  }
}

/** Cancel or reject of a card order (orders/service.ts giveRefund): what is left of it refunded, keyed by the intent. */
export const cardRefunder =
  (cards: CardPayments | null): PaymentRefunder =>
  async (payment) => {
    if (!cards || !payment.reference || payment.amountMinor === null) throw notConfigured();
    await stripeCall(() =>
      refundAtStripe(cards.stripe, { payment_intent: payment.reference!, amount: stripeAmount(payment.amountMinor!, payment.currencyCode ?? '') }, `order-refund-${payment.reference}`),
    );
  };

// The back office's refunds of part of a card order.

async function refundsOut(q: Queryable, orderId: string, total: number) {
  const rows = await Q.orderRefunds(q, orderId);
  const refunded = rows.reduce((s, r) => s + r.amount, 0);
  return {
    totalPrice: fromMinor(total),
    refunded: fromMinor(refunded),
    refundable: fromMinor(Math.max(0, total - refunded)),
    refunds: rows.map((r) => ({ _id: r.id, amount: fromMinor(r.amount), status: r.status, reference: r.reference, createdAt: new Date(r.created_at).toISOString(), by: r.actor_name })),
  };
}

/** GET /order/{id}/refunds */
export async function orderRefunds(db: Db, orderId: string) {
  const o = await Q.orderForRefund(db, orderId);
  if (!o) throw notFound('Order not found');
  const out = await refundsOut(db, orderId, o.total);
  // A card order refunded in full (cancelled or rejected) has nothing left.
  return o.refund_status ? { ...out, refundable: 0 } : out;
}

/**
 * POST /order/{id}/refunds {amount}: under the order's lock, the amount must be at most what is left
 * (the total less every refund recorded, pending ones included); recorded with its audit entry, then
 * given by Stripe under the refund's own idempotency key (retried by the sweep if Stripe is down).
 */
export async function refundPartOfOrder(deps: CardDeps, admin: AuthUser, orderId: string, amount: number) {
  const minor = Math.round(amount * 100);
  if (minor <= 0 || Math.abs(minor - amount * 100) > 1e-6) throw badRequest('amount must be a positive amount with at most 2 decimals');
  const made = await deps.db.tx(async (q) => {
    const o = await Q.lockOrderForRefund(q, orderId);
    if (!o) throw notFound('Order not found');
    if (o.payment_method !== PAYMENT_CARD || !o.payment_ref) throw conflict('Only an order paid by card can be refunded in part');
    if (o.refund_status) throw conflict('This order has been refunded in full');
    const given = await partlyRefunded(q, orderId);
    const left = o.total - given;
    if (minor > left) throw badRequest(`amount: at most ${fromMinor(left).toFixed(2)} ${o.currency_code} is left to refund`);
    const { id } = (await Q.insertOrderRefund(q, orderId, minor, admin.id))!;
    const number = o.number;
    await recordAudit(q, {
      actorId: admin.id,
      action: 'update',
      entity: 'order',
      entityId: orderId,
      before: { number, refunded: fromMinor(given) },
      after: { number, refunded: fromMinor(given + minor), refund: fromMinor(minor), currency: o.currency_code },
    });
    return { id, ref: o.payment_ref, currency: o.currency_code, total: o.total };
  });
  await giveOrderRefund(deps, made.id, minor, made.ref, made.currency);
  return refundsOut(deps.db, orderId, made.total);
}

async function giveOrderRefund(deps: CardDeps, refundId: string, minor: number, intentId: string, currency: string) {
  try {
    const cards = configured(deps);
    const ref = await refundAtStripe(cards.stripe, { payment_intent: intentId, amount: stripeAmount(minor, currency) }, `order-part-refund-${refundId}`);
    await Q.setOrderRefund(deps.db, refundId, 'refunded', ref);
  } catch (error) {
    deps.log.error({ error, refundId }, 'a refund of part of a card order did not go through (retried)');
    await Q.setOrderRefund(deps.db, refundId, 'failed', null);
  }
}

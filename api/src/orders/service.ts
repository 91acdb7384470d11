import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { cleanAddress, rememberAddress, type AddressInput } from '../accounts/service.js';
import { checkOptions, lineImage, selectedOptions, type CartLine } from '../cart/service.js';
import type { AuthUser } from '../lib/auth.js';
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../lib/errors.js';
import { PAYMENT_CASH, PAYMENT_WALLET, type PaymentRefunder, type PaymentVerifier, type VerifiedPayment } from '../payments/index.js';
import { refuseShortStock, settleOrderStock, stockToTake } from '../stock/service.js';
import { enqueueMail, outboxRow, type OutgoingMail } from '../mail/service.js';
import { couponRefusalFor, findCouponForCheckout, redeemForOrder, settleOrderCoupon, type CheckoutCoupon, type CouponPricing } from '../coupons/service.js';
import { randomUUID } from 'node:crypto';
import { ADMIN_ORDER_STATUSES, computeTotals, DEFAULT_LOCALE, formatOrderNumber, fromMinor, type Locale, totalsAsAmounts, type TotalsMinor as Totals, unitPriceMinor } from '@shop/contract';
import { notAvailableIn } from './pricing.js';
import { readCheckout, writeOrder, type CheckoutRead } from './checkout-queries.js';
import type { MailSecrets } from '../mail/secrets.js';
import { scheduleReviewRequest } from '../reviews/requests.js';
import * as Q from './queries.js';

export { STATUSES, type Status } from './queries.js';

export interface Priced {
  currency: NonNullable<CheckoutRead['currency']>;
  rows: CartLine[];
  totals: Totals;
  /** What a coupon's refusal reads of this cart (the order asks again if its redemption loses a race). */
  couponPricing: CouponPricing;
}

/** A code asked for: the coupon that has it (null: none), and how a refusal is answered (400 preview, 409 order). */
interface CouponAsked {
  found: CheckoutCoupon | null;
  refuse: (message: string) => HttpError;
}

/**
 * Prices the cart in one currency, exactly as the order will charge it; refuses an unknown currency, an
 * empty cart, options no longer on sale, and a coupon that does not apply (with its reason).
 */
function priceCart({ currency, lines, userDiscounts }: CheckoutRead, currencyId: string, asked: CouponAsked | null, now = new Date()): Priced {
  if (!currency) throw badRequest('Unknown currency');
  if (!lines.length) throw badRequest('Cart is empty');
  for (const r of lines) {
    try {
      checkOptions(r.product, r.optionIds);
    } catch (err) {
      throw conflict(`${r.product.title}: ${(err as Error).message}; please update your cart`);
    }
  }
  const priced = lines.map((r) => {
    const unit = unitPriceMinor(r.product, r.optionIds, currencyId);
    if (unit === null) throw notAvailableIn(r.product.title, currency.code);
    return { unit, quantity: r.quantity, discounts: r.product.discounts, productId: r.product._id };
  });
  const totals = computeTotals(priced, userDiscounts, currencyId, now, asked?.found?.rule);
  const couponPricing = { currency, subtotalMinor: totals.subTotal - totals.productDiscount, coveredMinor: totals.couponCovered, now };
  const refusal = asked && couponRefusalFor(asked.found, couponPricing);
  if (refusal) throw asked.refuse(refusal);
  return { currency, rows: lines, totals, couponPricing };
}

/** The coupon a checkout asks for, read after the buyer's lock when in the order's transaction. */
async function askCoupon(q: Queryable, userId: string, currencyId: string, code: string | undefined, refuse: CouponAsked['refuse']): Promise<CouponAsked | null> {
  if (code === undefined || !code.trim()) return null;
  return { found: await findCouponForCheckout(q, code, userId, currencyId), refuse };
}

/** What POST /order would charge now, in one currency, with the coupon asked for (400 when it does not apply; the order's own check: 409). */
export async function previewOrder(q: Queryable, userId: string, currencyId: string, couponCode?: string, refuseCoupon: CouponAsked['refuse'] = badRequest) {
  const read = await readCheckout(q, userId, currencyId, null, false);
  const asked = await askCoupon(q, userId, currencyId, couponCode, refuseCoupon);
  const { currency, totals } = priceCart(read, currencyId, asked);
  return {
    ...totalsAsAmounts(totals),
    coupon: asked?.found ? { code: asked.found.code, amount: fromMinor(totals.couponDiscount) } : null,
    currency: { symbol: currency.symbol, currType: currency._id, code: currency.code },
  };
}

export interface PlaceOrderInput {
  selectedCurr: string;
  shippingAddress?: AddressInput;
  addressId?: string;
  couponCode?: string;
  /** The language of the checkout (issue 37: the request's), kept on the order: its lines' texts and its confirmation are in it. */
  locale?: Locale;
}

export interface Payments {
  verify: PaymentVerifier;
  refund: PaymentRefunder;
}

/**
 * POST /order. A wallet payment: price first (no locks), have the payment verified for that amount,
 * then write the order. Cash on delivery verifies nothing, so the order's own pricing (in its
 * transaction) is enough. An order that is not written gives a payment already taken back.
 */
export async function placeOrder(
  db: Db,
  payments: Payments,
  user: AuthUser,
  input: PlaceOrderInput & { paymentMethod: string; paypalOrderId?: string },
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  // A wallet payment is taken for the total with the coupon; a code refused here is the order's 409.
  const p = input.paymentMethod === PAYMENT_CASH ? null : await previewOrder(db, user.id, input.selectedCurr, input.couponCode, conflict);
  const payment = await payments.verify({ paymentMethod: input.paymentMethod, paypalOrderId: input.paypalOrderId, totalMinor: p ? Math.round(p.totalPrice * 100) : 0, currencyCode: p?.currency.code ?? '' });
  try {
    return await orderFromCart(db, user, { selectedCurr: input.selectedCurr, addressId: input.addressId, shippingAddress: input.shippingAddress, couponCode: input.couponCode, locale: input.locale }, payment);
  } catch (error) {
    await payments.refund(payment).catch((refundError) => log.error({ refundError, payment }, 'refund after a failed order did not go through'));
    throw error;
  }
}

/**
 * Turns the user's cart into an order in one transaction, with a payment already verified
 * (payments/index.ts). Locks the user, then their cart rows, so two checkouts at once give one
 * order and the other sees an empty cart. Two statements (checkout-queries.ts): all it reads, with
 * the locks; the order, its lines, the emptied cart, the stock taken and the confirmation e-mail.
 */
function orderFromCart(db: Db, user: AuthUser, input: PlaceOrderInput, payment: VerifiedPayment) {
  return db.tx(async (q) => {
    const read = await readCheckout(q, user.id, input.selectedCurr, input.addressId ?? null, true, input.locale);
    const asked = await askCoupon(q, user.id, input.selectedCurr, input.couponCode, conflict);
    const { currency, rows, totals, couponPricing } = priceCart(read, input.selectedCurr, asked);
    if (payment.amountMinor !== null && (payment.amountMinor !== totals.total || payment.currencyCode?.toUpperCase() !== currency.code.toUpperCase())) {
      throw conflict('The payment does not match the order total');
    }
    const address = await shippingAddress(q, user, input, read.address);
    const items = rows.map((r, i) => ({
      id: randomUUID(),
      productId: r.product._id,
      title: r.product.title,
      slug: r.product.slug,
      imageUrl: lineImage(r.product, r.optionIds),
      options: selectedOptions(r.product, r.optionIds),
      quantity: r.quantity,
      unit: totals.lines[i].unit,
      lineTotal: totals.lines[i].lineTotal,
      discount: totals.lines[i].discount,
    }));
    const order = {
      id: randomUUID(),
      number: read.orderNumber!,
      createdAt: new Date(),
      items,
      userId: user.id,
      paymentMethod: payment.method,
      paymentRef: payment.reference,
      currency,
      address,
      subTotal: totals.subTotal,
      productDiscount: totals.productDiscount,
      userDiscount: totals.userDiscount,
      totalDiscount: totals.totalDiscount,
      total: totals.total,
      coupon: asked?.found ? { id: asked.found.id, code: asked.found.code, discount: totals.couponDiscount } : null,
      locale: input.locale,
    };
    const written = Q.asWritten(order, read.buyer);
    // The stock rows are locked in the order's own lock order (buyer, cart lines, then stock rows in key
    // order, then the coupon's), as a cancel locks them; a line no longer there refuses the whole order:
    // this transaction rolls back, the cart stays. The confirmation is written with the order: sent once
    // this commits, never if it does not (mail/sender.ts).
    const take = stockToTake(rows);
    const confirmation = read.buyer ? outboxRow(orderConfirmation(read.buyer.email, written, input.locale)) : null;
    refuseShortStock(take, await writeOrder(q, order, rows.map((r) => r.id), take.wanted, confirmation));
    // The limits, counted atomically; reached meanwhile: 409, and this transaction writes nothing.
    if (asked?.found) await redeemForOrder(q, asked.found, written._id, user.id, couponPricing);
    return written;
  });
}

/** A saved address by id (read with the rest of the checkout), or a new one (validated, saved to the user's addresses unless already there). */
async function shippingAddress(q: Queryable, user: AuthUser, input: PlaceOrderInput, saved: Record<string, string> | null) {
  if (input.addressId) {
    if (!saved) throw notFound('Address not found');
    return saved;
  }
  if (!input.shippingAddress) throw badRequest('Send shippingAddress or addressId');
  const a = cleanAddress(input.shippingAddress, user.fullName);
  await rememberAddress(q, user.id, a);
  return { ...a, line2: a.line2 ?? '', state: a.state ?? '' };
}

export async function listOrders(q: Queryable, user: AuthUser, status: string) {
  return Q.listOrders(q, user.role === 'admin' ? null : user.id, status);
}

export async function getOrder(q: Queryable, user: AuthUser, id: string) {
  const o = await Q.getOrder(q, id);
  if (!o || (user.role !== 'admin' && o.user?._id !== user.id)) throw notFound('Order not found');
  return o;
}

/** SPEC §4: a customer cancels their own pending order; an admin sets the other statuses, never on a cancelled order. */
export async function changeOrderStatus(
  db: Db,
  refund: PaymentRefunder,
  user: AuthUser,
  id: string,
  change: StatusChange,
  log: Pick<FastifyBaseLogger, 'error'>,
  reviewRequests?: { secrets: MailSecrets; days: number },
) {
  const { status } = change;
  const shipment = shipmentOf(change);
  const { order, owed } = await db.tx(async (q) => {
    const o = await Q.lockOrder(q, id);
    const own = o?.user_id === user.id;
    if (!o || (user.role !== 'admin' && !own)) throw notFound('Order not found');
    if (status === 'cancelled') {
      if (!own) throw forbidden('Only the customer can cancel an order');
      if (o.status !== 'pending') throw conflict('Only a pending order can be cancelled');
    } else {
      if (user.role !== 'admin') throw forbidden('Customers can only cancel an order');
      if (!ADMIN_ORDER_STATUSES.includes(status)) throw badRequest(`status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}`);
      if (o.status === 'cancelled') throw conflict('A cancelled order cannot be changed');
    }
    await settleOrderStock(q, o, status);
    if (status !== o.status) await settleOrderCoupon(q, id, status);
    await Q.setOrderStatus(q, id, status);
    // Shipping records its carrier and number (given again on a shipped order: corrected, no new e-mail).
    const shipped = status === 'shipped' && (status !== o.status || shipment);
    if (shipped) await Q.setShipment(q, id, shipment?.carrier ?? null, shipment?.trackingNumber ?? null);
    // An admin's change is in the audit log (a customer's own cancel is not the back office's).
    if (user.role === 'admin' && (status !== o.status || shipped)) {
      const number = formatOrderNumber(o.number);
      await recordAudit(q, { actorId: user.id, action: 'update', entity: 'order', entityId: id, before: { number, status: o.status }, after: { number, status, ...(shipped && shipment ? shipment : {}) } });
    }
    // A wallet payment is owed back: recorded with the change, given after it commits (giveRefund).
    const owed = refundOwed(o, status);
    if (owed) await Q.setRefund(q, id, 'pending', o.payment_ref);
    const order = (await Q.getOrder(q, id))!;
    if (status !== o.status) await sendStatusUpdate(q, order, status);
    if (status === 'delivered' && status !== o.status && reviewRequests) await scheduleReviewRequest(q, reviewRequests.secrets, order, reviewRequests.days);
    return { order, owed: owed ? o : null };
  });
  if (!owed) return order;
  await giveRefund(db, refund, owed, log);
  return (await Q.getOrder(db, id))!;
}

/** An order's new status, with its shipment's carrier and tracking number when it ships (issue 38). */
export interface StatusChange {
  status: Q.Status;
  carrier?: string;
  trackingNumber?: string;
}

/** The shipment a change carries, trimmed (blank: not given); only a shipped order has one. */
function shipmentOf(change: StatusChange): { carrier: string | null; trackingNumber: string | null } | null {
  const carrier = change.carrier?.trim() || null;
  const trackingNumber = change.trackingNumber?.trim() || null;
  if (!carrier && !trackingNumber) return null;
  if (change.status !== 'shipped') throw badRequest(`${carrier ? 'carrier' : 'trackingNumber'} goes with status shipped only`);
  return { carrier, trackingNumber };
}

/** The order confirmation, written with the order (checkout-queries.ts writeOrder). */
const orderConfirmation = (to: string, order: Q.OrderOut, locale?: Locale): OutgoingMail => ({
  to,
  key: `order-confirmation:${order._id}`,
  message: { kind: 'order-confirmation', order, ...(locale && locale !== DEFAULT_LOCALE ? { locale } : {}) },
});

/** One e-mail per change of status (a status set again later is a new change: a new key). */
async function sendStatusUpdate(q: Queryable, order: Q.OrderOut, status: Q.Status) {
  if (!order.user?.email) return; // the account is gone
  await enqueueMail(q, { to: order.user.email, key: `order-status:${order._id}:${status}:${randomUUID()}`, message: { kind: 'order-status', order, status } });
}

/** A wallet order cancelled or rejected, not refunded yet. */
const refundOwed = (o: Q.LockedOrder, to: string) =>
  (to === 'cancelled' || to === 'rejected') && o.payment_method === PAYMENT_WALLET && !!o.payment_ref && !o.refund_status;

/**
 * Gives a wallet payment back through the provider and records how it went. The provider's refund
 * is keyed by the capture (wallet/paypal.ts), so giving it again after a crash or a timeout never
 * refunds twice; a refund still pending at start is given then (retryPendingRefunds).
 */
async function giveRefund(db: Queryable, refund: PaymentRefunder, o: Q.LockedOrder, log: Pick<FastifyBaseLogger, 'error'>) {
  try {
    await refund({ method: o.payment_method, reference: o.payment_ref, amountMinor: o.total, currencyCode: o.currency_code });
    await Q.setRefund(db, o.id, 'refunded', o.payment_ref);
  } catch (error) {
    log.error({ error, order: o.id }, 'wallet refund for a cancelled or rejected order did not go through');
    await Q.setRefund(db, o.id, 'failed', o.payment_ref);
  }
}

/** Refunds recorded as owed but never answered (the process stopped in between): given at start. */
export async function retryPendingRefunds(db: Queryable, refund: PaymentRefunder, log: Pick<FastifyBaseLogger, 'error'>) {
  for (const o of await Q.pendingRefunds(db)) await giveRefund(db, refund, o, log);
}

/** An order deleted before it shipped gives its pieces back (the ledger keeps its number). */
export function deleteOrder(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const o = await Q.lockOrder(q, id);
    if (!o) throw notFound('Order not found');
    await settleOrderStock(q, o, 'deleted');
    await settleOrderCoupon(q, id, 'deleted');
    await Q.deleteOrder(q, id);
    await recordAudit(q, {
      actorId,
      action: 'delete',
      entity: 'order',
      entityId: id,
      before: { number: formatOrderNumber(o.number), status: o.status, total: fromMinor(o.total), currency: o.currency_code, paymentMethod: o.payment_method },
    });
  });
}

import { SECRET_MARK, type SealedSecret } from '../mail/secrets.js';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { cleanAddress, hashToken, rememberAddress } from '../accounts/service.js';
import { checkOptions, lineImage, selectedOptions, type CartLine } from '../cart/service.js';
import { can, type AuthUser } from '../lib/auth.js';
import { badRequest, conflict, fieldError, forbidden, notFound, type HttpError } from '../lib/errors.js';
import { PAYMENT_CARD, PAYMENT_CASH, PAYMENT_WALLET, type PaymentRefunder, type PaymentVerifier, type VerifiedPayment } from '../payments/index.js';
import { refuseShortStock, settleOrderStock, stockToTake } from '../stock/service.js';
import { enqueueMail, outboxRow, type OutgoingMail } from '../mail/service.js';
import { couponRefusalFor, findCouponForCheckout, lockCouponBuyer, redeemForOrder, settleOrderCoupon, type CheckoutCoupon, type CouponPricing } from '../coupons/service.js';
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ORDER_STATUSES,
  checkoutTotals,
  computeTax,
  computeTotals,
  countryCodeOf,
  countryName,
  DEFAULT_LOCALE,
  formatOrderNumber,
  freeShippingBasis,
  fromMinor,
  isCountryCode,
  lineNets,
  type Locale,
  type OrderTax,
  type TaxRateRef,
  totalsAsAmounts,
  type TotalsMinor as Totals,
  unitPriceMinor,
  unitWeight,
} from '@shop/contract';
import { notShippedTo, pricedMethods, shippingFor, shippingSetupOf } from '../shipping/service.js';
import { countryTaxOf } from '../tax/service.js';
import { notAvailableIn } from './pricing.js';
import { readCheckout, readCheckoutCart, readCheckoutSetup, readCheckoutToOrder, writeOrder, type CheckoutRead } from './checkout-queries.js';
import type { CatalogParts } from '../catalog/index.js';
import { madeEachTime, type Remember } from '../lib/remember.js';
import type { MailSecrets } from '../mail/secrets.js';
import { scheduleReviewRequest } from '../reviews/requests.js';
import { creditOnStatusChange, draftInvoice, type InvoiceDocument } from '../invoices/service.js';
import type { InvoiceNumbers } from '../invoices/numbering.js';
import * as Q from './queries.js';

export { STATUSES, type Status } from './queries.js';
/** What the back office has refunded of a card order so far (issue 40: cards/service.ts). */
export const partlyRefunded = Q.partlyRefunded;
/** An order as GET /order/{id} answers it, whoever asks (issue 40: a card payment's order, placed once and answered again). */
export const orderById = (q: Queryable, id: string) => Q.getOrder(q, id);

export interface Priced {
  currency: NonNullable<CheckoutRead['currency']>;
  rows: CartLine[];
  totals: Totals;
  /** What a coupon's refusal reads of this cart (the order asks again if its redemption loses a race). */
  couponPricing: CouponPricing;
  /** The parcel: its weight (grams) and the declared basis of free-over and value bands (contract freeShippingBasis). */
  parcel: { weightGrams: number; basisMinor: number };
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
  const weightGrams = lines.reduce((g, r) => g + unitWeight(r.product, r.optionIds) * r.quantity, 0);
  return { currency, rows: lines, totals, couponPricing, parcel: { weightGrams, basisMinor: freeShippingBasis(totals) } };
}

/** Where an order ships, for its shipping and tax: the country's ISO code (null: its text names none) and region. */
interface Destination {
  country: string | null;
  /** What the buyer wrote (the refusal names it when no code is found). */
  text: string;
  region: string | null;
}
const destinationOf = (a: { country?: string | null; countryCode?: string | null; state?: string | null }): Destination => ({
  country: a.countryCode || countryCodeOf(a.country),
  text: a.country ?? '',
  region: a.state || null,
});

/** Shipping and tax priced (minor units); shipping null when the shop has no zone (nothing charged, as before issue 39). */
interface Charged {
  shipping: { methodId: string; methodName: string; country: string; price: number; tax: number } | null;
  tax: OrderTax;
  taxRates: Array<TaxRateRef | null>;
  /** What the buyer pays. */
  total: number;
  pricesIncludeTax: boolean;
}

/**
 * Issue 39: the shipping method and the tax of a priced cart going to a destination. No zone at all:
 * nothing (shipping 0, no tax). A country no zone covers: 400 "We do not ship to {country} yet". The
 * method asked for must still apply (in the country's zone, a rate in the currency, a band for the
 * parcel); one that does not is refused (`strict`: the order) or replaced by the cheapest that applies
 * (the preview, which then shows the new price and method). No method asked: the cheapest.
 */
async function chargeShippingAndTax(
  q: Queryable,
  p: Priced,
  nets: number[],
  to: Destination | null,
  methodId: string | null | undefined,
  strict: boolean,
  locale?: Locale,
  remember: Remember = madeEachTime,
): Promise<Charged> {
  const inclusive = !!p.currency.pricesIncludeTax;
  const none: Charged = { shipping: null, tax: computeTax([], 0, null, inclusive), taxRates: nets.map(() => null), total: p.totals.total, pricesIncludeTax: inclusive };
  // The shipping setup and the country's tax in one statement (its round trips are most of an order's cost: bench/README.md).
  const read = await remember(['checkout', 'setup', to?.country ?? null], () => readCheckoutSetup(q, to?.country ?? null));
  const setup = shippingSetupOf(read.shipping);
  if (!setup.anyZone || !to) return none;
  if (!to.country || !setup.zone) throw notShippedTo(to.country, to.text, locale);
  const methods = pricedMethods(setup, p.currency._id, p.parcel);
  let method = methodId ? methods.find((m) => m.id === methodId) : methods[0];
  if (methodId && !method) {
    if (strict) throw fieldError('shippingMethodId', 'the shipping method chosen no longer applies to this order (its country, its cart or the method changed): choose one again');
    method = methods[0];
  }
  if (!method) throw fieldError('shippingMethodId', `no shipping method can take this order to ${countryName(to.country, locale)}`);
  const country = countryTaxOf(read.tax, to.country, to.region);
  const taxRates = p.rows.map((r) => country.rateOf(r.product.taxClassId));
  const t = checkoutTotals(p.totals, nets, taxRates, method.amount, country.standard, inclusive);
  return {
    shipping: { methodId: method.id, methodName: method.name, country: to.country, price: method.amount, tax: t.tax.shipping },
    tax: t.tax,
    taxRates,
    total: t.total,
    pricesIncludeTax: inclusive,
  };
}

/** The shipping and tax fields of a preview or an order answer. */
const chargedOut = (c: Charged) => ({
  shippingMethod: c.shipping ? { _id: c.shipping.methodId, name: c.shipping.methodName } : null,
  shippingCountry: c.shipping?.country ?? null,
  shippingPrice: fromMinor(c.shipping?.price ?? 0),
  taxTotal: fromMinor(c.tax.taxTotal),
  taxLines: c.tax.taxLines.map((t) => ({ rate: t.rate, base: fromMinor(t.base), amount: fromMinor(t.amount) })),
  pricesIncludeTax: c.pricesIncludeTax,
});

/**
 * The coupon a checkout asks for. In the order's transaction, read after the buyer's locks: their row's, and
 * their e-mail's (lockFor), since a buyer's checkouts may come from several guest carts or an account.
 */
async function askCoupon(
  q: Queryable,
  userId: string,
  currencyId: string,
  code: string | undefined,
  refuse: CouponAsked['refuse'],
  lockFor?: { email: string; guest: boolean },
): Promise<CouponAsked | null> {
  if (code === undefined || !code.trim()) return null;
  if (lockFor) await lockCouponBuyer(q, lockFor.email);
  return { found: await findCouponForCheckout(q, code, userId, currencyId, lockFor?.guest ? lockFor.email : null), refuse };
}

/** Where a preview ships: a country (and region) sent, else the saved address asked for; none: shipping and tax not yet known. */
export interface PreviewShipping {
  shippingMethodId?: string | null;
  country?: string;
  region?: string;
  addressId?: string | null;
  /** A saved address not found: refused (404, the preview), or priced without a destination (the wallet's pricing: the order itself then refuses it, after giving the payment back). */
  unknownAddress?: 'refuse' | 'ignore';
}

/** What POST /order would charge now, in one currency, with the coupon asked for (400 when it does not apply; the order's own check: 409). */
export async function previewOrder(...args: Parameters<typeof previewWithCart>) {
  return (await previewWithCart(...args)).preview;
}

/** previewOrder with the cart lines it priced, read in the same statement (a card intent is made for exactly those: cards/service.ts). */
export async function previewWithCart(
  q: Queryable,
  userId: string,
  currencyId: string,
  couponCode?: string,
  refuseCoupon: CouponAsked['refuse'] = badRequest,
  ship: PreviewShipping = {},
  locale?: Locale,
  kept?: CatalogParts,
) {
  const addressId = ship.addressId ?? null;
  const read = kept ? await readCheckoutCart(q, (ids) => kept.products(ids), userId, currencyId, addressId) : await readCheckout(q, userId, currencyId, addressId, false);
  const asked = await askCoupon(q, userId, currencyId, couponCode, refuseCoupon);
  const p = priceCart(read, currencyId, asked);
  let to: Destination | null = null;
  if (ship.country) {
    const code = ship.country.toUpperCase();
    if (!isCountryCode(code)) throw fieldError('country', `unknown country ${ship.country}`);
    to = { country: code, text: code, region: ship.region?.trim() || null };
  } else if (ship.addressId) {
    if (read.address) to = destinationOf(read.address);
    else if (ship.unknownAddress !== 'ignore') throw notFound('Address not found');
  }
  const nets = lineNets(p.totals, p.rows.map((r) => r.product._id), asked?.found?.rule);
  const charged = await chargeShippingAndTax(q, p, nets, to, ship.shippingMethodId, false, locale, kept?.remember);
  const preview = {
    ...totalsAsAmounts(p.totals),
    totalPrice: fromMinor(charged.total),
    coupon: asked?.found ? { code: asked.found.code, amount: fromMinor(p.totals.couponDiscount) } : null,
    currency: { symbol: p.currency.symbol, currType: p.currency._id, code: p.currency.code },
    ...chargedOut(charged),
  };
  return { preview, lines: read.lines };
}

/**
 * GET /shipping/methods: the methods the buyer's cart can go by to a country, priced in a currency,
 * cheapest first, measured as the checkout measures it (weight, and the declared basis with the
 * buyer's discounts and the coupon asked for). [] when the shop has no zone.
 */
export async function shippingOptions(q: Queryable, userId: string, country: string, currencyId: string, couponCode?: string, locale?: Locale, kept?: CatalogParts) {
  if (!isCountryCode(country)) throw fieldError('country', `unknown country ${country}`);
  const setup = await shippingFor(q, country, kept?.remember);
  if (!setup.anyZone) return [];
  if (!setup.zone) throw notShippedTo(country, country, locale);
  const read = kept ? await readCheckoutCart(q, (ids) => kept.products(ids), userId, currencyId, null) : await readCheckout(q, userId, currencyId, null, false);
  const asked = await askCoupon(q, userId, currencyId, couponCode, badRequest);
  const p = priceCart(read, currencyId, asked);
  return pricedMethods(setup, currencyId, p.parcel).map((m) => ({ _id: m.id, name: m.name, estimate: m.estimate, amount: fromMinor(m.amount), free: m.free }));
}

import type { PlaceOrderInput } from './queries.js';
export type { PlaceOrderInput };

/** What placing an order uses beside the database: the wallet payment's check and refund, the invoice's numbering. */
export interface PlaceOrderDeps {
  verify: PaymentVerifier;
  refund: PaymentRefunder;
  /** Numbers the order's invoice once it has committed (invoices/numbering.ts). */
  invoices: InvoiceNumbers;
  /** The catalogue's memory: the order takes what is kept under the catalogue version it reads (readCheckoutToOrder). */
  kept?: CatalogParts;
}

/**
 * POST /order. A wallet payment: price first (no locks), have the payment verified for that amount,
 * then write the order. Cash on delivery verifies nothing, so the order's own pricing (in its
 * transaction) is enough. An order that is not written gives a payment already taken back.
 */
export async function placeOrder(
  db: Db,
  payments: PlaceOrderDeps,
  user: AuthUser,
  input: PlaceOrderInput & { paymentMethod: string; paypalOrderId?: string },
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  // A wallet payment is taken for the total with the coupon; a code refused here is the order's 409.
  const p =
    input.paymentMethod === PAYMENT_CASH
      ? null
      : await previewOrder(db, user.id, input.selectedCurr, input.couponCode, conflict, walletDestination(input), input.locale);
  const payment = await payments.verify({ paymentMethod: input.paymentMethod, paypalOrderId: input.paypalOrderId, totalMinor: p ? Math.round(p.totalPrice * 100) : 0, currencyCode: p?.currency.code ?? '' });
  let order: Awaited<ReturnType<typeof orderFromCart>>;
  try {
    order = await orderFromCart(
      db,
      user,
      { selectedCurr: input.selectedCurr, addressId: input.addressId, shippingAddress: input.shippingAddress, couponCode: input.couponCode, locale: input.locale, shippingMethodId: input.shippingMethodId, guest: input.guest },
      payment,
      payments.kept,
    );
  } catch (error) {
    await payments.refund(payment).catch((refundError) => log.error({ refundError, payment }, 'refund after a failed order did not go through'));
    throw error;
  }
  order.invoiceNumber = await payments.invoices.numberOf(order._id);
  return order;
}

/** Where a wallet order's payment is priced for: the order's own address (a saved one by id, or the new one's country and state). */
export const walletDestination = (input: PlaceOrderInput): PreviewShipping => {
  const code = input.shippingAddress ? destinationOf({ country: String(input.shippingAddress.country ?? ''), countryCode: input.shippingAddress.countryCode, state: String(input.shippingAddress.state ?? '') }).country : null;
  return input.addressId
    ? { addressId: input.addressId, shippingMethodId: input.shippingMethodId, unknownAddress: 'ignore' }
    : { country: code ?? undefined, region: String(input.shippingAddress?.state ?? '') || undefined, shippingMethodId: input.shippingMethodId };
};

/**
 * Turns the user's cart into an order in one transaction, with a payment already verified
 * (payments/index.ts). Locks the user, then their cart rows, so two checkouts at once give one
 * order and the other sees an empty cart. Two statements (checkout-queries.ts): all it reads, with
 * the locks; the order, its lines, the emptied cart, the stock taken and the confirmation e-mail.
 */
function orderFromCart(db: Db, user: AuthUser, input: PlaceOrderInput, payment: VerifiedPayment, kept?: CatalogParts) {
  return db.tx((q) => orderFromCartIn(q, user, input, payment, kept));
}

/** orderFromCart in the caller's transaction (a card payment's: cards/service.ts, which holds its intent's lock). */
export async function orderFromCartIn(q: Queryable, user: Pick<AuthUser, 'id' | 'fullName'>, input: PlaceOrderInput, payment: VerifiedPayment, kept?: CatalogParts) {
  {
    const read = await readCheckoutToOrder(q, kept, user.id, input.selectedCurr, input.addressId ?? null, input.locale);
    const buyerEmail = input.guest?.email ?? read.buyer?.email;
    const asked = await askCoupon(q, user.id, input.selectedCurr, input.couponCode, conflict, buyerEmail ? { email: buyerEmail, guest: !!input.guest } : undefined);
    const priced = priceCart(read, input.selectedCurr, asked);
    const { currency, rows, totals, couponPricing } = priced;
    const address = await shippingAddress(q, user, input, read.address, !input.guest);
    const nets = lineNets(totals, rows.map((r) => r.product._id), asked?.found?.rule);
    const charged = await chargeShippingAndTax(q, priced, nets, destinationOf(address), input.shippingMethodId, true, input.locale, read.parts?.remember);
    if (payment.amountMinor !== null && (payment.amountMinor !== charged.total || payment.currencyCode?.toUpperCase() !== currency.code.toUpperCase())) {
      throw conflict('The payment does not match the order total');
    }
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
      taxClassName: charged.taxRates[i]?.className ?? null,
      taxRate: charged.taxRates[i]?.rate ?? null,
      taxAmount: charged.tax.lines[i] ?? 0,
    }));
    const order = {
      id: randomUUID(),
      number: read.orderNumber!,
      createdAt: new Date(),
      items,
      userId: user.id,
      guestEmail: input.guest?.email ?? null,
      statusTokenHash: input.guest ? hashToken(input.guest.statusToken) : null,
      paymentMethod: payment.method,
      paymentRef: payment.reference,
      currency,
      address,
      subTotal: totals.subTotal,
      productDiscount: totals.productDiscount,
      userDiscount: totals.userDiscount,
      totalDiscount: totals.totalDiscount,
      total: charged.total,
      coupon: asked?.found ? { id: asked.found.id, code: asked.found.code, discount: totals.couponDiscount } : null,
      locale: input.locale,
      shipping: charged.shipping,
      tax: { total: charged.tax.taxTotal, lines: charged.tax.taxLines },
      pricesIncludeTax: charged.pricesIncludeTax,
    };
    // Issue 40: a guest is the address's name and the e-mail given (their guest shopper row has neither).
    const buyer = input.guest ? { fullName: String(address.fullName ?? ''), email: input.guest.email, contact: '' } : read.buyer;
    const row = Q.writtenRow(order, buyer);
    const itemRows = Q.itemRows(order);
    const written = Q.toOrderOut(row, itemRows);
    // The stock rows are locked in the order's own lock order (buyer, cart lines, then stock rows in key
    // order, then the coupon's), as a cancel locks them; a line no longer there refuses the whole order:
    // this transaction rolls back, the cart stays. The confirmation is written with the order: sent once
    // this commits, never if it does not (mail/sender.ts).
    // Issue 39: the order is queued for its invoice number, given just after the commit (the caller's
    // InvoiceNumbers.numberOf), by its own write; the confirmation waits with it, carrying the invoice its
    // PDF is made from (mail/compose.ts), and goes to the outbox with the number.
    const confirmation = buyer ? outboxRow(orderConfirmation(buyer.email, written, input.locale, draftInvoice(row, itemRows, input.locale), input.guest)) : null;
    const take = stockToTake(rows);
    refuseShortStock(take, await writeOrder(q, order, rows.map((r) => r.id), take.wanted, confirmation));
    // The limits, counted atomically; reached meanwhile: 409, and this transaction writes nothing.
    if (asked?.found) await redeemForOrder(q, asked.found, written._id, user.id, couponPricing, input.guest?.email ?? null);
    return written;
  }
}

/** A saved address by id (read with the rest of the checkout), or a new one (validated, saved to the user's addresses unless already there). */
async function shippingAddress(q: Queryable, user: Pick<AuthUser, 'id' | 'fullName'>, input: PlaceOrderInput, saved: Record<string, string | null> | null, remember = true) {
  if (input.addressId) {
    if (!saved) throw notFound('Address not found');
    return saved;
  }
  if (!input.shippingAddress) throw badRequest('Send shippingAddress or addressId');
  const a = cleanAddress(input.shippingAddress, user.fullName);
  if (remember) await rememberAddress(q, user.id, a);
  return { ...a, line2: a.line2 ?? '', state: a.state ?? '' };
}

export async function listOrders(q: Queryable, user: AuthUser, status: string) {
  return Q.listOrders(q, can(user, 'orders') ? null : user.id, status);
}

export async function getOrder(q: Queryable, user: AuthUser, id: string) {
  const o = await Q.getOrder(q, id);
  if (!o || (!can(user, 'orders') && o.user?._id !== user.id)) throw notFound('Order not found');
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
    if (!o || (!can(user, 'orders') && !own)) throw notFound('Order not found');
    if (status === 'cancelled') {
      if (!own) throw forbidden('Only the customer can cancel an order');
      if (o.status !== 'pending') throw conflict('Only a pending order can be cancelled');
    } else {
      if (!can(user, 'orders')) throw forbidden('Customers can only cancel an order');
      if (!ADMIN_ORDER_STATUSES.includes(status)) throw badRequest(`status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}`);
      if (o.status === 'cancelled') throw conflict('A cancelled order cannot be changed');
    }
    await settleOrderStock(q, o, status, reviewRequests?.secrets);
    if (status !== o.status) await settleOrderCoupon(q, id, status);
    await Q.setOrderStatus(q, id, status);
    // Shipping records its carrier and number (given again on a shipped order: corrected, no new e-mail).
    const shipped = status === 'shipped' && (status !== o.status || shipment);
    if (shipped) await Q.setShipment(q, id, shipment?.carrier ?? null, shipment?.trackingNumber ?? null);
    // An admin's change is in the audit log (a customer's own cancel is not the back office's).
    if (can(user, 'orders') && (status !== o.status || shipped)) {
      const number = formatOrderNumber(o.number);
      await recordAudit(q, { actorId: user.id, action: 'update', entity: 'order', entityId: id, before: { number, status: o.status }, after: { number, status, ...(shipped && shipment ? shipment : {}) } });
    }
    // A wallet payment is owed back: recorded with the change, given after it commits (giveRefund).
    const owed = refundOwed(o, status);
    if (owed) await Q.setRefund(q, id, 'pending', o.payment_ref);
    // Issue 39: cancelled or rejected, the order's invoice is answered by a credit note (its counter locked last).
    if (status !== o.status) await creditOnStatusChange(q, o, status);
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
/** Issue 40: a guest's carries the order's private link, its token sealed (mail/secrets.ts) until the e-mail is handed over. */
const orderConfirmation = (to: string, order: Q.OrderOut, locale: Locale | undefined, invoice: InvoiceDocument, guest?: PlaceOrderInput['guest']): OutgoingMail => ({
  to,
  key: `order-confirmation:${order._id}`,
  message: {
    kind: 'order-confirmation',
    order,
    ...(locale && locale !== DEFAULT_LOCALE ? { locale } : {}),
    invoice,
    ...(guest ? { statusUrl: `${guest.publicUrl}${locale === 'fr' ? '/fr' : ''}/order-status/${SECRET_MARK}` } : {}),
  },
  ...(guest ? { secret: guest.seal(guest.statusToken) as SealedSecret } : {}),
});

/** One e-mail per change of status (a status set again later is a new change: a new key). */
async function sendStatusUpdate(q: Queryable, order: Q.OrderOut, status: Q.Status) {
  if (!order.user?.email) return; // the account is gone
  await enqueueMail(q, { to: order.user.email, key: `order-status:${order._id}:${status}:${randomUUID()}`, message: { kind: 'order-status', order, status } });
}

/** A wallet order cancelled or rejected, not refunded yet. */
const refundOwed = (o: Q.LockedOrder, to: string) =>
  (to === 'cancelled' || to === 'rejected') && (o.payment_method === PAYMENT_WALLET || o.payment_method === PAYMENT_CARD) && !!o.payment_ref && !o.refund_status;

/**
 * Gives a wallet payment back through the provider and records how it went. The provider's refund
 * is keyed by the capture (wallet/paypal.ts), so giving it again after a crash or a timeout never
 * refunds twice; a refund still pending at start is given then (retryPendingRefunds).
 */
async function giveRefund(db: Queryable, refund: PaymentRefunder, o: Q.LockedOrder, log: Pick<FastifyBaseLogger, 'error'>) {
  try {
    // A card order partly refunded already (cards/: the back office's refunds) gives back what is left.
    const left = o.total - (o.payment_method === PAYMENT_CARD ? await Q.partlyRefunded(db, o.id) : 0);
    if (left > 0) await refund({ method: o.payment_method, reference: o.payment_ref, amountMinor: left, currencyCode: o.currency_code });
    await Q.setRefund(db, o.id, 'refunded', o.payment_ref);
  } catch (error) {
    log.error({ error, order: o.id }, 'wallet refund for a cancelled or rejected order did not go through');
    await Q.setRefund(db, o.id, 'failed', o.payment_ref);
  }
}

/** Refunds recorded as owed but never answered (the process stopped in between): given at start. */
export async function retryPendingRefunds(db: Queryable, refund: PaymentRefunder, log: Pick<FastifyBaseLogger, 'error'>, alsoFailed = false) {
  for (const o of await Q.pendingRefunds(db, alsoFailed)) await giveRefund(db, refund, o, log);
}

/** An order deleted before it shipped gives its pieces back (the ledger keeps its number). */
export function deleteOrder(db: Db, id: string, actorId: string, secrets?: MailSecrets) {
  return db.tx(async (q) => {
    const o = await Q.lockOrder(q, id);
    if (!o) throw notFound('Order not found');
    await settleOrderStock(q, o, 'deleted', secrets);
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

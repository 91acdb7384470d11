import { byCode, currencyCodes, recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { currencyIds } from '../currencies/service.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { fromMinor, fromPriceList, toPriceList, type PriceMap } from '../lib/money.js';
import { dateField } from '../lib/schemas.js';
import {
  couponKey,
  couponRefusal,
  formatOrderNumber,
  COUPON_MESSAGES,
  type Coupon,
  type CouponBody,
  type CouponRedemption,
  type CouponRule,
  type Price,
} from '@shop/contract';
import * as Q from './queries.js';

// Coupons (issue 22): the admin's CRUD, and what the checkout asks of a code (orders/service.ts):
// find it, say why it does not apply, count its redemption in the order's transaction, give it back.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toCoupon(r: Q.CouponRow, ids: string[]): Coupon {
  const percent = r.value[Q.PERCENT_KEY];
  return {
    _id: r.id,
    code: r.code,
    discountType: r.discount_type,
    value: r.discount_type === 'percentage' ? ids.map((currType) => ({ currType, amount: fromMinor(percent ?? 0) })) : toPriceList(r.value, ids),
    minSubtotal: toPriceList(r.min_subtotal, ids),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    usageLimit: r.usage_limit,
    perCustomerLimit: r.per_customer_limit,
    firstOrderOnly: r.first_order_only,
    active: r.active,
    products: r.products,
    timesUsed: r.times_used,
    createdAt: iso(r.created_at)!,
  };
}

/** Validates a body against the shop (currencies, products) and turns it into what is stored. */
async function toData(q: Queryable, body: CouponBody): Promise<Q.CouponData> {
  const code = body.code.trim();
  const known = new Set(await currencyIds(q));
  const checked = (list: CouponBody['value'] | undefined, name: string): PriceMap => {
    const map = fromPriceList(list);
    for (const id of Object.keys(map)) if (!known.has(id)) throw badRequest(`Unknown currency ${id} in ${name}`);
    return map;
  };
  let value = checked(body.value, 'value');
  if (body.discountType === 'percentage') {
    // One percent for every currency (a percentage is the same share in any of them).
    const percents = new Set(Object.values(value));
    if (percents.size !== 1) throw badRequest('A percentage coupon needs one percent, the same in every currency');
    const [percent] = percents;
    if (percent <= 0 || percent > 10000) throw badRequest('A percentage coupon takes between 0 and 100 percent off');
    value = { [Q.PERCENT_KEY]: percent };
  } else if (!Object.values(value).some((v) => v > 0)) {
    throw badRequest('A fixed coupon needs an amount in at least one currency');
  }
  const startsAt = dateField(body.startsAt, 'startsAt');
  const endsAt = dateField(body.endsAt, 'endsAt');
  if (startsAt && endsAt && endsAt < startsAt) throw badRequest('endsAt must not be before startsAt');
  const products = [...new Set(body.products ?? [])];
  if (products.length) {
    const found = new Set(await Q.existingProductIds(q, products));
    const missing = products.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`Unknown product ${missing[0]}`);
  }
  return {
    code,
    discountType: body.discountType,
    value,
    minSubtotal: checked(body.minSubtotal, 'minSubtotal'),
    startsAt,
    endsAt,
    usageLimit: body.usageLimit ?? null,
    perCustomerLimit: body.perCustomerLimit ?? null,
    firstOrderOnly: body.firstOrderOnly ?? false,
    active: body.active,
    products,
  };
}

const taken = (code: string) => conflict(`The code ${code} is already used by another coupon`);

export async function getCoupon(q: Queryable, id: string): Promise<Coupon> {
  const row = await Q.getCouponRow(q, id);
  if (!row) throw notFound('Coupon not found');
  return toCoupon(row, await currencyIds(q));
}
export async function listCoupons(q: Queryable): Promise<Coupon[]> {
  const ids = await currencyIds(q);
  return (await Q.listCouponRows(q)).map((r) => toCoupon(r, ids));
}
/** What the audit log keeps of a coupon: its rules, amounts by currency code (a percentage as its one percent). */
async function facts(q: Queryable, c: Coupon) {
  const codes = await currencyCodes(q);
  return {
    code: c.code,
    discountType: c.discountType,
    value: c.discountType === 'percentage' ? (c.value[0]?.amount ?? 0) : byCode(c.value, codes),
    minSubtotal: byCode(c.minSubtotal, codes),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    products: c.products,
  };
}

/** actorId: the admin adding it (audit log); absent for the shop's own setup (the demo seed, a test's fixture). */
export function createCoupon(db: Db, body: CouponBody, actorId?: string): Promise<Coupon> {
  return db.tx(async (q) => {
    const data = await toData(q, body);
    const row = await Q.insertCoupon(q, data);
    if (!row) throw taken(data.code);
    const coupon = await getCoupon(q, row.id);
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'coupon', entityId: coupon._id, after: await facts(q, coupon) });
    return coupon;
  });
}
export function updateCoupon(db: Db, id: string, body: CouponBody, actorId: string): Promise<Coupon> {
  return db.tx(async (q) => {
    const data = await toData(q, body);
    const before = await getCoupon(q, id);
    if (await Q.codeTaken(q, couponKey(data.code), id)) throw taken(data.code);
    try {
      if (!(await Q.updateCoupon(q, id, data))) throw notFound('Coupon not found');
    } catch (err) {
      // Another coupon took the code between the check and the update.
      if ((err as { code?: string }).code === '23505') throw taken(data.code);
      throw err;
    }
    const coupon = await getCoupon(q, id);
    await recordChanges(q, { actorId, action: 'update', entity: 'coupon', entityId: id, about: { code: coupon.code } }, await facts(q, before), await facts(q, coupon));
    return coupon;
  });
}
/** Past orders keep their code and amount (orders.coupon_code, coupon_discount). */
export function deleteCoupon(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await getCoupon(q, id);
    await Q.deleteCoupon(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'coupon', entityId: id, before: { ...(await facts(q, before)), timesUsed: before.timesUsed } });
  });
}

export async function listRedemptions(q: Queryable, couponId: string, page: number, limit: number) {
  if (!(await Q.getCouponRow(q, couponId))) throw notFound('Coupon not found');
  const { rows, total } = await Q.redemptionsPage(q, couponId, limit, (page - 1) * limit);
  const items: CouponRedemption[] = rows.map((r) => ({
    orderId: r.order_id,
    orderNumber: formatOrderNumber(r.number),
    customer: r.user_id ? { _id: r.user_id, fullName: r.full_name ?? '', email: r.email ?? '' } : null,
    amount: fromMinor(r.coupon_discount),
    currency: { symbol: r.currency_symbol, code: r.currency_code },
    status: r.status,
    redeemedAt: iso(r.created_at)!,
    releasedAt: iso(r.released_at),
  }));
  return { items, itemCount: total, page, limit };
}

/** A code found for a checkout: the rule that prices it and what decides whether it applies. */
export interface CheckoutCoupon {
  id: string;
  code: string;
  rule: CouponRule;
  coupon: Coupon;
  usesByCustomer: number;
  ordersByCustomer: number;
}

/**
 * The code a checkout asks for, read with this buyer's uses and orders (a buyer is an e-mail: a guest's,
 * given at checkout, or the account's); null when no coupon has it.
 * Its amounts in the order's currency only: all the rules read (no extra query in the order's transaction).
 */
export async function findCouponForCheckout(q: Queryable, code: string, userId: string, currencyId: string, guestEmail: string | null = null): Promise<CheckoutCoupon | null> {
  const row = await Q.couponForCheckout(q, couponKey(code), userId, guestEmail);
  if (!row) return null;
  const coupon = toCoupon(row, [currencyId]);
  return { id: row.id, code: row.code, rule: coupon, coupon, usesByCustomer: row.uses_by_customer, ordersByCustomer: row.orders_by_customer };
}

export interface CouponPricing {
  currency: { _id: string; code: string; symbol: string };
  /** Subtotal after product discounts, and the part the coupon covers, minor units. */
  subtotalMinor: number;
  coveredMinor: number;
  now: Date;
}
/** Why the code does not apply to this checkout, or null. seenWorking: it has just priced this checkout. */
export function couponRefusalFor(found: CheckoutCoupon | null, pricing: CouponPricing, seenWorking = false): string | null {
  if (!found) return COUPON_MESSAGES.unknown;
  return couponRefusal(found.coupon, { ...pricing, usesByCustomer: found.usesByCustomer, ordersByCustomer: found.ordersByCustomer, seenWorking });
}

/**
 * Counts the order's redemption (in its transaction). When a limit was reached since the code was
 * read, answers why (409, nothing written): the coupon as it is now, with the customer's own counts
 * as first read (the buyer's lock kept them; read now, they would count this very order).
 */
export async function redeemForOrder(q: Queryable, found: CheckoutCoupon, orderId: string, userId: string, pricing: CouponPricing, guestEmail: string | null) {
  if (await Q.redeemCoupon(q, found.id, orderId, userId, guestEmail)) return;
  const row = await Q.getCouponRow(q, found.id);
  const now = row ? { ...found, coupon: toCoupon(row, [pricing.currency._id]) } : null;
  throw conflict(couponRefusalFor(now, pricing, true) ?? COUPON_MESSAGES.usageLimit);
}

/** The buyer's e-mail lock, taken after their row's and before the coupon is read (queries.ts couponForCheckout). */
export const lockCouponBuyer = (q: Queryable, email: string) => Q.lockBuyerEmail(q, email);

/** Cancel, reject or delete gives the use back; a rejected order reopened holds it again. */
export async function settleOrderCoupon(q: Queryable, orderId: string, to: string) {
  if (to === 'cancelled' || to === 'rejected' || to === 'deleted') await Q.releaseRedemption(q, orderId);
  else await Q.holdRedemptionAgain(q, orderId);
}

export type { Price };

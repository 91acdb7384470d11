// Coupons' SQL (issue 22). Values are PriceMaps in minor units; a percentage coupon keeps its one
// percent under PERCENT_KEY, so it applies in every currency, one added later too.
import type { Queryable } from '../db/client.js';
import type { PriceMap } from '../lib/money.js';
import { NOT_COUNTED_STATUSES } from '@shop/contract';

export const PERCENT_KEY = '%';

/** A customer's orders that count (contract: cancelled and rejected do not), as SQL literals. */
const NOT_COUNTED = NOT_COUNTED_STATUSES.map((s) => `'${s}'`).join(', ');

export interface CouponRow {
  id: string;
  code: string;
  discount_type: 'fixed' | 'percentage';
  value: PriceMap;
  min_subtotal: PriceMap;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: boolean;
  active: boolean;
  times_used: number;
  created_at: Date | string;
  products: string[];
}

const COLS = `c.id, c.code, c.discount_type, c.value, c.min_subtotal, c.starts_at, c.ends_at, c.usage_limit, c.per_customer_limit,
  c.first_order_only, c.active, c.times_used, c.created_at,
  coalesce((SELECT array_agg(cp.product_id::text ORDER BY cp.product_id) FROM coupon_products cp WHERE cp.coupon_id = c.id), '{}') AS products`;

export const listCouponRows = (q: Queryable) => q.query<CouponRow>(`SELECT ${COLS} FROM coupons c ORDER BY c.created_at DESC, c.id`);
export const getCouponRow = (q: Queryable, id: string) => q.one<CouponRow>(`SELECT ${COLS} FROM coupons c WHERE c.id = $1`, [id]);

/** A code as the checkout reads it, with what this customer has done that the rules ask about. */
export interface CheckoutCouponRow extends CouponRow {
  uses_by_customer: number;
  orders_by_customer: number;
}
/**
 * The buyer's orders, as a coupon's per-customer and first-order rules count them (issue 40): a buyer is
 * an e-mail, not a shopper row. $uid's own orders, guest orders given that e-mail, and the orders of the
 * account with it: a guest cart per order, or a guest checkout with an account's e-mail, is the same
 * buyer. The e-mail is $email, or the account's own when $email is null.
 */
const buyerOrders = (uid: string, email: string) => `buyer AS (
       SELECT lower(coalesce(${email}::text, (SELECT u.email FROM users u WHERE u.id = ${uid} AND NOT u.is_guest))) AS email),
     mine AS (
       SELECT o.id, o.status FROM orders o WHERE o.user_id = ${uid}
       UNION SELECT o.id, o.status FROM orders o, buyer b WHERE o.guest_email IS NOT NULL AND lower(o.guest_email) = b.email
       UNION SELECT o.id, o.status FROM orders o JOIN users u ON u.id = o.user_id AND NOT u.is_guest, buyer b WHERE lower(u.email) = b.email)`;

/**
 * Read in the order's transaction after the buyer's locks (their row, and their e-mail's: orders/service.ts
 * askCoupon), so another checkout of the same buyer has committed or not started: its redemption
 * and its order are counted here. email: a guest's, given at checkout (null: the account's own).
 */
export const couponForCheckout = (q: Queryable, key: string, userId: string, email: string | null) =>
  q.one<CheckoutCouponRow>(
    `WITH ${buyerOrders('$2', '$3')}
     SELECT ${COLS},
            (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.released_at IS NULL AND r.order_id IN (SELECT id FROM mine)) AS uses_by_customer,
            (SELECT count(*)::int FROM mine WHERE mine.status NOT IN (${NOT_COUNTED})) AS orders_by_customer
       FROM coupons c WHERE lower(c.code) = $1`,
    [key, userId, email],
  );

/** Orders and their buyer's e-mail lock: one buyer's checkouts with a coupon, one after the other. */
export const lockBuyerEmail = (q: Queryable, email: string) => q.query(`SELECT pg_advisory_xact_lock(hashtext('coupon buyer ' || lower($1)))`, [email]);

export interface CouponData {
  code: string;
  discountType: 'fixed' | 'percentage';
  value: PriceMap;
  minSubtotal: PriceMap;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  active: boolean;
  products: string[];
}
const params = (d: CouponData) => [
  d.code, d.discountType, JSON.stringify(d.value), JSON.stringify(d.minSubtotal), d.startsAt, d.endsAt, d.usageLimit, d.perCustomerLimit, d.firstOrderOnly, d.active,
];

/** The coupon and its product list in one statement; null when the code is taken (unique index on lower(code)). */
export const insertCoupon = (q: Queryable, d: CouponData) =>
  q.one<{ id: string }>(
    `WITH c AS (
       INSERT INTO coupons (code, discount_type, value, min_subtotal, starts_at, ends_at, usage_limit, per_customer_limit, first_order_only, active)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT ((lower(code))) DO NOTHING RETURNING id),
     p AS (INSERT INTO coupon_products (coupon_id, product_id) SELECT c.id, unnest($11::uuid[]) FROM c)
     SELECT id FROM c`,
    [...params(d), d.products],
  );

/** Updates the coupon and replaces its product list; null when it is gone. A code taken by another coupon raises 23505. */
export const updateCoupon = (q: Queryable, id: string, d: CouponData) =>
  q.one<{ id: string }>(
    `WITH c AS (
       UPDATE coupons SET code = $1, discount_type = $2, value = $3, min_subtotal = $4, starts_at = $5, ends_at = $6, usage_limit = $7,
         per_customer_limit = $8, first_order_only = $9, active = $10
        WHERE id = $12 RETURNING id),
     gone AS (DELETE FROM coupon_products WHERE coupon_id IN (SELECT id FROM c) AND NOT (product_id = ANY($11::uuid[]))),
     p AS (INSERT INTO coupon_products (coupon_id, product_id) SELECT c.id, unnest($11::uuid[]) FROM c ON CONFLICT DO NOTHING)
     SELECT id FROM c`,
    [...params(d), d.products, id],
  );

export const deleteCoupon = (q: Queryable, id: string) => q.one<{ id: string }>(`DELETE FROM coupons WHERE id = $1 RETURNING id`, [id]);

/** Whether another coupon has this code (the unique index decides under races; this names the clash first). */
export const codeTaken = async (q: Queryable, key: string, exceptId: string | null) =>
  !!(await q.one(`SELECT 1 FROM coupons WHERE lower(code) = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [key, exceptId]));

/**
 * Counts one redemption, in the order's transaction: the limits are checked in the UPDATE itself, which
 * takes the coupon's row lock and, when it had to wait, checks them again on the row as the other order
 * left it; the buyer's own uses are counted by a subquery that sees the other checkouts of this
 * buyer (serialised by the buyer's locks) committed. false: a limit was reached meanwhile.
 */
export async function redeemCoupon(q: Queryable, couponId: string, orderId: string, userId: string, email: string | null): Promise<boolean> {
  const r = await q.one<{ redeemed: boolean }>(
    `WITH ${buyerOrders('$3', '$4')},
     c AS (
       UPDATE coupons SET times_used = times_used + 1
        WHERE id = $1 AND active AND (usage_limit IS NULL OR times_used < usage_limit)
          AND (per_customer_limit IS NULL OR per_customer_limit >
               (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = $1 AND r.released_at IS NULL AND r.order_id IN (SELECT id FROM mine) AND r.order_id <> $2))
       RETURNING id),
     r AS (INSERT INTO coupon_redemptions (order_id, coupon_id, user_id) SELECT $2, id, $3 FROM c)
     SELECT EXISTS (SELECT 1 FROM c) AS redeemed`,
    [couponId, orderId, userId, email],
  );
  return !!r?.redeemed;
}

/** A cancelled, rejected or deleted order gives its use back (once: only a redemption still held). */
export const releaseRedemption = (q: Queryable, orderId: string) =>
  q.query(
    `WITH r AS (UPDATE coupon_redemptions SET released_at = clock_timestamp() WHERE order_id = $1 AND released_at IS NULL RETURNING coupon_id)
     UPDATE coupons c SET times_used = c.times_used - 1 FROM r WHERE c.id = r.coupon_id`,
    [orderId],
  );

/** A rejected order set back to an open status holds its use again (its price already counts it). */
export const holdRedemptionAgain = (q: Queryable, orderId: string) =>
  q.query(
    `WITH r AS (UPDATE coupon_redemptions SET released_at = NULL WHERE order_id = $1 AND released_at IS NOT NULL RETURNING coupon_id)
     UPDATE coupons c SET times_used = c.times_used + 1 FROM r WHERE c.id = r.coupon_id`,
    [orderId],
  );

export interface RedemptionRow {
  order_id: string;
  number: string;
  user_id: string | null;
  full_name: string | null;
  email: string | null;
  coupon_discount: number;
  currency_symbol: string;
  currency_code: string;
  status: string;
  created_at: Date | string;
  released_at: Date | string | null;
}
export const redemptionsPage = async (q: Queryable, couponId: string, limit: number, offset: number) => {
  const rows = await q.query<RedemptionRow>(
    `SELECT r.order_id, o.number::text, r.user_id, u.full_name, u.email, o.coupon_discount::float8 AS coupon_discount, o.currency_symbol, o.currency_code,
            o.status, r.created_at, r.released_at
       FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = r.user_id
      WHERE r.coupon_id = $1 ORDER BY r.created_at DESC, r.order_id LIMIT $2 OFFSET $3`,
    [couponId, limit, offset],
  );
  const total = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = $1`, [couponId]);
  return { rows, total: total?.n ?? 0 };
};

/** The ids among `ids` that name a product. */
export const existingProductIds = async (q: Queryable, ids: string[]) =>
  (await q.query<{ id: string }>(`SELECT id::text FROM products WHERE id = ANY($1::uuid[])`, [ids])).map((r) => r.id);

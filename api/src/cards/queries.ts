// Card payments' rows (migration 044): one per PaymentIntent, the webhook events seen, and the back
// office's refunds of an order.
import type { Queryable } from '../db/client.js';
import type { StockChange } from '../stock/queries.js';
import type { PlaceOrderInput } from '../orders/queries.js';

/**
 * The checkout an intent pays for, kept until its order is placed: the order's input, and a guest's e-mail
 * (their order link is made when the order is, so its token lives only in the confirmation e-mail).
 */
export type CardCheckout = Omit<PlaceOrderInput, 'guest'> & { guestEmail?: string };

export type CardState = 'held' | 'released' | 'ordered' | 'refund_pending' | 'refunded';

export interface CardPaymentRow {
  intent_id: string;
  user_id: string | null;
  cart_version: string;
  currency_code: string;
  /** The order's total in minor units of currency_code (what the intent charges). */
  amount: number;
  checkout: CardCheckout;
  held_stock: StockChange[];
  held_coupon_id: string | null;
  state: CardState;
  hold_until: Date | string;
  order_id: string | null;
}

const COLUMNS = `intent_id, user_id, cart_version, currency_code, amount::float8 AS amount, checkout, held_stock, held_coupon_id, state, hold_until, order_id`;

/**
 * Records an intent the shop made and answers its row, locked: the new one, or the one known already
 * (the same cart version's intent, left as it was: the no-op update only locks and returns it).
 */
export const recordCardPayment = async (q: Queryable, r: { intentId: string; userId: string; cartVersion: string; currencyCode: string; amount: number; checkout: CardCheckout }) =>
  (await q.one<CardPaymentRow>(
    `INSERT INTO card_payments (intent_id, user_id, cart_version, currency_code, amount, checkout, state, hold_until)
     VALUES ($1, $2, $3, $4, $5, $6, 'released', now()) ON CONFLICT (intent_id) DO UPDATE SET intent_id = card_payments.intent_id RETURNING ${COLUMNS}`,
    [r.intentId, r.userId, r.cartVersion, r.currencyCode, r.amount, JSON.stringify(r.checkout)],
    'card-record',
  ))!;

/** A cart version's intents that can be paid no more (ordered, or paid and given back): the next attempt's number. */
export const closedAttempts = async (q: Queryable, userId: string, cartVersion: string) =>
  (await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM card_payments WHERE user_id = $1 AND starts_with(cart_version, $2) AND state IN ('ordered', 'refund_pending', 'refunded')`,
    [userId, `${cartVersion}.`],
    'card-closed-attempts',
  ))!.n;

export const cardPayment = (q: Queryable, intentId: string) => q.one<CardPaymentRow>(`SELECT ${COLUMNS} FROM card_payments WHERE intent_id = $1`, [intentId], 'card-payment');
export const lockCardPayment = (q: Queryable, intentId: string) => q.one<CardPaymentRow>(`SELECT ${COLUMNS} FROM card_payments WHERE intent_id = $1 FOR UPDATE`, [intentId], 'card-payment-lock');

/** A buyer's other intents still holding pieces (one cart, one hold), locked. */
export const otherHolds = (q: Queryable, userId: string, intentId: string) =>
  q.query<CardPaymentRow>(`SELECT ${COLUMNS} FROM card_payments WHERE user_id = $1 AND state = 'held' AND intent_id <> $2 ORDER BY intent_id FOR UPDATE`, [userId, intentId], 'card-other-holds');

export const setHeld = (q: Queryable, intentId: string, stock: StockChange[], couponId: string | null, minutes: number) =>
  q.one<{ hold_until: Date | string }>(
    `UPDATE card_payments SET state = 'held', held_stock = $2, held_coupon_id = $3, hold_until = now() + make_interval(mins => $4), updated_at = now()
      WHERE intent_id = $1 RETURNING hold_until`,
    [intentId, JSON.stringify(stock), couponId, minutes],
    'card-set-held',
  );
export const extendHold = (q: Queryable, intentId: string, minutes: number) =>
  q.one<{ hold_until: Date | string }>(`UPDATE card_payments SET hold_until = now() + make_interval(mins => $2), updated_at = now() WHERE intent_id = $1 RETURNING hold_until`, [intentId, minutes]);

export const setState = (q: Queryable, intentId: string, state: CardState, orderId: string | null = null) =>
  q.query(`UPDATE card_payments SET state = $2, order_id = coalesce($3, order_id), held_stock = CASE WHEN $2 = 'held' THEN held_stock ELSE '[]' END, held_coupon_id = CASE WHEN $2 = 'held' THEN held_coupon_id ELSE NULL END, updated_at = now() WHERE intent_id = $1`, [
    intentId,
    state,
    orderId,
  ], 'card-set-state');

/** A coupon use held for an intent: counted as the order's redemption counts it (false: its limit is reached). */
export const holdCouponUse = async (q: Queryable, couponId: string) =>
  !!(await q.one(`UPDATE coupons SET times_used = times_used + 1 WHERE id = $1 AND active AND (usage_limit IS NULL OR times_used < usage_limit) RETURNING id`, [couponId]));
export const releaseCouponUse = (q: Queryable, couponId: string) => q.query(`UPDATE coupons SET times_used = greatest(times_used - 1, 0) WHERE id = $1`, [couponId]);

/** Holds whose time is up. */
export const expiredHolds = (q: Queryable, limit: number) =>
  q.query<{ intent_id: string; user_id: string | null }>(`SELECT intent_id, user_id FROM card_payments WHERE state = 'held' AND hold_until < now() ORDER BY hold_until LIMIT $1`, [limit]);
/** Intents not yet ordered nor given back, made within `hours` (looked up at start: a success the process did not live to see), and refunds still owed. */
export const unsettled = (q: Queryable, hours: number, limit: number) =>
  q.query<{ intent_id: string; user_id: string | null; state: CardState }>(
    `SELECT intent_id, user_id, state FROM card_payments WHERE state IN ('held', 'released', 'refund_pending') AND created_at > now() - make_interval(hours => $1) ORDER BY created_at LIMIT $2`,
    [hours, limit],
  );
export const refundsOwed = (q: Queryable, limit: number) =>
  q.query<{ intent_id: string; user_id: string | null }>(`SELECT intent_id, user_id FROM card_payments WHERE state = 'refund_pending' ORDER BY updated_at LIMIT $1`, [limit]);

/** Whether a webhook event was handled already (a replay); recordEvent after handling it. */
export const eventSeen = async (q: Queryable, id: string) => !!(await q.one(`SELECT 1 FROM stripe_events WHERE id = $1`, [id], 'stripe-event-seen'));
export const recordEvent = (q: Queryable, id: string, type: string) => q.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [id, type], 'stripe-event-record');
/** Records an event nothing is done for: false when it was recorded already (a replay). */
export const recordEventOnce = async (q: Queryable, id: string, type: string) =>
  !!(await q.one(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [id, type], 'stripe-event-record-once'));

export const lockUser = (q: Queryable, userId: string) => q.one<{ id: string; full_name: string; email: string }>(`SELECT id, full_name, email FROM users WHERE id = $1 FOR UPDATE`, [userId], 'card-lock-user');

// The back office's refunds of an order.
export interface OrderRefundRow {
  id: string;
  order_id: string;
  amount: number;
  status: 'pending' | 'refunded' | 'failed';
  reference: string | null;
  created_at: Date | string;
  actor_name: string | null;
}
export const orderRefunds = (q: Queryable, orderId: string) =>
  q.query<OrderRefundRow>(
    `SELECT r.id, r.order_id, r.amount::float8 AS amount, r.status, r.reference, r.created_at, u.full_name AS actor_name
       FROM order_refunds r LEFT JOIN users u ON u.id = r.actor_id WHERE r.order_id = $1 ORDER BY r.created_at, r.id`,
    [orderId],
  );
export const insertOrderRefund = (q: Queryable, orderId: string, amount: number, actorId: string) =>
  q.one<{ id: string }>(`INSERT INTO order_refunds (order_id, amount, status, actor_id) VALUES ($1, $2, 'pending', $3) RETURNING id`, [orderId, amount, actorId]);
export const setOrderRefund = (q: Queryable, id: string, status: 'refunded' | 'failed', reference: string | null) =>
  q.query(`UPDATE order_refunds SET status = $2, reference = coalesce($3, reference), updated_at = now() WHERE id = $1`, [id, status, reference]);
/** Refunds not answered yet (the process stopped) or that failed (Stripe down): retried, each under its own idempotency key. */
export const openOrderRefunds = (q: Queryable, limit: number) =>
  q.query<{ id: string; amount: number; payment_ref: string; currency_code: string }>(
    `SELECT r.id, r.amount::float8 AS amount, o.payment_ref, o.currency_code FROM order_refunds r JOIN orders o ON o.id = r.order_id
      WHERE r.status <> 'refunded' AND r.created_at < now() - interval '5 seconds' ORDER BY r.created_at LIMIT $1`,
    [limit],
  );
type RefundOrderRow = { id: string; number: string; payment_method: string; payment_ref: string | null; currency_code: string; total: number; refund_status: string | null; status: string };
const REFUND_ORDER = `SELECT id, number::text, payment_method, payment_ref, currency_code, total::float8 AS total, refund_status, status FROM orders WHERE id = $1`;
export const orderForRefund = (q: Queryable, id: string) => q.one<RefundOrderRow>(REFUND_ORDER, [id]);
export const lockOrderForRefund = (q: Queryable, id: string) => q.one<RefundOrderRow>(`${REFUND_ORDER} FOR UPDATE`, [id]);

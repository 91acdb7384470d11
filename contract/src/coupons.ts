// Coupon codes (issue 22): what the API, the checkout and the back office agree on. The server decides
// whether a code applies (in the order's transaction) and what it takes off; the rule for the amount
// is money.ts's computeTotals, the same for the preview and the charge. Every refusal text lives here.
import { formatMoney } from './format';
import { couponValueMinor } from './money';
import type { DiscountType, Price } from './wire';

export type { AppliedCoupon } from './wire';

/** A coupon as GET/POST/PUT /coupons answer it. */
export interface Coupon {
  _id: string;
  /** As the admin typed it; matched case-insensitively. */
  code: string;
  discountType: DiscountType;
  /** Per currency; for a percentage, the percent (the same in every currency). */
  value: Price[];
  /** The cart's subtotal after product discounts must reach this, per currency (none: no minimum there). */
  minSubtotal: Price[];
  startsAt: string | null;
  endsAt: string | null;
  /** Redemptions in all; null: unlimited. */
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  active: boolean;
  /** Product ids it applies to; empty: the whole cart. */
  products: string[];
  /** Redemptions held by orders now (a cancelled or rejected order gives its own back). */
  timesUsed: number;
  createdAt: string;
}

/** POST /coupons and PUT /coupons/{id}. */
export interface CouponBody {
  code: string;
  discountType: DiscountType;
  value: Price[];
  minSubtotal?: Price[];
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  firstOrderOnly?: boolean;
  active: boolean;
  products?: string[];
}

/** GET /coupons/{id}/redemptions: one order that used the code. */
export interface CouponRedemption {
  orderId: string;
  orderNumber: string;
  customer: { _id: string; fullName: string; email: string } | null;
  /** What the code took off, in the order's currency. */
  amount: number;
  currency: { symbol: string; code: string };
  status: string;
  redeemedAt: string;
  /** When its order was cancelled or rejected and gave the use back; null: it still counts. */
  releasedAt: string | null;
}

/** The demo's welcome code, seeded as a real coupon and advertised on the home page. */
export const WELCOME_CODE = 'AURELIA15';

export const COUPON_CODE_MAX = 40;
/** Letters, digits, dash and underscore: what a shopper can type from a banner without doubt. */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]+$';
/** Codes compare without case (AURELIA15 = aurelia15) and without surrounding spaces. */
export const couponKey = (code: string) => code.trim().toLowerCase();

/** The refusals a shopper sees, verbatim (issue 22). */
export const COUPON_MESSAGES = {
  unknown: 'This code is not valid',
  notStarted: 'This code is not valid yet',
  expired: 'This code has expired',
  usageLimit: 'This code has reached its usage limit',
  alreadyUsed: 'You have already used this code',
  firstOrder: 'This code is for a first order',
  noProducts: 'This code does not apply to the items in your cart',
  currency: (code: string) => `This code cannot be used with ${code}`,
  minSubtotal: (formatted: string) => `This code needs a subtotal of ${formatted}`,
  /** 429: too many codes tried from one account or address (issue 34 #5). */
  tooManyTries: 'Too many codes tried. Please wait a few minutes before trying another.',
} as const;

/** What a refusal needs to know besides the coupon and the clock. */
export interface CouponCheck {
  now: Date;
  currency: { _id: string; code: string; symbol: string };
  /** The cart's subtotal after product discounts, minor units. */
  subtotalMinor: number;
  /** Of that, what the coupon's products make up (the whole subtotal for a whole-cart code). */
  coveredMinor: number;
  /** This customer's redemptions of the code that still count. */
  usesByCustomer: number;
  /** This customer's orders that still stand (not cancelled or rejected). */
  ordersByCustomer: number;
  /** The code has just worked in this very checkout (its redemption lost a race): it may say why it no longer does. */
  seenWorking?: boolean;
}

/**
 * Why a coupon does not apply to this checkout, or null when it does. The usage limit is checked here
 * for a clear preview, and again atomically when the order counts its redemption (orders may race).
 * A code that is not running (inactive, not started, ended, used up) answers as an unknown one, so
 * guesses learn nothing of which codes exist (issue 34 #5), unless this customer has seen it work: a
 * use of theirs that still counts, or this checkout's own.
 */
export function couponRefusal(c: Omit<Coupon, '_id' | 'code' | 'createdAt'>, check: CouponCheck): string | null {
  const now = check.now.getTime();
  if (!c.active) return COUPON_MESSAGES.unknown;
  const shown = (message: string) => (check.usesByCustomer > 0 || check.seenWorking ? message : COUPON_MESSAGES.unknown);
  if (c.startsAt && now < new Date(c.startsAt).getTime()) return shown(COUPON_MESSAGES.notStarted);
  if (c.endsAt && now > new Date(c.endsAt).getTime()) return shown(COUPON_MESSAGES.expired);
  if (c.usageLimit !== null && c.timesUsed >= c.usageLimit) return shown(COUPON_MESSAGES.usageLimit);
  if (c.firstOrderOnly && check.ordersByCustomer > 0) return COUPON_MESSAGES.firstOrder;
  if (c.perCustomerLimit !== null && check.usesByCustomer >= c.perCustomerLimit) return COUPON_MESSAGES.alreadyUsed;
  if (couponValueMinor(c, check.currency._id) === null) return COUPON_MESSAGES.currency(check.currency.code);
  const min = couponValueMinor({ value: c.minSubtotal }, check.currency._id);
  if (min !== null && check.subtotalMinor < min) return COUPON_MESSAGES.minSubtotal(formatMoney(min / 100, check.currency.symbol));
  if (check.coveredMinor <= 0) return COUPON_MESSAGES.noProducts;
  return null;
}

import { formatMoney, type Coupon, type CouponBody, type Currency } from '@shop/shared';

/** The back office's coupon toasts, in the Discounts page's words (SPEC §8) with 'Coupon'. */
export const COUPON_TOASTS = {
  add: { pending: 'Adding Coupon...', success: 'Coupon Added Successfully!', error: 'Failed to Add Coupon.' },
  update: { pending: 'Updating Coupon Details...', success: 'Coupon Details Updated Successfully!', error: 'Failed to Update Coupon Details.' },
  remove: { pending: 'Deleting Coupon...', success: 'Coupon Deleted Successfully!', error: 'Failed to Delete Coupon.' },
  activate: { pending: 'Activating Coupon...', success: 'Coupon Activated Successfully!', error: 'Failed to Activate Coupon.' },
  deactivate: { pending: 'Deactivating Coupon...', success: 'Coupon Deactivated Successfully!', error: 'Failed to Deactivate Coupon.' },
  fetch: 'Failed to fetch coupons',
  fetchRedemptions: 'Failed to fetch redemptions',
} as const;

export type CouponStatus = 'Active' | 'Inactive' | 'Scheduled' | 'Expired' | 'Used up';

/** What a shopper would meet now, in the order the server checks a code (contract couponRefusal). */
export function couponStatus(c: Pick<Coupon, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'timesUsed'>, now = new Date()): CouponStatus {
  if (!c.active) return 'Inactive';
  if (c.startsAt && now.getTime() < new Date(c.startsAt).getTime()) return 'Scheduled';
  if (c.endsAt && now.getTime() > new Date(c.endsAt).getTime()) return 'Expired';
  if (c.usageLimit !== null && c.timesUsed >= c.usageLimit) return 'Used up';
  return 'Active';
}

/** A percent as typed: 15 -> '15', 12.5 -> '12.5'. */
const percentText = (n: number) => String(Math.round(n * 100) / 100);

/** '15 %', or each currency's amount in the shop's currency order ('$10.00', '€9.00'), keyed by currency; currencies the shop no longer has are left out. */
export function couponValueParts(c: Pick<Coupon, 'discountType' | 'value'>, currencies: Currency[]): Array<{ key: string; text: string }> {
  if (c.discountType === 'percentage') return c.value.length ? [{ key: 'percent', text: `${percentText(c.value[0].amount)} %` }] : [];
  return currencies.flatMap((cur) => {
    const price = c.value.find((p) => p.currType === cur._id);
    return price ? [{ key: cur._id, text: formatMoney(price.amount, cur.symbol) }] : [];
  });
}

/** '15 %' or '$10.00 / €9.00'. */
export const couponValueText = (c: Pick<Coupon, 'discountType' | 'value'>, currencies: Currency[]) =>
  couponValueParts(c, currencies).map((p) => p.text).join(' / ');

/** '3 / 10', or '3 / ∞' without a limit. */
export const usesText = (c: Pick<Coupon, 'timesUsed' | 'usageLimit'>) => `${c.timesUsed.toLocaleString('en-US')} / ${c.usageLimit === null ? '∞' : c.usageLimit.toLocaleString('en-US')}`;

/** The body that saves `c` as it is, but for `changes` (PUT takes the whole coupon: the row's toggle). */
export function couponBodyOf(c: Coupon, changes: Partial<CouponBody> = {}): CouponBody {
  return {
    code: c.code,
    discountType: c.discountType,
    value: c.value,
    minSubtotal: c.minSubtotal,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    products: c.products,
    ...changes,
  };
}

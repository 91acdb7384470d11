import { toLocalDateTimeInput, type Coupon, type CouponBody, type Currency, type DiscountType } from '@shop/shared';
import { amountOf, fromPriceList, toPriceList, type PriceDraft } from '../common/PriceInputs';
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN, DATE_OUT_OF_RANGE, fromLocalInput } from '@shop/shared/src/contract';

/** The coupon modal's fields as typed (numbers and dates as the inputs hold them). */
export interface CouponDraft {
  code: string;
  discountType: DiscountType;
  /** A percentage's one percent. */
  percent: string;
  /** A fixed coupon's amount per currency; blank: the code cannot be used in that currency. */
  value: PriceDraft;
  /** Blank: no minimum in that currency. */
  minSubtotal: PriceDraft;
  /** datetime-local values; blank: no bound. */
  startsAt: string;
  endsAt: string;
  /** Blank: unlimited. */
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  active: boolean;
  products: string[];
}

export const emptyDraft: CouponDraft = {
  code: '', discountType: 'percentage', percent: '', value: {}, minSubtotal: {}, startsAt: '', endsAt: '',
  usageLimit: '', perCustomerLimit: '', firstOrderOnly: false, active: true, products: [],
};

const limitText = (n: number | null) => (n === null ? '' : String(n));

/** A saved coupon as the modal's fields (dates in local time, to the minute). */
export function draftOf(c: Coupon): CouponDraft {
  const percentage = c.discountType === 'percentage';
  return {
    code: c.code,
    discountType: c.discountType,
    percent: percentage && c.value.length ? String(c.value[0].amount) : '',
    value: percentage ? {} : fromPriceList(c.value),
    minSubtotal: fromPriceList(c.minSubtotal),
    startsAt: c.startsAt ? toLocalDateTimeInput(c.startsAt) : '',
    endsAt: c.endsAt ? toLocalDateTimeInput(c.endsAt) : '',
    usageLimit: limitText(c.usageLimit),
    perCustomerLimit: limitText(c.perCustomerLimit),
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    products: c.products,
  };
}

export type CouponErrors = Partial<Record<'code' | 'percent' | 'value' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perCustomerLimit', string>>;

const codePattern = new RegExp(COUPON_CODE_PATTERN);
const LIMIT_MAX = 1_000_000_000;
const limitError = (text: string) => {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= LIMIT_MAX ? undefined : 'A whole number from 1 (blank: unlimited)';
};
const time = (local: string) => (local ? new Date(local).getTime() : Number.NaN);

/** The server's rules (api/src/coupons), checked before sending so each message stands by its field. */
export function couponErrors(d: CouponDraft, currencies: Currency[]): CouponErrors {
  const errors: CouponErrors = {};
  const code = d.code.trim();
  if (!code) errors.code = 'Enter a code';
  else if (code.length > COUPON_CODE_MAX) errors.code = `At most ${COUPON_CODE_MAX} characters`;
  else if (!codePattern.test(code)) errors.code = 'Letters, digits, - and _ only (no spaces)';
  if (d.discountType === 'percentage') {
    const percent = amountOf(d.percent);
    if (percent === undefined || percent <= 0 || percent > 100) errors.percent = 'A percent above 0, up to 100';
  } else if (!toPriceList(currencies, d.value).some((p) => p.amount > 0)) {
    errors.value = 'Enter an amount in at least one currency';
  }
  // The contract's reading of dates, the server's: a year outside 1970-9999 is refused here first.
  if (d.startsAt && !fromLocalInput(d.startsAt)) errors.startsAt = DATE_OUT_OF_RANGE;
  if (d.endsAt && !fromLocalInput(d.endsAt)) errors.endsAt = DATE_OUT_OF_RANGE;
  else if (d.startsAt && d.endsAt && time(d.endsAt) <= time(d.startsAt)) errors.endsAt = 'The end must be after the start';
  const usage = limitError(d.usageLimit);
  if (usage) errors.usageLimit = usage;
  const perCustomer = limitError(d.perCustomerLimit);
  if (perCustomer) errors.perCustomerLimit = perCustomer;
  return errors;
}

const isoOf = (local: string) => (local ? fromLocalInput(local) : null);
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** What POST /coupons and PUT /coupons/{id} take: a percentage's one percent in every currency (the server refuses different ones). */
export function couponBody(d: CouponDraft, currencies: Currency[]): CouponBody {
  const percent = amountOf(d.percent) ?? 0;
  return {
    code: d.code.trim(),
    discountType: d.discountType,
    value: d.discountType === 'percentage' ? currencies.map((c) => ({ currType: c._id, amount: percent })) : toPriceList(currencies, d.value),
    minSubtotal: toPriceList(currencies, d.minSubtotal),
    startsAt: isoOf(d.startsAt),
    endsAt: isoOf(d.endsAt),
    usageLimit: limitOf(d.usageLimit),
    perCustomerLimit: limitOf(d.perCustomerLimit),
    firstOrderOnly: d.firstOrderOnly,
    active: d.active,
    products: d.products,
  };
}

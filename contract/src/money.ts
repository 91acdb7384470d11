import type { Discount, DiscountType, Price, Product, VariantOption } from './wire';

// The money rules of SPEC §9, once: the API charges with them (api/src/orders) and the browser previews
// with them (cart, product page, checkout), so a preview can never differ from the charge. Amounts travel
// as 2-decimal numbers; every sum runs in integer minor units (cents) so it never drifts.

export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => Math.round(minor) / 100;
/** An amount in minor units times an exchange rate or a factor, to the nearest minor unit (a new currency's prices filled from another's). */
/**
 * The discounts' line of an order or a preview: its total discount without the coupon's (issue 22),
 * which has a line of its own.
 */
export const discountWithoutCoupon = (totals: { totalDiscount: number; coupon: { amount: number } | null }): number =>
  Math.round((totals.totalDiscount - (totals.coupon?.amount ?? 0)) * 100) / 100;
export const convertMinor = (minor: number, factor: number): number => Math.round(minor * factor);

/** SPEC's label for a price a product has not got in the selected currency. */
export const NOT_AVAILABLE = 'Not Available';

/** What the rules read of a discount. */
export type DiscountRule = Pick<Discount, 'discountType' | 'timeLimit' | 'value'>;

/** The amount of a price list in one currency, or undefined when it has none. */
export function priceIn(prices: Price[] | undefined, currencyId: string): number | undefined {
  return prices?.find((p) => p.currType === currencyId)?.amount;
}

/** SPEC §9: a discount applies only while the current time is not past its timeLimit. */
export function isDiscountActive(discount: Pick<DiscountRule, 'timeLimit'>, now: Date = new Date()): boolean {
  const limit = new Date(discount.timeLimit).getTime();
  return Number.isFinite(limit) && now.getTime() <= limit;
}

/** A discount's value in one currency (0 where it has none); for a percentage, the percent. */
export function discountValueIn(discount: DiscountRule, currencyId: string): number {
  return discount.value.find((v) => v.currType === currencyId)?.amount ?? 0;
}

/**
 * What one discount takes off `amountMinor`: fixed = its value per unit (× units); percentage = that
 * share of the amount, rounded to the nearest minor unit (the percent read to two decimals).
 */
export function discountOff(discount: DiscountRule, amountMinor: number, units: number, currencyId: string): number {
  const value = toMinor(discountValueIn(discount, currencyId));
  return discount.discountType === 'percentage' ? Math.round((amountMinor * value) / 10000) : value * units;
}

/**
 * What a chosen option adds in a currency, minor units: its amount there. With none there: 0 when it
 * adds nothing in every currency it names (a size, or a Silver saved with blank or 0 increases: 0 is 0
 * in any currency, so a currency added later loses nothing), else null: not available in that currency
 * (a Gold +$40 with no EUR amount is never sold in EUR at the base price).
 */
export function increaseMinor(option: Pick<VariantOption, 'incRate'>, currencyId: string): number | null {
  const amount = priceIn(option.incRate, currencyId);
  if (amount !== undefined) return toMinor(amount);
  return (option.incRate ?? []).every((p) => p.amount === 0) ? 0 : null;
}

/** {@link increaseMinor} as an amount; undefined: not available in the currency. */
export function increaseIn(option: Pick<VariantOption, 'incRate'>, currencyId: string): number | undefined {
  const minor = increaseMinor(option, currencyId);
  return minor === null ? undefined : fromMinor(minor);
}

/**
 * SPEC §9 "Variant price": base price plus the increase of each chosen option, minor units; null when
 * the product, or a chosen option, has no price in the currency: it is not available in it, and nothing
 * may price it as 0.
 */
export function unitPriceMinor(product: Pick<Product, 'basePrice' | 'variants'>, optionIds: string[], currencyId: string): number | null {
  const base = priceIn(product.basePrice, currencyId);
  if (base === undefined) return null;
  let unit = toMinor(base);
  for (const variant of product.variants ?? []) {
    for (const option of variant.options) {
      if (!optionIds.includes(option._id)) continue;
      const increase = increaseMinor(option, currencyId);
      if (increase === null) return null;
      unit += increase;
    }
  }
  return unit;
}

/** {@link unitPriceMinor} as an amount; undefined: not available in the currency. */
export function unitPriceOf(product: Pick<Product, 'basePrice' | 'variants'>, selectedOptionIds: string[], currencyId: string): number | undefined {
  const minor = unitPriceMinor(product, selectedOptionIds, currencyId);
  return minor === null ? undefined : fromMinor(minor);
}

/** A unit price after the product's active discounts, never below zero (the product page's sale price). */
export function discountedUnitPrice(unitPrice: number, discounts: DiscountRule[], currencyId: string, now: Date = new Date()): number {
  const unitMinor = toMinor(unitPrice);
  const off = discounts.filter((d) => isDiscountActive(d, now)).reduce((sum, d) => sum + discountOff(d, unitMinor, 1, currencyId), 0);
  return fromMinor(Math.max(0, unitMinor - off));
}

// Coupons (issue 22, coupons.ts has the rest): what one takes off, by the same rules as the discounts.

/** What the rules read of a coupon to price it. */
export interface CouponRule {
  discountType: DiscountType;
  /** Per currency; for a percentage, the percent. */
  value: Price[];
  /** Product ids it covers; empty: the whole cart. */
  products: string[];
}

/** A coupon's value in one currency, minor units (for a percentage: the percent × 100); null: none there. */
export function couponValueMinor(rule: Pick<CouponRule, 'value'>, currencyId: string): number | null {
  const amount = rule.value.find((v) => v.currType === currencyId)?.amount;
  return amount === undefined ? null : Math.round(amount * 100);
}

/** Whether a coupon reaches a product (no list: every product). */
export const couponCovers = (rule: Pick<CouponRule, 'products'>, productId: string | undefined) =>
  !rule.products.length || (productId !== undefined && rule.products.includes(productId));

/**
 * What a coupon takes off `baseMinor` (the part of the order it covers, after product and user
 * discounts): a percentage of it rounded to the minor unit, or the fixed amount once per order;
 * never more than the base.
 */
export function couponOff(rule: CouponRule, baseMinor: number, currencyId: string): number {
  const value = couponValueMinor(rule, currencyId) ?? 0;
  const off = rule.discountType === 'percentage' ? Math.round((baseMinor * value) / 10000) : value;
  return Math.max(0, Math.min(off, baseMinor));
}

/** One cart or order line as the rules price it: unit price in minor units, options included. */
export interface Line {
  unit: number;
  quantity: number;
  discounts: DiscountRule[];
  /** Which product the line is (a coupon may cover only some). */
  productId?: string;
}

/** Every total in minor units, per line too. */
export interface TotalsMinor {
  lines: Array<{ unit: number; lineTotal: number; discount: number }>;
  subTotal: number;
  productDiscount: number;
  userDiscount: number;
  /** What the coupon took off (0 without one). */
  couponDiscount: number;
  /** The part of the subtotal after product discounts the coupon's products make up (all of it without a product list). */
  couponCovered: number;
  totalDiscount: number;
  total: number;
}

/**
 * Splits `amount` (≥ 0) over `weights` (≥ 0) in proportion, to the unit, summing exactly: each gets
 * the floor of its share, then the units left go one each to the largest remainders (the earlier line
 * on a tie). Weights summing to 0: all to the first (none when there is nothing).
 */
export function allot(amount: number, weights: number[]): number[] {
  const out = weights.map(() => 0);
  if (!weights.length || amount === 0) return out;
  const total = weights.reduce((s, w) => s + BigInt(Math.max(0, Math.round(w))), 0n);
  if (total === 0n) {
    out[0] = amount;
    return out;
  }
  const a = BigInt(Math.round(amount));
  const rema: Array<{ i: number; r: bigint }> = [];
  let given = 0n;
  weights.forEach((w, i) => {
    const n = a * BigInt(Math.max(0, Math.round(w)));
    const share = n / total;
    out[i] = Number(share);
    given += share;
    rema.push({ i, r: n % total });
  });
  let left = Number(a - given);
  rema.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (let k = 0; left > 0; k = (k + 1) % rema.length, left--) out[rema[k].i]++;
  return out;
}

/**
 * SPEC §9, then issue 22. Per line: lineTotal = unit × quantity, minus its active product discounts (capped at the
 * line). Then user discounts, each on the subtotal after product discounts (capped at it). Then the
 * coupon, on what remains of the lines it covers: their share of the user discount is taken first, in
 * proportion, so a code for one product never draws on the others. total = subtotal − product
 * discount − user discount − coupon, never below zero.
 */
export function computeTotals(lines: Line[], userDiscounts: DiscountRule[], currencyId: string, now: Date = new Date(), coupon?: CouponRule | null): TotalsMinor {
  let subTotal = 0;
  let productDiscount = 0;
  let covered = 0;
  const out = lines.map((line) => {
    const lineTotal = line.unit * line.quantity;
    const off = line.discounts.filter((d) => isDiscountActive(d, now)).reduce((sum, d) => sum + discountOff(d, lineTotal, line.quantity, currencyId), 0);
    const discount = Math.min(off, lineTotal);
    subTotal += lineTotal;
    productDiscount += discount;
    if (coupon && couponCovers(coupon, line.productId)) covered += lineTotal - discount;
    return { unit: line.unit, lineTotal, discount };
  });
  const after = subTotal - productDiscount;
  const userOff = userDiscounts.filter((d) => isDiscountActive(d, now)).reduce((sum, d) => sum + discountOff(d, after, 1, currencyId), 0);
  const userDiscount = Math.min(after, userOff);
  // What the coupon's lines have left after the user discount, that discount split over the lines as
  // lineNets (tax.ts) splits it: a coupon never takes more from its lines than they have there (a 100 %
  // coupon with a rounded share of the user discount left a line at -1 cent).
  const userShares = allot(userDiscount, out.map((l) => l.lineTotal - l.discount));
  const coveredLeft = coupon ? out.reduce((sum, l, i) => sum + (couponCovers(coupon, lines[i].productId) ? l.lineTotal - l.discount - userShares[i] : 0), 0) : 0;
  const couponDiscount = coupon ? couponOff(coupon, Math.min(coveredLeft, after - userDiscount), currencyId) : 0;
  const total = Math.max(0, after - userDiscount - couponDiscount);
  return { lines: out, subTotal, productDiscount, userDiscount, couponDiscount, couponCovered: covered, totalDiscount: productDiscount + userDiscount + couponDiscount, total };
}

/** A line as the browser holds it: unit price as an amount, options included. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
  discounts: DiscountRule[];
  productId?: string;
}

/** The totals as the API answers them (amounts with 2 decimals). */
export interface Totals {
  subTotalPrice: number;
  productDiscount: number;
  userDiscount: number;
  couponDiscount: number;
  totalDiscount: number;
  totalPrice: number;
}

/** Totals in minor units as the API answers them. */
export const totalsAsAmounts = (totals: TotalsMinor): Totals => ({
  subTotalPrice: fromMinor(totals.subTotal),
  productDiscount: fromMinor(totals.productDiscount),
  userDiscount: fromMinor(totals.userDiscount),
  couponDiscount: fromMinor(totals.couponDiscount),
  totalDiscount: fromMinor(totals.totalDiscount),
  totalPrice: fromMinor(totals.total),
});

/** {@link computeTotals} on amounts: the checkout's preview of what POST /order charges. */
export function applyDiscounts(lines: PricedLine[], userDiscounts: DiscountRule[], currencyId: string, now: Date = new Date(), coupon?: CouponRule | null): Totals {
  const lineMinor = lines.map((l) => ({ unit: toMinor(l.unitPrice), quantity: l.quantity, discounts: l.discounts, productId: l.productId }));
  return totalsAsAmounts(computeTotals(lineMinor, userDiscounts, currencyId, now, coupon));
}

/** Sum of one currency's amounts over price lists (e.g. the cart subtotal); undefined when one has none: never a partial sum. */
export function sumIn(priceLists: Price[][], currencyId: string): number | undefined {
  let sum = 0;
  for (const list of priceLists) {
    const amount = priceIn(list, currencyId);
    if (amount === undefined) return undefined;
    sum += toMinor(amount);
  }
  return fromMinor(sum);
}

// Sale prices (issue 22): the product page, the mini cart, the cart and the wishlist show a piece at
// what checkout charges for it, by the rules above.

/** What a price tag shows: the unit price with options, and what it sells for after the product's running discounts. */
export interface ShownPrice {
  /** Base price plus the chosen options' increases, in the currency. */
  original: number;
  /** After the product's active discounts (what the customer pays per unit). */
  final: number;
  discounted: boolean;
}

/** A price and what it sells for after the product's active discounts ({@link discountedUnitPrice}). */
export function saleOf(original: number, discounts: DiscountRule[], currencyId: string, now: Date = new Date()): ShownPrice {
  const final = discountedUnitPrice(original, discounts, currencyId, now);
  return { original, final, discounted: final < original };
}

/** A product's price tag with the chosen options; undefined when it has no price in the currency. */
export function shownPrice(product: Pick<Product, 'basePrice' | 'variants' | 'discounts'>, optionIds: string[], currencyId: string | undefined, now: Date = new Date()): ShownPrice | undefined {
  if (!currencyId) return undefined;
  const original = unitPriceOf(product, optionIds, currencyId);
  return original === undefined ? undefined : saleOf(original, product.discounts ?? [], currencyId, now);
}

/** A cart line as the cart shows it: its unit price in the currency (undefined: none there). */
export interface CartLinePrice {
  unitPrice: number | undefined;
  quantity: number;
  discounts: DiscountRule[];
}

/**
 * The cart's line totals and subtotal after product discounts, by {@link computeTotals} with no user
 * discount (account discounts and coupon codes come at checkout). A line with no price in the currency
 * has no total, and then neither has the cart: never a partial sum.
 */
export function saleTotals(lines: CartLinePrice[], currencyId: string, now: Date = new Date()): { lines: Array<number | undefined>; subtotal: number | undefined } {
  const priced = lines.flatMap((l) => (l.unitPrice === undefined ? [] : [{ unit: toMinor(l.unitPrice), quantity: l.quantity, discounts: l.discounts }]));
  const totals = computeTotals(priced, [], currencyId, now);
  let next = 0;
  const out = lines.map((l) => {
    if (l.unitPrice === undefined) return undefined;
    const { lineTotal, discount } = totals.lines[next++];
    return fromMinor(lineTotal - discount);
  });
  const subtotal = priced.length === lines.length ? fromMinor(totals.subTotal - totals.productDiscount) : undefined;
  return { lines: out, subtotal };
}

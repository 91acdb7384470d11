// The money rules of SPEC §9, in integer minor units. Pure functions: the cart, the order preview
// and POST /order all use them, and shared/src/money.ts applies the very same rules in the browser.
import type { DiscountOut } from '../discounts/queries.js';
import type { OptionOut, ProductOut } from '../catalog/products.js';
import { badRequest } from '../lib/errors.js';
import { toMinor, type Price } from '../lib/money.js';

/** A discount applies while now is not past its timeLimit. */
export const isActive = (d: Pick<DiscountOut, 'timeLimit'>, now: Date) => now.getTime() <= new Date(d.timeLimit).getTime();

/** The discount's value in one currency, minor units (for a percentage: hundredths of a percent). */
const valueIn = (d: DiscountOut, currencyId: string) => toMinor(d.value.find((v) => v.currType === currencyId)?.amount ?? 0);

/**
 * What one discount takes off `amount`: fixed = its value per unit (× units); percentage = that
 * share of the amount, rounded to the nearest minor unit.
 */
export function discountOff(d: DiscountOut, amount: number, units: number, currencyId: string): number {
  const v = valueIn(d, currencyId);
  return d.discountType === 'percentage' ? Math.round((amount * v) / 10000) : v * units;
}

const amountIn = (prices: Price[], currencyId: string) => prices.find((p) => p.currType === currencyId)?.amount;

/**
 * What a chosen option adds in a currency, minor units: its amount there. With none there: 0 when
 * it adds nothing in every currency it names (a size, or a Silver saved with blank or 0 increases,
 * as the demo and the admin's form save them: 0 is 0 in any currency, so a currency added later
 * loses nothing), else null: not available in that currency (a Gold +$40 with no EUR amount is never
 * sold in EUR at the base price).
 */
export function increaseMinor(option: Pick<OptionOut, 'incRate'>, currencyId: string): number | null {
  const amount = amountIn(option.incRate, currencyId);
  if (amount !== undefined) return toMinor(amount);
  return option.incRate.every((p) => p.amount === 0) ? 0 : null;
}

/**
 * Base price plus the increase of each chosen option, minor units; null when the product, or a
 * chosen option, has no price in the currency: it is not available in it, and nothing may price it
 * as 0.
 */
export function unitPriceMinor(product: Pick<ProductOut, 'basePrice' | 'variants'>, optionIds: string[], currencyId: string): number | null {
  const base = amountIn(product.basePrice, currencyId);
  if (base === undefined) return null;
  let unit = toMinor(base);
  for (const v of product.variants) {
    for (const o of v.options) {
      if (!optionIds.includes(o._id)) continue;
      const increase = increaseMinor(o, currencyId);
      if (increase === null) return null;
      unit += increase;
    }
  }
  return unit;
}

/** The 4xx for a product with no price in a currency; it names both. */
export const notAvailableIn = (title: string, currencyCode: string) => badRequest(`"${title}" is not available in ${currencyCode}`);

export interface Line {
  unit: number;
  quantity: number;
  discounts: DiscountOut[];
}
export interface Totals {
  lines: Array<{ unit: number; lineTotal: number; discount: number }>;
  subTotal: number;
  productDiscount: number;
  userDiscount: number;
  totalDiscount: number;
  total: number;
}

/**
 * Per line: lineTotal = unit × quantity, minus its product discounts (capped at the line).
 * Then user discounts, each on the subtotal after product discounts (capped at it).
 * total = subtotal − product discount − user discount, never below zero.
 */
export function computeTotals(lines: Line[], userDiscounts: DiscountOut[], currencyId: string, now = new Date()): Totals {
  let subTotal = 0;
  let productDiscount = 0;
  const out = lines.map((l) => {
    const lineTotal = l.unit * l.quantity;
    const off = l.discounts.filter((d) => isActive(d, now)).reduce((s, d) => s + discountOff(d, lineTotal, l.quantity, currencyId), 0);
    const discount = Math.min(off, lineTotal);
    subTotal += lineTotal;
    productDiscount += discount;
    return { unit: l.unit, lineTotal, discount };
  });
  const after = subTotal - productDiscount;
  const userOff = userDiscounts.filter((d) => isActive(d, now)).reduce((s, d) => s + discountOff(d, after, 1, currencyId), 0);
  const userDiscount = Math.min(after, userOff);
  const total = Math.max(0, after - userDiscount);
  return { lines: out, subTotal, productDiscount, userDiscount, totalDiscount: productDiscount + userDiscount, total };
}

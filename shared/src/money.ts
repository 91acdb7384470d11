import type { Discount, Price, Product, VariantOption } from './types';

// The one money module. Amounts arrive as 2-decimal numbers; all arithmetic runs in integer
// minor units (cents) so that sums never drift, and results go back as 2-decimal numbers.
// The server applies the very same rules when it charges (api/src/orders): these only preview.

export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => minor / 100;

/** The amount of a price list in one currency, or undefined when it has none. */
export function priceIn(prices: Price[] | undefined, currencyId: string): number | undefined {
  return prices?.find((p) => p.currType === currencyId)?.amount;
}

function currencyIdOf(currType: Discount['value'][number]['currType']): string {
  return typeof currType === 'string' ? currType : currType._id;
}

/** SPEC §9: a discount applies only while the current time is not past its timeLimit. */
export function isDiscountActive(discount: Discount, now: Date = new Date()): boolean {
  const limit = new Date(discount.timeLimit).getTime();
  return Number.isFinite(limit) && now.getTime() <= limit;
}

export function discountValueIn(discount: Discount, currencyId: string): number {
  return discount.value.find((v) => currencyIdOf(v.currType) === currencyId)?.amount ?? 0;
}

/** What one discount takes off an amount (minor units): fixed per unit, or a percentage share. */
function discountOff(discount: Discount, amountMinor: number, units: number, currencyId: string): number {
  const value = discountValueIn(discount, currencyId);
  if (discount.discountType === 'percentage') return Math.round((amountMinor * value) / 100);
  return toMinor(value) * units;
}

/**
 * What an option adds to the price in one currency, as the server charges it (api/src/orders/pricing.ts):
 * its amount there; with none there, 0 when it adds nothing in every currency it names (a size, a
 * Silver saved with blank or 0 increases: nothing to convert), else undefined: not available in that
 * currency (a Gold +$40 with no EUR amount is never sold in EUR at the base price).
 */
export function increaseIn(option: Pick<VariantOption, 'incRate'>, currencyId: string): number | undefined {
  const amount = priceIn(option.incRate, currencyId);
  if (amount !== undefined) return amount;
  return (option.incRate ?? []).every((p) => p.amount === 0) ? 0 : undefined;
}

/** Base price plus the incRate of each chosen option, in one currency (SPEC §9 "Variant price"); undefined when not available in it. */
export function unitPriceOf(product: Pick<Product, 'basePrice' | 'variants'>, selectedOptionIds: string[], currencyId: string): number | undefined {
  const base = priceIn(product.basePrice, currencyId);
  if (base === undefined) return undefined;
  let minor = toMinor(base);
  for (const variant of product.variants ?? []) {
    for (const option of variant.options) {
      if (!selectedOptionIds.includes(option._id)) continue;
      const increase = increaseIn(option, currencyId);
      if (increase === undefined) return undefined;
      minor += toMinor(increase);
    }
  }
  return fromMinor(minor);
}

/** A unit price after the product's active discounts, never below zero. */
export function discountedUnitPrice(unitPrice: number, discounts: Discount[], currencyId: string, now: Date = new Date()): number {
  const unitMinor = toMinor(unitPrice);
  const off = discounts.filter((d) => isDiscountActive(d, now)).reduce((sum, d) => sum + discountOff(d, unitMinor, 1, currencyId), 0);
  return fromMinor(Math.max(0, unitMinor - off));
}

export interface PricedLine {
  /** Unit price in the currency, options included. */
  unitPrice: number;
  quantity: number;
  discounts: Discount[];
}

export interface Totals {
  subTotalPrice: number;
  productDiscount: number;
  userDiscount: number;
  totalDiscount: number;
  totalPrice: number;
}

/**
 * SPEC §9: product discounts per line (fixed: amount per unit; percentage: share of the line
 * total), then user discounts on the subtotal after product discounts; total never below zero.
 */
export function applyDiscounts(lines: PricedLine[], userDiscounts: Discount[], currencyId: string, now: Date = new Date()): Totals {
  let subTotal = 0;
  let productOff = 0;
  for (const line of lines) {
    const lineMinor = toMinor(line.unitPrice) * line.quantity;
    subTotal += lineMinor;
    const off = line.discounts
      .filter((d) => isDiscountActive(d, now))
      .reduce((sum, d) => sum + discountOff(d, lineMinor, line.quantity, currencyId), 0);
    productOff += Math.min(off, lineMinor);
  }
  const afterProducts = subTotal - productOff;
  const userOff = Math.min(
    afterProducts,
    userDiscounts.filter((d) => isDiscountActive(d, now)).reduce((sum, d) => sum + discountOff(d, afterProducts, 1, currencyId), 0),
  );
  const total = Math.max(0, afterProducts - userOff);
  return {
    subTotalPrice: fromMinor(subTotal),
    productDiscount: fromMinor(productOff),
    userDiscount: fromMinor(userOff),
    totalDiscount: fromMinor(productOff + userOff),
    totalPrice: fromMinor(total),
  };
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

/** SPEC's label for a price a product has not got in the selected currency. */
export const NOT_AVAILABLE = 'Not Available';

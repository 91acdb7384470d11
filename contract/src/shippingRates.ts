import { toMinor } from './money';
import type { Product } from './wire';

// Issue 39: what a shipping method costs. A method has, per currency, bands: flat (one band, upTo
// null), by the parcel's weight (upTo in grams), or by the order's value (upTo in the currency's
// amount, measured on the declared basis: tax.ts freeShippingBasis); optionally free at or above an
// amount per currency (same basis). The first band whose upTo is at or above the measure prices it;
// past the last bounded band the method does not apply (a parcel too heavy for it).

export type RateType = 'flat' | 'weight' | 'value';

export interface BandRule {
  upTo: number | null;
  amount: number;
}

export interface MethodRule {
  type: RateType;
  rates: Array<{ currType: string; bands: BandRule[] }>;
  freeOver?: Array<{ currType: string; amount: number }>;
}

/** What a method costs for a parcel in a currency, minor units; null: it does not apply (no rate there, or past its last band). */
export function shippingPriceMinor(method: MethodRule, currencyId: string, parcel: { weightGrams: number; basisMinor: number }): { amount: number; free: boolean } | null {
  const rate = method.rates.find((r) => r.currType === currencyId);
  if (!rate) return null;
  const measure = method.type === 'weight' ? parcel.weightGrams : method.type === 'value' ? parcel.basisMinor : 0;
  const band = rate.bands.find((b) => b.upTo === null || measure <= (method.type === 'value' ? toMinor(b.upTo) : b.upTo));
  if (!band) return null;
  const threshold = method.freeOver?.find((f) => f.currType === currencyId);
  if (threshold && parcel.basisMinor >= toMinor(threshold.amount)) return { amount: 0, free: true };
  return { amount: toMinor(band.amount), free: false };
}

/**
 * What is wrong with a rate's bands, or null: a flat rate is one band without a bound; otherwise the
 * bounds rise strictly (a band whose bound is not above the one before overlaps it), weights are whole
 * grams, amounts have at most 2 decimals, and only the last band may be unbounded (a band after it is
 * never reached: a gap in the list).
 */
export function bandsProblem(type: RateType, bands: BandRule[]): string | null {
  if (!bands.length) return 'needs at least one band';
  if (type === 'flat') return bands.length === 1 && bands[0].upTo === null ? null : 'a flat rate is one band with upTo null';
  for (let i = 0; i < bands.length; i++) {
    const { upTo, amount } = bands[i];
    if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return `band ${i + 1}: amount has more than 2 decimals`;
    if (upTo === null) {
      if (i !== bands.length - 1) return `band ${i + 2} comes after an unbounded band: it leaves a gap (only the last band may have upTo null)`;
      continue;
    }
    if (type === 'weight' && !Number.isInteger(upTo)) return `band ${i + 1}: upTo is whole grams`;
    const prev = i > 0 ? bands[i - 1].upTo : null;
    if (prev !== null && upTo <= prev) return `band ${i + 1} overlaps band ${i} (upTo must rise)`;
  }
  return null;
}

/** One piece's weight with the chosen options, grams: the product's plus each chosen option's. */
export function unitWeight(product: Pick<Product, 'weight' | 'variants'>, optionIds: string[]): number {
  let grams = product.weight ?? 0;
  for (const variant of product.variants ?? []) for (const o of variant.options) if (optionIds.includes(o._id)) grams += o.weight ?? 0;
  return grams;
}

/** The cheapest first (then by name): how the methods are offered, and which one an order without a choice takes. */
export const byPrice = <T extends { amount: number; name: string }>(a: T, b: T) => a.amount - b.amount || a.name.localeCompare(b.name);

// Money is integer minor units inside (stored as PriceMaps); the API shows price lists with 2 decimals.
// The rules themselves (rounding, discounts, option increases) are @shop/contract's.
import { fromMinor, type Price, toMinor } from '@shop/contract';

export { fromMinor, type Price, toMinor };
/** A price list as stored: currency id -> minor units. */
export type PriceMap = Record<string, number>;

/**
 * One entry per currency that has an amount, in the shop's currency order. A currency with no amount
 * is left out, never sent as 0: a product without a price in a currency is not available in it
 * (issue 16: a missing price read as 0 made orders free).
 */
export function toPriceList(map: PriceMap, currencyIds: string[]): Price[] {
  return currencyIds.flatMap((id) => (map[id] === undefined || map[id] === null ? [] : [{ currType: id, amount: fromMinor(map[id]) }]));
}

/** A discount's values: one per currency, 0 where it has none (it takes nothing off in that currency). */
export function toDiscountValues(map: PriceMap, currencyIds: string[]): Price[] {
  return currencyIds.map((id) => ({ currType: id, amount: fromMinor(map[id] ?? 0) }));
}

/** From the client's list (currType may be an id or an object with _id) to minor units. */
export function fromPriceList(list: Array<{ currType: string | { _id: string }; amount: number }> | undefined): PriceMap {
  const map: PriceMap = {};
  for (const p of list ?? []) {
    const id = typeof p.currType === 'string' ? p.currType : p.currType._id;
    map[id] = toMinor(p.amount);
  }
  return map;
}

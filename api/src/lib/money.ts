// Money is integer minor units inside; the API shows numbers with 2 decimals.
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => Math.round(minor) / 100;

export interface Price {
  currType: string;
  amount: number;
}
/** A price list as stored: currency id -> minor units. */
export type PriceMap = Record<string, number>;

/** One entry per currency, in the shop's currency order; a missing currency is 0. */
export function toPriceList(map: PriceMap, currencyIds: string[]): Price[] {
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

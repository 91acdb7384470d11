import { priceIn, saleOf, saleTotals, sumIn, type CartItem, type ShownPrice } from '@shop/shared';

/** The chosen option names of a cart line, e.g. "Gold, 7". */
export const optionNames = (item: CartItem): string => item.options.map((o) => o.selectedOption.name).join(', ');

/** A line's unit price in one currency (the server sends it; older answers only the line total). */
export function unitPriceIn(item: CartItem, currencyId: string): number | undefined {
  const unit = priceIn(item.unitPrice, currencyId);
  if (unit !== undefined) return unit;
  const total = priceIn(item.totalPrice, currencyId);
  return total === undefined ? undefined : Math.round((total * 100) / Math.max(1, item.quantity)) / 100;
}

export const lineTotalIn = (item: CartItem, currencyId: string): number | undefined => priceIn(item.totalPrice, currencyId);

/** SPEC §2: the cart total is the sum over items of their amount in the selected currency; undefined when a line has none. */
export const cartSubtotal = (items: CartItem[], currencyId: string): number | undefined => sumIn(items.map((i) => i.totalPrice), currencyId);

/** A line's price tags: its unit price and its total, each struck through where the product's discounts lower it. */
export interface LinePrices {
  unit: ShownPrice | undefined;
  total: ShownPrice | undefined;
}

/**
 * The cart at its sale prices (issue 22), by the contract's rules: each line's tags, and the subtotal
 * after product discounts (account discounts and coupon codes come at checkout); undefined where a
 * line has no price in the currency, and then the subtotal too (never a partial sum).
 */
export function cartPrices(items: CartItem[], currencyId: string): { lines: LinePrices[]; subtotal: number | undefined } {
  const discountsOf = (item: CartItem) => item.product.discounts ?? [];
  const sale = saleTotals(items.map((item) => ({ unitPrice: unitPriceIn(item, currencyId), quantity: item.quantity, discounts: discountsOf(item) })), currencyId);
  const lines = items.map((item, i) => {
    const unit = unitPriceIn(item, currencyId);
    const total = lineTotalIn(item, currencyId);
    const saleTotal = sale.lines[i];
    return {
      unit: unit === undefined ? undefined : saleOf(unit, discountsOf(item), currencyId),
      total: total === undefined || saleTotal === undefined ? undefined : { original: total, final: saleTotal, discounted: saleTotal < total },
    };
  });
  return { lines, subtotal: sale.subtotal };
}

/** How many pieces are in the cart (the badge count is the number of lines, as the spec's cartLength). */
export const pieceCount = (items: CartItem[]): number => items.reduce((n, i) => n + i.quantity, 0);

/** Issue 17: a line asks for more than can be bought now (none left, or fewer than its quantity): the order would be refused. */
export const blocksOrder = (item: CartItem): boolean => item.availableQuantity !== null && item.availableQuantity < item.quantity;

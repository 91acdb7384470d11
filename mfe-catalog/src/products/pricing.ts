import { discountedUnitPrice, unitPriceOf, type Product } from '@shop/shared';

// SPEC §3's New badge: the contract's rule, the same in the server's first view.
export { isNewProduct } from '@shop/shared';

/** What a price tag shows: the unit price with options, and after the product's running discounts. */
export interface ShownPrice {
  /** Base price plus the chosen options' increases, in the currency. */
  original: number;
  /** After the product's active discounts (what the customer pays per unit). */
  final: number;
  discounted: boolean;
}

/** SPEC §9 through the one money module; undefined when the product has no price in the currency. */
export function shownPrice(product: Pick<Product, 'basePrice' | 'variants' | 'discounts'>, optionIds: string[], currencyId: string | undefined): ShownPrice | undefined {
  if (!currencyId) return undefined;
  const original = unitPriceOf(product, optionIds, currencyId);
  if (original === undefined) return undefined;
  const final = discountedUnitPrice(original, product.discounts ?? [], currencyId);
  return { original, final, discounted: final < original };
}

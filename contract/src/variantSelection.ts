import { increaseIn } from './money';
import { availableQuantity, combinationsOf } from './stock';
import type { Product, VariantOption } from './wire';

// Which options a piece is offered with: the product page's variant selector and the wishlist's
// 'Add to cart' (issue 22) start from the same choice.

/** variantId -> chosen optionId */
export type OptionSelection = Record<string, string>;

/** SPEC §2: an option that is not in stock or not active cannot be chosen. */
export const isSelectable = (option: VariantOption): boolean => option.isActive && option.inStock;

type StockOf = Pick<Product, 'variants' | 'trackInventory' | 'stock'>;

/**
 * The options of a product that tracks its inventory whose every combination is out of stock (issue
 * 17): shown like an out-of-stock option. Empty when nothing is counted or the grid is too large to list.
 */
export function soldOutOptions(product: StockOf): Set<string> {
  const soldOut = new Set<string>();
  const combinations = product.trackInventory ? combinationsOf(product.variants) : null;
  if (!combinations) return soldOut;
  for (const variant of product.variants) {
    for (const option of variant.options) {
      const withIt = combinations.filter((c) => c.includes(option._id));
      if (withIt.length && withIt.every((c) => availableQuantity(product, c) === 0)) soldOut.add(option._id);
    }
  }
  return soldOut;
}

/**
 * SPEC §4: each variant defaults to its first option. When the first one cannot be chosen
 * (inactive, out of stock, or not available in the selected currency) the first one that can is
 * taken, so a default is never a disabled option; one with none of its combinations in stock comes
 * after those that have some.
 */
export function defaultSelection(product: StockOf, currencyId?: string): OptionSelection {
  const selection: OptionSelection = {};
  const priced = (option: VariantOption) => !currencyId || increaseIn(option, currencyId) !== undefined;
  const soldOut = soldOutOptions(product);
  for (const variant of product.variants ?? []) {
    const option =
      variant.options.find((o) => isSelectable(o) && priced(o) && !soldOut.has(o._id)) ??
      variant.options.find((o) => isSelectable(o) && priced(o)) ??
      variant.options.find(isSelectable) ??
      variant.options[0];
    if (option) selection[variant._id] = option._id;
  }
  return selection;
}

/** The chosen options as the cart wants them: [{variantId, optionId}] in variant order. */
export function selectedOptions(product: Pick<Product, 'variants'>, selection: OptionSelection): Array<{ variantId: string; optionId: string }> {
  return (product.variants ?? [])
    .filter((variant) => selection[variant._id])
    .map((variant) => ({ variantId: variant._id, optionId: selection[variant._id] }));
}

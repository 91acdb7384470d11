import { increaseIn, type Product, type VariantOption } from '@shop/shared';

/** variantId -> chosen optionId */
export type Selection = Record<string, string>;

/** SPEC §2: an option that is not in stock or not active cannot be chosen. */
export const isSelectable = (option: VariantOption): boolean => option.isActive && option.inStock;

/**
 * SPEC §4: each variant defaults to its first option. When the first one cannot be chosen
 * (inactive, out of stock, or not available in the selected currency) the first one that can is
 * taken, so a default is never a disabled option.
 */
export function defaultSelection(product: Pick<Product, 'variants'>, currencyId?: string): Selection {
  const selection: Selection = {};
  const priced = (option: VariantOption) => !currencyId || increaseIn(option, currencyId) !== undefined;
  for (const variant of product.variants ?? []) {
    const option = variant.options.find((o) => isSelectable(o) && priced(o)) ?? variant.options.find(isSelectable) ?? variant.options[0];
    if (option) selection[variant._id] = option._id;
  }
  return selection;
}

/** The chosen options as the cart wants them: [{variantId, optionId}] in variant order. */
export function selectedOptions(product: Pick<Product, 'variants'>, selection: Selection): Array<{ variantId: string; optionId: string }> {
  return (product.variants ?? [])
    .filter((variant) => selection[variant._id])
    .map((variant) => ({ variantId: variant._id, optionId: selection[variant._id] }));
}

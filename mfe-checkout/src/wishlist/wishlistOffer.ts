import { shownPrice, type ShownPrice, type WishlistItem } from '@shop/shared';
import { defaultSelection, selectedOptions } from '@shop/shared/src/contract';

/** How the wishlist offers a piece: with the options the product page starts from, and its price tag with them. */
export interface WishlistOffer {
  options: Array<{ variantId: string; optionId: string }>;
  /** Undefined: no price in the currency ('Not Available'). */
  price: ShownPrice | undefined;
}

/** Issue 22: the product page's default options (the first that can be bought) and its sale price, by the contract's rules. */
export function wishlistOffer(item: WishlistItem, currencyId: string | undefined): WishlistOffer {
  const options = selectedOptions(item, defaultSelection(item, currencyId));
  return { options, price: shownPrice(item, options.map((o) => o.optionId), currencyId) };
}

/**
 * Issue 38: whether the piece asks a choice of the shopper (a variant with two options or more that can
 * be bought: a ring's size); then the wishlist opens the product page to choose, never adds a default.
 */
export const needsChoice = (item: Pick<WishlistItem, 'variants'>): boolean =>
  item.variants.some((variant) => variant.options.filter((option) => option.isActive !== false && option.inStock !== false).length > 1);

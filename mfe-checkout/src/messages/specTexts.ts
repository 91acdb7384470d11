// SPEC's English words that tests and pages name as constants (CartPage, WishlistPage re-export them);
// the English catalogue (./en.ts) takes them from here, so each is written once.
export const EMPTY_CART = 'Nothing in Cart. Please select from the Shop.';
export const EMPTY_WISHLIST = 'Nothing in Wishlist. Please select from the Shop.';
/** Under a subtotal at sale prices (issue 22): what checkout may still take off. */
export const CHECKOUT_DISCOUNTS_NOTE = 'Sale prices are included. Account discounts and your coupon are taken off at checkout.';
/** Shown when a line asks for more than is left (issue 17): the order would be refused. */
export const STOCK_SHORT = 'Some items have sold out or have fewer left than in your cart. Change or remove them to check out.';

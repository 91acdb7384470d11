// SPEC §3's New badge and SPEC §9's price tag: the contract's rules, the same in the server's first
// view, the cart and the wishlist.
export { isNewProduct, shownPrice, type ShownPrice } from '@shop/shared';

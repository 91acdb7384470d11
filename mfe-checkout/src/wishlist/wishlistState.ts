import { call, type WishlistItem } from '@shop/shared';
import { createCollection, type CollectionState } from '../state/collection';

/** The wishlist slice: items, status, error, length. */
export const wishlist = createCollection<WishlistItem>('wishlist');
export const wishlistAtom = wishlist.atom;
export type WishlistState = CollectionState<WishlistItem>;

export const fetchWishlist = () => wishlist.load();
export const clearWishlist = () => wishlist.clear();
export const addToWishlist = (productId: string) => wishlist.mutate(() => call('addToWishlist', { params: { id: productId } }));
export const removeFromWishlist = (productId: string) => wishlist.mutate(() => call('removeFromWishlist', { params: { id: productId } }));

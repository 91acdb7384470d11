import { call, guestCartToken, keepGuestCart, sessionAtom, shopStore, type CartItem } from '@shop/shared';
import { createCollection, type CollectionState } from '../state/collection';

/** The cart slice: items, status (idle/loading/succeeded/failed), error, length. */
export const cart = createCollection<CartItem>('cart');
export const cartAtom = cart.atom;
export type CartState = CollectionState<CartItem>;

export const fetchCart = () => cart.load();
export const clearCart = () => cart.clear();

export interface AddToCartBody {
  productId: string;
  options: Array<{ variantId: string; optionId: string }>;
  quantity: number;
  /** The shopper's currency: the server refuses a product with no price in it. */
  selectedCurr?: string;
}

export const addToCart = async (body: AddToCartBody) => {
  // Issue 40: signed out (guest checkout on), the first add opens an anonymous cart the browser keeps.
  if (!shopStore.get(sessionAtom).token && !guestCartToken()) {
    const { data } = await call('createGuestCart');
    keepGuestCart(data.cartToken, data.expiresAt);
  }
  return cart.mutate(() => call('addToCart', { body }));
};
export const removeFromCart = (itemId: string) => cart.mutate(() => call('removeFromCart', { params: { id: itemId } }));

/** SPEC §4: quantity changes by one; going below 1 removes the item. */
export function setCartQuantity(itemId: string, quantity: number) {
  if (quantity < 1) return removeFromCart(itemId);
  return cart.mutate(() => call('changeCartQuantity', { params: { id: itemId }, body: { quantity } }));
}

import { useEffect } from 'react';
import { CART_TOKEN_HEADER, call, forgetGuestCart, guestCartToken, useAtomValue, sessionAtom, shopStore } from '@shop/shared';
import { cart, type CartState } from '../cart/cartState';
import { forgetCoupon } from '../coupon/couponState';
import { wishlist, type WishlistState } from '../wishlist/wishlistState';

function clearBoth() {
  cart.clear();
  wishlist.clear();
}

let lastToken: string | null = null;
let unsubscribe: (() => void) | null = null;

function follow(token: string) {
  if (token === lastToken) return;
  // A code applied in this tab is the shopper's who applied it: signing out or in as someone else drops it
  // (not the page's first follow, which keeps the one remembered across a reload).
  if (lastToken !== null) forgetCoupon();
  lastToken = token;
  clearBoth();
  // Without a token, load() settles on an empty list without calling the server.
  void mergeGuestCart(token).finally(() => void cart.load());
  void wishlist.load();
}

/**
 * Issue 40: signing in (or registering) with a guest cart in this browser merges it into the account's
 * (the server's one rule: same piece added, capped by stock; others kept) and spends its token.
 */
async function mergeGuestCart(token: string) {
  const cartToken = guestCartToken();
  if (!token || !cartToken) return;
  try {
    await call('mergeGuestCart', { headers: { [CART_TOKEN_HEADER]: cartToken } });
  } catch {
    /* a token already spent or expired: nothing to merge */
  }
  forgetGuestCart();
}

/**
 * Cart and wishlist follow the session (SPEC §4): loaded only when there is a token, cleared
 * when it goes away (logout, or a 401 to any call made with it), reloaded for a new one.
 * One subscription for the page, however many fragments start it.
 */
export function startShopSync(): void {
  if (unsubscribe) return;
  unsubscribe = shopStore.sub(sessionAtom, () => follow(shopStore.get(sessionAtom).token));
  follow(shopStore.get(sessionAtom).token);
}

/** Tests: forget the subscription so the next start loads again. */
export function stopShopSync(): void {
  unsubscribe?.();
  unsubscribe = null;
  lastToken = null;
}

export function useShopSync(): void {
  useEffect(() => startShopSync(), []);
}

/** The cart, kept in step with the session (loaded when signed in, cleared when not). */
export function useCart(): CartState {
  useShopSync();
  return useAtomValue(cart.atom);
}

export function useWishlist(): WishlistState {
  useShopSync();
  return useAtomValue(wishlist.atom);
}

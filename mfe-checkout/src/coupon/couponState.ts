import { atom, shopStore, useAtomValue } from '@shop/shared';
import { couponKey } from '@shop/shared/src/contract';

/** The shopper's coupon code (issue 22), shared by the cart and checkout pages. */
export interface CouponState {
  /** The code applied: sent with every preview and with the order. null: none. */
  code: string | null;
  /** The last code the server refused, with its reason; shown at the field until the shopper types or applies again. */
  refusal: { code: string; message: string } | null;
}

// sessionStorage: the code outlives a reload of the tab, not the visit.
const STORAGE_KEY = 'shop.coupon';

function storedCode(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export const couponAtom = atom<CouponState>({ code: storedCode(), refusal: null });

function setCoupon(next: CouponState) {
  shopStore.set(couponAtom, next);
  try {
    if (next.code) sessionStorage.setItem(STORAGE_KEY, next.code);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the code lasts as long as the page.
  }
}

export const useCoupon = () => useAtomValue(couponAtom);
export const couponCode = () => shopStore.get(couponAtom).code;

export function applyCoupon(code: string) {
  const trimmed = code.trim();
  if (trimmed) setCoupon({ code: trimmed, refusal: null });
}

/** The server refused the applied code: it leaves the totals and the order, and its reason is shown. */
export function refuseCoupon(code: string, message: string) {
  const current = shopStore.get(couponAtom).code;
  if (current !== null && couponKey(current) === couponKey(code)) setCoupon({ code: null, refusal: { code, message } });
}

export function clearCouponRefusal() {
  const state = shopStore.get(couponAtom);
  if (state.refusal) setCoupon({ ...state, refusal: null });
}

/** Remove, an order placed with it, or another shopper signing in. */
export const forgetCoupon = () => setCoupon({ code: null, refusal: null });

// Issue 40, guests: the anonymous cart's token, which the browser keeps for 30 days (the server's own
// expiry). Sent as X-Cart-Token by the one API client on every call made without a session (api.ts), and
// spent by the merge when the shopper signs in (mfe-checkout sessionSync).

/** localStorage key of the guest cart's token and its expiry. */
export const GUEST_CART_STORAGE_KEY = 'guestCart';

interface Stored {
  token: string;
  expiresAt: string;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The token while it lives; an expired or unreadable one is forgotten. */
export function guestCartToken(): string | null {
  const raw = storage()?.getItem(GUEST_CART_STORAGE_KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Stored;
    if (typeof s.token === 'string' && new Date(s.expiresAt).getTime() > Date.now()) return s.token;
  } catch {
    /* forgotten below */
  }
  forgetGuestCart();
  return null;
}

export function keepGuestCart(token: string, expiresAt: string): void {
  storage()?.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ token, expiresAt } satisfies Stored));
}

export function forgetGuestCart(): void {
  storage()?.removeItem(GUEST_CART_STORAGE_KEY);
}

import { apiErrorMessage, call, urlOf, useLoad, type Address, type CartItem } from '@shop/shared';
import { refuseCoupon, useCoupon } from '../coupon/couponState';
import { previewWithCoupon } from '../coupon/previewWithCoupon';

const NO_ADDRESSES: Address[] = [];

/** The saved addresses (failures are silent, SPEC §8); the first one is preselected by the page. */
export function useSavedAddresses(signedIn: boolean) {
  const saved = useLoad(signedIn && urlOf('myAddresses'), () => call('myAddresses').then(({ data }) => (Array.isArray(data) ? data : [])), { keep: true });
  return { addresses: saved.data ?? NO_ADDRESSES, loading: saved.status === 'loading' };
}

/** The wallet client id, or null when wallet payments are not configured. */
export function useWalletClientId(signedIn: boolean): string | null {
  const wallet = useLoad(
    signedIn && urlOf('paypalClient'),
    () => call('paypalClient').then(({ data }) => (typeof data?.clientId === 'string' && data.clientId ? data.clientId : null)),
    { keep: true },
  );
  return wallet.data ?? null;
}

/**
 * What POST /order will charge, computed by the server with the applied coupon; refreshed when the cart,
 * the currency or the code changes. A code that does not apply (any more) is dropped with its reason
 * (couponState), and the totals without it are shown. `onlyWithCoupon`: the cart page asks only to check a code.
 */
export function useOrderPreview(currencyId: string | undefined, items: CartItem[], { onlyWithCoupon = false } = {}) {
  const { code } = useCoupon();
  const cartKey = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  const wanted = currencyId && cartKey && (code || !onlyWithCoupon);
  // keep: the last total (or error) stays on screen while the next one is computed.
  const preview = useLoad(wanted && `${currencyId} ${cartKey} ${code ?? ''}`, () => previewWithCoupon(currencyId ?? '', code), {
    keep: true,
    onSuccess: ({ refused }) => {
      if (refused) refuseCoupon(refused.code, refused.message);
    },
  });
  const error = preview.error === undefined ? null : apiErrorMessage(preview.error, 'Could not compute the order total.');
  return { preview: preview.data?.totals ?? null, error, loading: preview.status === 'loading', recheck: preview.reload };
}

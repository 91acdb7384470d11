import { apiErrorMessage, apiStatus, call, urlOf, useLoad, type Address, type CartItem } from '@shop/shared';
import { refuseCoupon, useCoupon } from '../coupon/couponState';
import { previewWithCoupon, type PreviewShipping } from '../coupon/previewWithCoupon';
import type { ShippingChoice } from './ShippingMethods';

const NO_ADDRESSES: Address[] = [];
const NO_SHIPPING: PreviewShipping = {};

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

/** Issue 40: Card is offered when the shop has Stripe's keys: the publishable key and where Stripe.js is (null: not offered). */
export function useCardConfig(signedIn: boolean): { publishableKey: string; jsUrl: string } | null {
  const card = useLoad(
    signedIn && urlOf('cardConfig'),
    () => call('cardConfig').then(({ data }) => (data?.publishableKey && data.jsUrl ? { publishableKey: data.publishableKey, jsUrl: data.jsUrl } : null)),
    { keep: true },
  );
  return card.data ?? null;
}

/**
 * What POST /order will charge, computed by the server with the applied coupon; refreshed when the cart,
 * the currency or the code changes. A code that does not apply (any more) is dropped with its reason
 * (couponState), and the totals without it are shown. `onlyWithCoupon`: the cart page asks only to check a code.
 */
export function useOrderPreview(currencyId: string | undefined, items: CartItem[], { onlyWithCoupon = false, shipping = NO_SHIPPING }: { onlyWithCoupon?: boolean; shipping?: PreviewShipping } = {}) {
  const { code } = useCoupon();
  const cartKey = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  const wanted = currencyId && cartKey && (code || !onlyWithCoupon);
  // Issue 39: where it ships and how are part of what is asked (a new country or method, a new preview).
  const shippingKey = JSON.stringify(shipping);
  // keep: the last total (or error) stays on screen while the next one is computed.
  const preview = useLoad(wanted && `${currencyId} ${cartKey} ${code ?? ''} ${shippingKey}`, () => previewWithCoupon(currencyId ?? '', code, shipping), {
    keep: true,
    onSuccess: ({ refused }) => {
      if (refused) refuseCoupon(refused.code, refused.message);
    },
  });
  const error = preview.error === undefined ? null : apiErrorMessage(preview.error, 'Could not compute the order total.');
  return { preview: preview.data?.totals ?? null, error, loading: preview.status === 'loading', recheck: preview.reload };
}

/**
 * Issue 39: the shipping methods for a country, priced for this cart in this currency (GET
 * /shipping/methods); asked again when the country, the currency, the cart or the code changes. A 400
 * is a country no zone covers; [] a shop without shipping set up.
 */
export function useShippingOptions(country: string, currencyId: string | undefined, items: CartItem[], couponCode: string | null) {
  const cartKey = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  const query = { country, currency: currencyId ?? '', ...(couponCode ? { couponCode } : {}) };
  const url = Boolean(country && currencyId && cartKey) && urlOf('shippingOptions', { query });
  const loaded = useLoad(url && `${url} ${cartKey}`, () => call('shippingOptions', { query }).then(({ data }) => ({ country, options: data })), { keep: true });
  // While the next answer comes, the last one stays only if it is this country's (a cart change, not a move).
  const last = loaded.data?.country === country ? loaded.data.options : undefined;
  let choice: ShippingChoice;
  if (!country) choice = { state: 'noCountry' };
  else if (loaded.status === 'failed') choice = { state: apiStatus(loaded.error) === 400 ? 'notShipped' : 'failed' };
  else if (loaded.status === 'succeeded' || last) choice = last ? { state: 'ready', options: last } : { state: 'loading' };
  else choice = { state: 'loading' };
  return { choice, reload: loaded.reload };
}

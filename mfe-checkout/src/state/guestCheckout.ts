import { call, urlOf, useLoad, useSessionValue } from '@shop/shared';

/**
 * Issue 40: whether a signed-out visitor may buy as a guest (the owner's guestCheckout setting, or
 * GUEST_CHECKOUT=1). Asked only while signed out; false until known, so the spec's rule holds by default.
 */
export function useGuestCheckout(): boolean {
  const { token } = useSessionValue();
  const loaded = useLoad(!token && urlOf('guestCheckoutOn'), async () => (await call('guestCheckoutOn')).data.guestCheckout);
  return !token && loaded.data === true;
}

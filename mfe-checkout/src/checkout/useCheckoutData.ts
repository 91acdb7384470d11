import { api, apiErrorMessage, useLoad, type Address, type CartItem, type OrderPreview } from '@shop/shared';

const NO_ADDRESSES: Address[] = [];

/** The saved addresses (failures are silent, SPEC §8); the first one is preselected by the page. */
export function useSavedAddresses(signedIn: boolean) {
  const saved = useLoad(signedIn && '/user/addresses', (url) => api.get<Address[]>(url).then(({ data }) => (Array.isArray(data) ? data : [])), { keep: true });
  return { addresses: saved.data ?? NO_ADDRESSES, loading: saved.status === 'loading' };
}

/** The wallet client id, or null when wallet payments are not configured. */
export function useWalletClientId(signedIn: boolean): string | null {
  const wallet = useLoad(
    signedIn && '/config/getPaypalClient',
    (url) => api.get<{ clientId?: string | null }>(url).then(({ data }) => (typeof data?.clientId === 'string' && data.clientId ? data.clientId : null)),
    { keep: true },
  );
  return wallet.data ?? null;
}

/** What POST /order will charge, computed by the server; refreshed when the cart or currency changes. */
export function useOrderPreview(currencyId: string | undefined, items: CartItem[]) {
  const cartKey = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  // keep: the last total (or error) stays on screen while the next one is computed.
  const preview = useLoad(
    currencyId && cartKey && `${currencyId} ${cartKey}`,
    () => api.post<OrderPreview>('/order/preview', { selectedCurr: currencyId }).then(({ data }) => data),
    { keep: true },
  );
  const error = preview.error === undefined ? null : apiErrorMessage(preview.error, 'Could not compute the order total.');
  return { preview: preview.data ?? null, error, loading: preview.status === 'loading' };
}

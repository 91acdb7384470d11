import { useEffect, useState } from 'react';
import { api, apiErrorMessage, type Address, type CartItem, type OrderPreview } from '@shop/shared';

/** The saved addresses (failures are silent, SPEC §8); the first one is preselected by the page. */
export function useSavedAddresses(signedIn: boolean) {
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [loading, setLoading] = useState(signedIn);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setLoading(true);
    api
      .get<Address[]>('/user/addresses')
      .then(({ data }) => live && setAddresses(Array.isArray(data) ? data : []))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [signedIn]);
  return { addresses, loading };
}

/** The wallet client id, or null when wallet payments are not configured. */
export function useWalletClientId(signedIn: boolean): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api
      .get<{ clientId?: string | null }>('/config/getPaypalClient')
      .then(({ data }) => live && setClientId(typeof data?.clientId === 'string' && data.clientId ? data.clientId : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn]);
  return clientId;
}

/** What POST /order will charge, computed by the server; refreshed when the cart or currency changes. */
export function useOrderPreview(currencyId: string | undefined, items: CartItem[]) {
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const cartKey = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  useEffect(() => {
    if (!currencyId || !cartKey) {
      setPreview(null);
      setError(null);
      return;
    }
    let live = true;
    setLoading(true);
    api
      .post<OrderPreview>('/order/preview', { selectedCurr: currencyId })
      .then(({ data }) => {
        if (!live) return;
        setPreview(data);
        setError(null);
      })
      .catch((err) => {
        if (!live) return;
        setPreview(null);
        setError(apiErrorMessage(err, 'Could not compute the order total.'));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [currencyId, cartKey]);
  return { preview, error, loading };
}

import { startTransition, useEffect, useState } from 'react';
import { api, type Paginated, type Product } from '@shop/shared';
import { useCurrenciesSettled, type LoadStatus } from '../shop/useShopData';

/** SPEC §9: the 12 newest products, asked in the selected currency. */
export function useTopTrend(currencyId: string | undefined) {
  const ready = useCurrenciesSettled();
  const [state, setState] = useState<{ status: LoadStatus; products: Product[] }>({ status: 'idle', products: [] });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    api
      .post<Paginated<Product>>('/product/filter?limit=12&page=1', { sortBy: '-createdAt', selectedCurr: currencyId })
      .then(({ data }) => live && startTransition(() => setState({ status: 'succeeded', products: data.items }))) // rendered in slices
      .catch((error) => {
        console.error('Failed to fetch the newest products', error);
        if (live) setState({ status: 'failed', products: [] });
      });
    return () => {
      live = false;
    };
  }, [ready, currencyId, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

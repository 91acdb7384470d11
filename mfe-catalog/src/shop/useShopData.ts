import { startTransition, useEffect, useState } from 'react';
import { api, loadCurrencies, type Filter, type Paginated, type Product } from '@shop/shared';
import { DEFAULT_MAX_PRICE, productFilterRequest, type ShopQuery } from './shopQuery';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** True once the currencies are known (or could not be fetched), so prices are asked in the right one. */
export function useCurrenciesSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    loadCurrencies()
      .catch(() => undefined)
      .finally(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled;
}

export interface ProductList {
  status: LoadStatus;
  items: Product[];
  itemCount: number;
  retry: () => void;
}

/** SPEC §4 "Product list": POST /product/filter for the query, in the selected currency. */
export function useProductList(query: ShopQuery, currencyId: string | undefined, ready: boolean): ProductList {
  const [state, setState] = useState<{ status: LoadStatus; items: Product[]; itemCount: number }>({ status: 'idle', items: [], itemCount: 0 });
  const [attempt, setAttempt] = useState(0);
  const { url, body } = productFilterRequest(query, currencyId);
  const requestKey = `${url} ${JSON.stringify(body)}`;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    api
      .post<Paginated<Product>>(url, body)
      // A transition: React renders the page of cards in slices, so a phone still answers taps meanwhile.
      .then(({ data }) => live && startTransition(() => setState({ status: 'succeeded', items: data.items, itemCount: data.itemCount })))
      .catch((error) => {
        console.error('Failed to fetch products', error);
        if (live) setState({ status: 'failed', items: [], itemCount: 0 });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, ready, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** GET /filter: the checkbox groups. A failure is only logged (SPEC §8). */
export function useFilters(): Filter[] {
  const [filters, setFilters] = useState<Filter[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<Filter[]>('/filter')
      .then(({ data }) => live && startTransition(() => setFilters(data.filter((f) => f.filterOptions.length > 0))))
      .catch((error) => console.error('Failed to fetch filters', error));
    return () => {
      live = false;
    };
  }, []);
  return filters;
}

/** GET /product/hBasePrice/:currencyId: the top of the price slider. A failure keeps the default. */
export function useHighestPrice(currencyId: string | undefined): number {
  const [highest, setHighest] = useState(DEFAULT_MAX_PRICE);
  useEffect(() => {
    if (!currencyId) return;
    let live = true;
    api
      .get<number>(`/product/hBasePrice/${currencyId}`)
      .then(({ data }) => live && Number.isFinite(data) && data > 0 && setHighest(Math.ceil(data)))
      .catch((error) => console.error('Failed to fetch the highest price', error));
    return () => {
      live = false;
    };
  }, [currencyId]);
  return highest;
}

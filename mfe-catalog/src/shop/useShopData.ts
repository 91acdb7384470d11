import { call, loadCurrencies, urlOf, useLoad, type Filter, type LoadStatus, type Product } from '@shop/shared';
import { DEFAULT_MAX_PRICE, productFilterQuery, productFilterRequest, type ShopQuery } from './shopQuery';

/** True once the currencies are known (or could not be fetched), so prices are asked in the right one. */
export function useCurrenciesSettled(): boolean {
  return useLoad('currencies', () => loadCurrencies().catch(() => undefined)).status === 'succeeded';
}

const NO_PRODUCTS: Product[] = [];

export interface ProductList {
  status: LoadStatus;
  items: Product[];
  itemCount: number;
  retry: () => void;
}

/** SPEC §4 "Product list": POST /product/filter for the query, in the selected currency. */
export function useProductList(query: ShopQuery, currencyId: string | undefined, ready: boolean): ProductList {
  const { url, body } = productFilterRequest(query, currencyId);
  const list = useLoad(
    ready && `${url} ${JSON.stringify(body)}`,
    () => call('searchProducts', { query: productFilterQuery(query), body }).then(({ data }) => data),
    // A transition: React renders the page of cards in slices, so a phone still answers taps meanwhile.
    { keep: true, transition: true, onError: (error) => console.error('Failed to fetch products', error) },
  );
  return { status: list.status, items: list.data?.items ?? NO_PRODUCTS, itemCount: list.data?.itemCount ?? 0, retry: list.reload };
}

const NO_FILTERS: Filter[] = [];

/** GET /filter: the checkbox groups. A failure is only logged (SPEC §8). */
export function useFilters(): Filter[] {
  const filters = useLoad(urlOf('listFilters'), () => call('listFilters').then(({ data }) => data.filter((f) => f.filterOptions.length > 0)), {
    transition: true,
    onError: (error) => console.error('Failed to fetch filters', error),
  });
  return filters.data ?? NO_FILTERS;
}

/** GET /product/hBasePrice/:currencyId: the top of the price slider. A failure (or no answer yet) keeps the default. */
export function useHighestPrice(currencyId: string | undefined): number {
  const highest = useLoad(
    currencyId && urlOf('highestBasePrice', { params: { currencyId } }),
    () => call('highestBasePrice', { params: { currencyId: currencyId! } }).then(({ data }) => (Number.isFinite(data) && data > 0 ? Math.ceil(data) : undefined)),
    { keep: true, onError: (error) => console.error('Failed to fetch the highest price', error) },
  );
  return highest.data ?? DEFAULT_MAX_PRICE;
}

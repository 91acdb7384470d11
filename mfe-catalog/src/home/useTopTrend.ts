import { call, NEWEST_PRODUCTS, useLoad, type Product } from '@shop/shared';
import { useCurrenciesSettled } from '../shop/useShopData';

const NONE: Product[] = [];

/** SPEC §9: the 12 newest products (the server preloads the first one's photo), asked in the selected currency. */
export function useTopTrend(currencyId: string | undefined) {
  const ready = useCurrenciesSettled();
  const newest = useLoad(
    ready && `newest in ${currencyId}`,
    () => call('searchProducts', { query: { limit: NEWEST_PRODUCTS, page: 1 }, body: { sortBy: '-createdAt', selectedCurr: currencyId } }).then(({ data }) => data.items),
    { keep: true, transition: true, onError: (error) => console.error('Failed to fetch the newest products', error) }, // rendered in slices
  );
  return { status: newest.status, products: newest.data ?? NONE, retry: newest.reload };
}

import { type ProductFilterBody, type SortBy, urlOf } from '@shop/shared';
import type { CatalogKey } from '../messages';
import { TOP_RATED_STARS } from '@shop/shared/src/contract';

/** The state of the shop list, kept in the URL so that reload, share and Back show the same results. */
export interface ShopQuery {
  que: string;
  page: number;
  /** '' is "Default sorting" (newest first). */
  sort: SortBy | '';
  options: string[];
  min?: number;
  max?: number;
  /** 'In stock only': list only products that can be bought now (issue 17). */
  available: boolean;
  /** 'On sale': list only products a running discount takes something off (issue 20). */
  sale: boolean;
  /** '4 stars & up' (issue 41): only products rated TOP_RATED_STARS and up. */
  topRated: boolean;
  view: 'grid' | 'list';
}

/** Each sort with its label's key in the catalogue (messages/en.ts). */
export const SORTS: ReadonlyArray<{ value: SortBy | ''; label: CatalogKey }> = [
  // With a keyword the server's default is relevance, without one newest first (issue 20).
  { value: '', label: 'sort.default' },
  { value: 'title', label: 'sort.titleAsc' },
  { value: '-title', label: 'sort.titleDesc' },
  { value: 'basePrice', label: 'sort.priceAsc' },
  { value: '-basePrice', label: 'sort.priceDesc' },
  { value: '-rating', label: 'sort.topRated' },
];

export { PAGE_SIZE } from './pageSize';
import { PAGE_SIZE } from './pageSize';
/** SPEC §9: the price slider starts at 1 to 1000; the max is then the fetched highest price. */
export const DEFAULT_MIN_PRICE = 1;
export const DEFAULT_MAX_PRICE = 1000;

const SORT_VALUES = new Set<string>(SORTS.map((s) => s.value));

function numberParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const page = Math.floor(Number(params.get('page')));
  const sort = params.get('sort') ?? '';
  return {
    que: (params.get('que') ?? '').trim(),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    sort: SORT_VALUES.has(sort) ? (sort as SortBy | '') : '',
    options: (params.get('options') ?? '').split(',').map((id) => id.trim()).filter(Boolean),
    min: numberParam(params.get('min')),
    max: numberParam(params.get('max')),
    available: params.get('available') === '1',
    sale: params.get('sale') === '1',
    topRated: params.get('rated') === '1',
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** Only what differs from the defaults goes in the URL, in a stable order. */
export function shopSearchParams(query: ShopQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.que) params.set('que', query.que);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort) params.set('sort', query.sort);
  if (query.options.length) params.set('options', query.options.join(','));
  if (query.min !== undefined) params.set('min', String(query.min));
  if (query.max !== undefined) params.set('max', String(query.max));
  if (query.available) params.set('available', '1');
  if (query.sale) params.set('sale', '1');
  if (query.topRated) params.set('rated', '1');
  if (query.view === 'list') params.set('view', 'list');
  return params;
}

const LIST_KEYS: Array<keyof ShopQuery> = ['que', 'sort', 'options', 'min', 'max', 'available', 'sale', 'topRated'];

/** Applies a change; a new keyword, sort, filter or price range starts again at page 1. */
export function nextShopQuery(current: ShopQuery, patch: Partial<ShopQuery>): ShopQuery {
  const next = { ...current, ...patch };
  if (patch.page === undefined && LIST_KEYS.some((key) => key in patch)) next.page = 1;
  return next;
}

/** The search's query string: a page of the list, and the keyword when there is one. */
export const productFilterQuery = (query: ShopQuery) => ({ limit: PAGE_SIZE, page: query.page, ...(query.que && { keyword: query.que }) });

/** The POST /product/filter call of SPEC §7 for a query: its URL (what was asked) and its body. */
export function productFilterRequest(query: ShopQuery, currencyId: string | undefined): { url: string; body: ProductFilterBody } {
  const basePrice: { gte?: number; lte?: number } = {};
  if (query.min !== undefined) basePrice.gte = query.min;
  if (query.max !== undefined) basePrice.lte = query.max;
  return {
    url: urlOf('searchProducts', { query: productFilterQuery(query) }),
    body: {
      sortBy: query.sort || (query.que ? 'relevance' : '-createdAt'),
      selectedCurr: currencyId,
      filterOptions: query.options,
      basePrice,
      ...(query.available && { available: true }),
      ...(query.sale && { onSale: true }),
      ...(query.topRated && { minRating: TOP_RATED_STARS }),
    },
  };
}

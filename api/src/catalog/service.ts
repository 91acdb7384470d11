import type { Queryable } from '../db/client.js';
import { getCurrency, listCurrencies } from '../currencies/queries.js';
import { notFound } from '../lib/errors.js';
import { toMinor } from '../lib/money.js';
import type { FacetSearcher } from './facetSearch.js';
import * as Q from './queries.js';
import { loadProduct, loadProductBySlug, loadProducts } from './products.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FilterQuery {
  keyword?: string;
  limit: number;
  page: number;
  sortBy?: string;
  selectedCurr?: string;
  filterOptions?: string[];
  basePrice?: { gte?: number | null; lte?: number | null };
}

/**
 * A search as the catalogue answers it, from checked input: only the fields that change the answer,
 * in one canonical form (keyword trimmed, option ids valid, lower-case, sorted and unique, a
 * currency that is not an id dropped: it falls back to the first either way). It is also the cache
 * key, so two requests that ask the same thing share one entry, and junk makes none.
 */
export function normalizeSearch(
  query: { keyword?: string; limit: number; page: number; sortBy?: string; selectedCurr?: string },
  body: Pick<FilterQuery, 'sortBy' | 'selectedCurr' | 'filterOptions' | 'basePrice'> | null,
): FilterQuery {
  const currency = body?.selectedCurr ?? query.selectedCurr;
  const options = [...new Set((body?.filterOptions ?? []).filter((id) => UUID_RE.test(id)).map((id) => id.toLowerCase()))].sort();
  const price = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const keyword = query.keyword?.trim();
  return {
    keyword: keyword || undefined,
    limit: Math.min(Math.max(1, Math.trunc(query.limit) || 12), 100),
    page: Math.max(1, Math.trunc(query.page) || 1),
    sortBy: body?.sortBy || query.sortBy || '-createdAt',
    selectedCurr: currency && UUID_RE.test(currency) ? currency.toLowerCase() : undefined,
    filterOptions: options,
    basePrice: { gte: price(body?.basePrice?.gte), lte: price(body?.basePrice?.lte) },
  };
}

/** The currency prices are compared in: the selected one when it exists, else the first. */
async function resolveCurrency(q: Queryable, selected?: string): Promise<string | null> {
  if (selected && UUID_RE.test(selected) && (await getCurrency(q, selected))) return selected;
  return (await listCurrencies(q))[0]?._id ?? null;
}

/** remember: where the search's count is kept between its pages (the catalogue cache); facets: filtered searches from memory (facets.ts). */
export async function searchProducts(q: Queryable, f: FilterQuery, remember: Q.Remember = Q.noMemory, facets?: FacetSearcher) {
  // Kept like the answers: a new search then costs no lookup of its currency or options.
  const optionIds = (f.filterOptions ?? []).filter((id) => UUID_RE.test(id));
  const [currencyId, optionGroups] = await Promise.all([
    remember(['currency', f.selectedCurr ?? null], () => resolveCurrency(q, f.selectedCurr)),
    remember(['optionGroups', optionIds], () => Q.groupOptionIds(q, optionIds)),
  ]);
  const gte = f.basePrice?.gte;
  const lte = f.basePrice?.lte;
  const { ids, total } = await Q.searchProductIds(q, {
    keyword: f.keyword,
    currencyId,
    sortBy: f.sortBy ?? '-createdAt',
    optionGroups,
    gte: gte === undefined || gte === null ? undefined : toMinor(gte),
    lte: lte === undefined || lte === null ? undefined : toMinor(lte),
    limit: f.limit,
    offset: (f.page - 1) * f.limit,
  }, remember, facets);
  return { items: await loadProducts(q, ids), itemCount: total, page: f.page, limit: f.limit };
}

export type Section = 'featured' | 'onSale' | 'bestSeller';
const SECTION_SIZE = 12;

/** featured: the newest; onSale: with a running discount; bestSeller: most units ordered. */
export async function homeSection(q: Queryable, type: Section) {
  const ids =
    type === 'featured' ? await Q.newestIds(q, SECTION_SIZE) : type === 'onSale' ? await Q.onSaleIds(q, SECTION_SIZE) : await Q.bestSellerIds(q, SECTION_SIZE);
  return { type, products: await loadProducts(q, ids) };
}

export async function productBySlug(q: Queryable, slug: string) {
  if (!/^[A-Za-z0-9-]{1,300}$/.test(slug)) throw notFound('Product not found');
  const p = await loadProductBySlug(q, slug);
  if (!p) throw notFound('Product not found');
  return p;
}

/** The home's "Top Trend" asks for the 12 newest products; its hero shows their first photos. */
const TOP_TREND_SIZE = 12;

/**
 * What the server reads of the catalogue for a page's HTML (static/shopPage.ts): its first view's
 * products, and the lead photo of its preload hint, taken from the same reads (the home's hero: the
 * first photo among the 12 newest; a product page: the product's first). remember keeps each answer
 * until the next catalogue write, so a page costs no query on a repeat (pages are what every visit
 * asks first).
 */
export function pageCatalog(q: Queryable, remember: Q.Remember) {
  const newest = (limit: number) => {
    const n = Math.min(Math.max(1, limit), 48);
    return remember(['page', 'newest', n], () => Q.newestCards(q, n));
  };
  const product = (slug: string) => (/^[A-Za-z0-9-]{1,300}$/.test(slug) ? remember(['page', 'product', slug], () => Q.productCard(q, slug)) : Promise.resolve(null));
  return {
    leadImage: async (of: 'newest' | 'product', slug: string) =>
      (of === 'newest' ? (await newest(TOP_TREND_SIZE)).map((p) => p.imageUrls[0]).find(Boolean) : (await product(slug))?.imageUrls[0]) ?? null,
    firstView: { newest, product },
  };
}

export async function getProduct(q: Queryable, id: string) {
  const p = await loadProduct(q, id);
  if (!p) throw notFound('Product not found');
  return p;
}

export async function highestBasePrice(q: Queryable, currencyId: string) {
  if (!(await getCurrency(q, currencyId))) throw notFound('Currency not found');
  return Math.ceil((await Q.maxBasePrice(q, currencyId)) / 100);
}

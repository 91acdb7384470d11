import type { Queryable } from '../../db/client.js';
import { type Currency, DEFAULT_LOCALE, DEFAULT_LOW_STOCK_THRESHOLD, type Locale, defaultSelection, firstPhoto, isSlug, NEWEST_PRODUCTS, photosOf, type Product, type ProductFilterBody, type ProductStatusFilter, RELATED_LIMIT, type Review, type StockFilter, SUGGEST_LIMIT, SUGGEST_MIN_CHARS, type SuggestAnswer } from '@shop/contract';
import { getCurrency, publishedCurrencies } from '../../currencies/service.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { keptFor } from '../../lib/compression.js';
import { isUuid } from '../../lib/schemas.js';
import { toMinor } from '../../lib/money.js';
import { keptAnswer, type CatalogAnswer } from '../answer.js';
import type { CatalogMemory } from '../memory/index.js';
import { loadProduct, loadProductBySlug, loadProducts, type ProductOutOptions, type ProductsOf } from '../productQueries.js';
import { corrected, parseKeyword, wordsOf, type KeywordQuery } from './keyword.js';
import * as K from './keywordQueries.js';
import * as Q from './queries.js';
import { keptProducts, type ProductsById, type ProductsKeptAt } from './keptProducts.js';


export interface FilterQuery {
  keyword?: string;
  limit: number;
  page: number;
  sortBy?: string;
  selectedCurr?: string;
  filterOptions?: string[];
  basePrice?: { gte?: number | null; lte?: number | null };
  /** Only products whose average, as shown (one decimal), is this many stars or more (issue 41). */
  minRating?: number;
  /** Only products that can be bought now. */
  available?: boolean;
  /** Only products a running discount takes something off in the currency. */
  onSale?: boolean;
  /** Live quantities on every item (the admin's list): not kept. */
  withStock?: boolean;
  /** in: can be bought; low: can be bought, a combination at or below the threshold; out: cannot be bought. */
  stock?: StockFilter;
  /** The admin's list only (the route checks who asks, issue 19): drafts too, or drafts only; absent: published products. */
  status?: ProductStatusFilter;
}

/** Whether a search reads quantities, which move with every order: answered live, never kept. */
const readsQuantities = (f: FilterQuery) => !!f.withStock || !!f.stock || f.sortBy === 'stock' || f.sortBy === '-stock';
/** Whether a search is the back office's, drafts included: answered live, never kept (the kept answers are the storefront's). */
const readsDrafts = (f: FilterQuery) => f.status === 'all' || f.status === 'draft';

/**
 * A search as the catalogue answers it, from checked input: only the fields that change the answer,
 * in one canonical form (keyword trimmed, option ids valid, lower-case, sorted and unique, a
 * currency that is not an id dropped: it falls back to the first either way). It is also the cache
 * key, so two requests that ask the same thing share one entry, and junk makes none.
 */
export function normalizeSearch(
  query: { keyword?: string; limit: number; page: number; sortBy?: string; selectedCurr?: string },
  body: ProductFilterBody | null,
): FilterQuery {
  const currency = body?.selectedCurr ?? query.selectedCurr;
  const options = [...new Set((body?.filterOptions ?? []).filter(isUuid).map((id) => id.toLowerCase()))].sort();
  const price = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const keyword = query.keyword?.trim();
  // Relevance is a keyword's default order, and means nothing without one (issue 20).
  const sortBy = body?.sortBy || query.sortBy || 'relevance';
  return {
    keyword: keyword || undefined,
    limit: Math.min(Math.max(1, Math.trunc(query.limit) || 12), 100),
    page: Math.max(1, Math.trunc(query.page) || 1),
    sortBy: sortBy === 'relevance' && !keyword ? '-createdAt' : sortBy,
    selectedCurr: currency && isUuid(currency) ? currency.toLowerCase() : undefined,
    filterOptions: options,
    basePrice: { gte: price(body?.basePrice?.gte), lte: price(body?.basePrice?.lte) },
    ...(body?.minRating ? { minRating: body.minRating } : {}),
    ...(body?.available ? { available: true } : {}),
    ...(body?.onSale ? { onSale: true } : {}),
    ...(body?.withStock ? { withStock: true } : {}),
    ...(body?.stock ? { stock: body.stock } : {}),
    ...(body?.status === 'all' || body?.status === 'draft' ? { status: body.status } : {}),
  };
}

/** The currency prices are compared in: the selected one when it exists, else the first published. */
async function resolveCurrency(q: Queryable, selected?: string): Promise<string | null> {
  if (selected && isUuid(selected) && (await getCurrency(q, selected))) return selected;
  return (await publishedCurrencies(q))[0]?._id ?? null;
}

/** What a search asks of the catalogue's memory; without one (a benchmark, a test), the database answers everything. */
export type SearchMemory = Pick<CatalogMemory, 'remember' | 'search' | 'searchWords'>;
const noMemory: SearchMemory = { remember: (_key, load) => load(), search: async () => null, searchWords: async () => null };

/**
 * A page of a search and its count. memory keeps what every page of a search shares (its currency,
 * its options' groups, its count) and answers a search without a keyword from its index when it
 * can; the database answers the rest.
 */
export async function searchProducts(q: Queryable, f: FilterQuery, memory: SearchMemory = noMemory, o: ProductOutOptions = {}) {
  // Kept like the answers: a new search then costs no lookup of its currency or options.
  const optionIds = (f.filterOptions ?? []).filter(isUuid);
  const [currencyId, optionGroups] = await Promise.all([
    memory.remember(['currency', f.selectedCurr ?? null], () => resolveCurrency(q, f.selectedCurr)),
    memory.remember(['optionGroups', optionIds], () => Q.groupOptionIds(q, optionIds)),
  ]);
  const gte = f.basePrice?.gte;
  const lte = f.basePrice?.lte;
  const terms = f.keyword ? parseKeyword(f.keyword) : null;
  // A keyword of no word at all (punctuation) matches nothing.
  if (f.keyword && !terms) return { items: [], itemCount: 0, page: f.page, limit: f.limit };
  const { ids, total } = await findIds(q, {
    keyword: terms ? { terms, prefix: false } : undefined,
    currencyId,
    sortBy: f.sortBy ?? '-createdAt',
    optionGroups,
    gte: gte === undefined || gte === null ? undefined : toMinor(gte),
    lte: lte === undefined || lte === null ? undefined : toMinor(lte),
    limit: f.limit,
    offset: (f.page - 1) * f.limit,
    minRating: f.minRating,
    available: f.available,
    onSale: f.onSale,
    stock: f.stock,
    lowStockThreshold: o.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    status: f.status,
    locale: o.locale,
  }, memory);
  const items = await loadProducts(q, ids, f.withStock ? { ...o, withStock: true } : { locale: o.locale }, readsDrafts(f) ? 'admin' : 'shop');
  return { items, itemCount: total, page: f.page, limit: f.limit };
}

/**
 * A filtered search without a keyword from the memory's index when it is ready; else the database,
 * with the search's count kept by its SQL and parameters, so its other pages reuse it. A keyword that
 * matches nothing is read again with its typos corrected (keyword.ts corrected).
 */
async function findIds(q: Queryable, s: Q.SearchInput, memory: SearchMemory): Promise<{ ids: string[]; total: number }> {
  const filtered = s.optionGroups.length > 0 || s.gte !== undefined || s.lte !== undefined;
  // The index knows prices and options, not stock, discounts or ratings.
  if (filtered && !s.keyword && !s.available && !s.onSale && !s.stock && !s.status && !s.minRating && s.sortBy !== '-rating') {
    const found = await memory.search({ currencyId: s.currencyId, optionGroups: s.optionGroups, gte: s.gte, lte: s.lte, sortBy: s.sortBy, offset: s.offset, limit: s.limit });
    if (found) return found;
  }
  const found = await fromDatabase(q, s, memory);
  if (found.total > 0 || !s.keyword) return found;
  // Nothing found: a typo only if the keyword alone matches nothing either (else the filters left nothing).
  const alone = filtered || s.available || s.onSale || s.stock || s.minRating ? await memory.remember(['keywordMatches', s.keyword, s.locale ?? DEFAULT_LOCALE], () => matchesAny(q, s.keyword!, s.locale)) : false;
  const fixed = alone ? null : await correctedKeyword(q, s.keyword, memory);
  return fixed ? fromDatabase(q, { ...s, keyword: fixed }, memory) : found;
}

/**
 * A search's page and count from the database; a keyword search of common words from the memory's
 * word lists when it has them (the database would read every match's row): page and count by
 * relevance or newest first, else the count, and no page read at all when nothing matches.
 */
async function fromDatabase(q: Queryable, s: Q.SearchInput, memory: SearchMemory) {
  const plan = await Q.planSearch(q, s);
  const { count } = plan;
  const listed = plan.words ? await memory.searchWords({ groups: plan.words, sortBy: s.sortBy, offset: s.offset, limit: s.limit }) : null;
  if (listed && (listed.ids || listed.total === 0)) return { ids: listed.ids ?? [], total: listed.total };
  const [ids, total] = await Promise.all([
    Q.pageIds(q, plan),
    listed?.total ?? (count ? memory.remember(['count', count.sql, count.params], () => Q.countMatches(q, plan)) : Q.countMatches(q, plan)),
  ]);
  return { ids, total };
}

/** Whether any product matches the keyword, whatever else a search asks (a typo fallback is for keywords that match nothing). */
const matchesAny = async (q: Queryable, keyword: KeywordQuery, locale?: Locale) =>
  (await Q.pageIds(q, await Q.planSearch(q, { keyword, sortBy: '-createdAt', currencyId: null, optionGroups: [], limit: 1, offset: 0, locale }))).length > 0;

/** The keyword with its typos corrected (the catalogue's lexemes like each word, kept like the answers), or null. */
async function correctedKeyword(q: Queryable, k: KeywordQuery, memory: SearchMemory): Promise<KeywordQuery | null> {
  const words = wordsOf(k.terms).sort();
  const typing = k.prefix ? k.terms[k.terms.length - 1].at(-1)! : null;
  return corrected(k, await memory.remember(['lexemesLike', words, typing], () => K.lexemesLike(q, words, typing)));
}

/**
 * What the header's search suggests for what a shopper has typed (GET /product/suggest): the best
 * SUGGEST_LIMIT products by relevance, the last word read as the start of a word, typos corrected when
 * nothing matches, and the filter options whose names hold any of the words. Nothing before
 * SUGGEST_MIN_CHARS characters.
 */
export async function suggest(q: Queryable, text: string, memory: SearchMemory = noMemory, locale: Locale = DEFAULT_LOCALE): Promise<SuggestAnswer> {
  const terms = parseKeyword(text);
  if (!terms || text.trim().length < SUGGEST_MIN_CHARS) return { products: [], options: [] };
  const first = async (keyword: KeywordQuery) =>
    Q.pageIds(q, await Q.planSearch(q, { keyword, sortBy: 'relevance', currencyId: null, optionGroups: [], limit: SUGGEST_LIMIT, offset: 0, locale }));
  let keyword: KeywordQuery = { terms, prefix: true };
  let ids = await first(keyword);
  const fixed = ids.length ? null : await correctedKeyword(q, keyword, memory);
  if (fixed) {
    keyword = fixed;
    ids = await first(keyword);
  }
  // Issue 38: still nothing ('neklace', 'braclet': too unlike any word's start), then the words as the
  // full search reads them, whole, corrected as it corrects them: Enter never finds what the list did not offer.
  const whole = ids.length ? null : await correctedKeyword(q, { terms, prefix: false }, memory);
  if (whole) {
    keyword = whole;
    ids = await first(keyword);
  }
  const [products, options] = await Promise.all([loadProducts(q, ids, { locale }, 'shop'), K.optionsMatching(q, keyword, SUGGEST_LIMIT)]);
  return {
    products: products.map((p) => ({ _id: p._id, slug: p.slug, title: p.title, imageUrl: p.imageUrls[0] ?? null, basePrice: p.basePrice, discounts: p.discounts, available: p.available })),
    options,
  };
}

/** A suggestion's text as it is kept: its words, lower case, one space apart ('or' kept); null below SUGGEST_MIN_CHARS. */
export function normalizeSuggest(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  const key = words?.join(' ') ?? '';
  return key.length >= SUGGEST_MIN_CHARS && text.trim().length >= SUGGEST_MIN_CHARS ? key : null;
}

export type Section = 'featured' | 'onSale' | 'bestSeller';
const SECTION_SIZE = 12;

/** featured: the newest; onSale: with a running discount; bestSeller: most units ordered. */
export async function homeSection(q: Queryable, type: Section, locale: Locale = DEFAULT_LOCALE) {
  const ids =
    type === 'featured' ? await Q.newestIds(q, SECTION_SIZE) : type === 'onSale' ? await Q.onSaleIds(q, SECTION_SIZE) : await Q.bestSellerIds(q, SECTION_SIZE);
  return { type, products: await loadProducts(q, ids, { locale }, 'shop'), locale };
}

/** Issue 38: the product page's "You may also like", in the locale. */
export async function related(q: Queryable, productId: string, currencyId: string | null, locale: Locale = DEFAULT_LOCALE) {
  return loadProducts(q, await Q.relatedIds(q, productId, currencyId, RELATED_LIMIT), { locale }, 'shop');
}

export async function productBySlug(q: Queryable, slug: string, o?: ProductOutOptions) {
  if (!isSlug(slug)) throw notFound('Product not found');
  const p = await loadProductBySlug(q, slug, o);
  if (!p) throw notFound('Product not found');
  return p;
}

/**
 * What a product page's HTML shows of it (its first view, its preloaded photo, its head): the photos its
 * gallery first shows, those of the options chosen by default (issue 22), as the page works them
 * out (in the browser the visitor's currency may still pick another default, rarely).
 */
export const pageProductOf = (p: Product): PageProduct => ({ card: { title: p.title, slug: p.slug, imageUrls: photosOf(p, Object.values(defaultSelection(p))), tags: p.tags }, product: p, reviews: [] });

/** A product as its page's HTML shows it: the first view's card, the whole product and its newest approved reviews for the page's head (web/pageHead.ts). */
export interface PageProduct {
  card: Q.ProductCardRow;
  product: Product;
  reviews: Review[];
}

/** A product by id: the storefront's (of 'shop', the default: a draft is not found, so no cart takes it) or the back office's. */
export async function getProduct(q: Queryable, id: string, o?: ProductOutOptions, of: ProductsOf = 'shop') {
  const p = await loadProduct(q, id, o, of);
  if (!p) throw notFound('Product not found');
  return p;
}

export async function highestBasePrice(q: Queryable, currencyId: string) {
  if (!(await getCurrency(q, currencyId))) throw notFound('Currency not found');
  return Math.ceil((await Q.maxBasePrice(q, currencyId)) / 100);
}

type SearchQuery = Parameters<typeof normalizeSearch>[0];
type SearchBody = Parameters<typeof normalizeSearch>[1];

/** The storefront's reads, each answered from the catalogue's memory when it has it. */
export interface StorefrontService {
  /** A page of a search (the shop's list, the admin's list). */
  search(query: SearchQuery, body: SearchBody, locale?: Locale): Promise<CatalogAnswer>;
  /** The header search's suggestions for what a shopper has typed (issue 20). */
  suggest(text: string, locale?: Locale): Promise<CatalogAnswer>;
  /** A product page by slug (404 'Product not found'). */
  productPage(slug: string, locale?: Locale): Promise<CatalogAnswer>;
  /** One product by id with every translation (404 'Product not found'; a draft too). */
  product(id: string, locale?: Locale): Promise<CatalogAnswer>;
  /** One product by id as the back office sees it, a draft too (never kept; the route checks that an admin asks). */
  draft(id: string, locale?: Locale): Promise<CatalogAnswer>;
  homeSection(type: Section, locale?: Locale): Promise<CatalogAnswer>;
  /** A product page's "You may also like" (issue 38), kept like a list (sales end with time). */
  related(productId: string, currencyId: string | null, locale?: Locale): Promise<CatalogAnswer>;
  /** The highest base price in a currency, rounded up (404 'Currency not found'). */
  highestBasePrice(currencyId: string): Promise<CatalogAnswer>;
  /** A page's lead photo (its preload hint): the home's hero (the first photo among the 12 newest) or a product's first. */
  leadImage(of: 'newest' | 'product', slug: string): Promise<string | null>;
  /** What a page's first view shows (web/firstView.ts): the newest products, or one by slug. */
  firstView: {
    newest(limit: number, locale?: Locale): Promise<Q.ProductCardRow[]>;
    product(slug: string, locale?: Locale): Promise<Q.ProductCardRow | null>;
  };
  /** The product at a slug as its page shows it in a locale (the same read as its first view), or null: no such product. */
  pageProduct(slug: string, locale?: Locale): Promise<PageProduct | null>;
  /** The shop's default currency (the first), or null when it has none. */
  defaultCurrency(): Promise<Currency | null>;
  /** Published products by id as their kept pages have them (with quantities); one not found is left out (keptProducts.ts). */
  productsById: ProductsById;
  /** The same from the pages kept under exactly one catalogue version, with no read of the database (an order's transaction). */
  productsAt: ProductsKeptAt;
}

/** The home's "Top Trend" asks for the 12 newest products; its hero shows their first photos. */

export function createStorefront(db: Queryable, memory: CatalogMemory, withStock: ProductOutOptions = { withStock: true }): StorefrontService {
  // What a page's HTML reads (web/shopPage.ts) is kept until the next catalogue write, so a page
  // costs no query on a repeat (pages are what every visit asks first).
  const newest = (limit: number, locale: Locale = DEFAULT_LOCALE) => {
    const n = Math.min(Math.max(1, limit), 48);
    return memory.remember(['page', 'newest', n, locale], () => Q.newestCards(db, n, locale));
  };
  // One read serves a product page's first view, its preloaded photo, its head and its 404: the
  // product page the API keeps (memory/productPages.ts keeps every one ahead of the visitors), so the
  // HTML shows what its API answer says and costs no query (a query per product page first seen in
  // 30 s held the page bench to ~75 % of the build before issue 21).
  const productPage = (slug: string, locale: Locale = DEFAULT_LOCALE) => memory.productPage(slug, () => productBySlug(db, slug, { ...withStock, locale }), locale);
  const kept = keptProducts(db, (id) => memory.slugOf(id), productPage, withStock, (version) => memory.keptAt(version).productPage);
  const pageProduct = (slug: string, locale: Locale = DEFAULT_LOCALE) =>
    isSlug(slug)
      ? memory.fromProductPage(
          slug,
          async () => {
            const kept = await productPage(slug, locale).catch((err: unknown) => {
              if (err instanceof HttpError && err.statusCode === 404) return null;
              throw err;
            });
            if (!kept) return null;
            // Its reviews for search engines (JSON-LD) are the review list's (reviews/forWeb.ts).
            return pageProductOf(JSON.parse(keptFor(kept, undefined).body.toString('utf8')) as Product);
          },
          locale,
        )
      : Promise.resolve(null);
  const card = async (slug: string, locale?: Locale) => (await pageProduct(slug, locale))?.card ?? null;
  return {
    // One normalized search per answer: it is both what runs and the key it is kept under.
    // Each locale's answer kept under its own key (its texts and, with a keyword, its matches differ).
    search: (query, body, asked = DEFAULT_LOCALE) => {
      const search = normalizeSearch(query, body);
      // The back office's list (drafts too) is in English, whatever the admin's browser asks: it edits the English texts.
      const locale = readsDrafts(search) ? DEFAULT_LOCALE : asked;
      const answer = (found: Awaited<ReturnType<typeof searchProducts>>) => ({ ...found, locale });
      if (readsQuantities(search) || readsDrafts(search)) return searchProducts(db, search, noMemory, { ...withStock, locale }).then((found) => ({ value: answer(found) }));
      return keptAnswer(memory.answer(['filter', search, locale], async () => answer(await searchProducts(db, search, memory, { locale }))));
    },
    // Kept like a list (their prices carry discounts, which end with time), one entry per wording.
    suggest: async (text, locale = DEFAULT_LOCALE) => {
      const key = normalizeSuggest(text);
      if (!key) return { value: { products: [], options: [] } satisfies SuggestAnswer };
      return keptAnswer(memory.answer(['suggest', key, locale], () => suggest(db, key, memory, locale)));
    },
    productPage: (slug, locale) => keptAnswer(productPage(slug, locale)),
    related: (productId, currencyId, locale = DEFAULT_LOCALE) => keptAnswer(memory.answer(['related', productId, currencyId, locale], () => related(db, productId, currencyId, locale))),
    product: (id, locale = DEFAULT_LOCALE) =>
      keptAnswer(memory.productWithStock(id, () => getProduct(db, id, { ...withStock, locale, withTranslations: true }), locale)),
    draft: async (id, locale) => ({ value: await getProduct(db, id, { ...withStock, locale, withTranslations: true }, 'admin') }),
    homeSection: async (type, locale = DEFAULT_LOCALE) =>
      // Best sellers follow the orders, not the catalogue: not kept. On sale depends on the time as well as the catalogue.
      type === 'bestSeller' ? { value: await homeSection(db, type, locale) } : keptAnswer(memory.answer(['product', type, locale], () => homeSection(db, type, locale))),
    highestBasePrice: (currencyId) => keptAnswer(memory.answer(['hBasePrice', currencyId], () => highestBasePrice(db, currencyId))),
    leadImage: async (of, slug) =>
      (of === 'newest' ? firstPhoto(await newest(NEWEST_PRODUCTS)) : (await card(slug))?.imageUrls[0]) ?? null,
    firstView: { newest, product: card },
    pageProduct,
    defaultCurrency: () => memory.remember(['page', 'currency'], async () => (await publishedCurrencies(db))[0] ?? null),
    productsById: kept.byId,
    productsAt: kept.at,
  };
}

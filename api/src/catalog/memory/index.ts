import { DEFAULT_LOCALE, type Locale } from '@shop/contract';
import type { KeptBody } from '../../lib/compression.js';
import { answerKey, CatalogCache } from './cache.js';
import { CatalogVersion } from './catalogVersion.js';
import { CatalogFacets, type FacetSearch, type WordSearch } from './facets.js';
import type { CountedDb } from './ownWrites.js';
import { type BuildListing, ProductListing } from './productListing.js';
import { ProductPages, productPageKey } from './productPages.js';
import { StockStamps } from './stockStamps.js';
import type { ProductOutOptions } from '../productQueries.js';

export type { FacetQuery, FacetSearch, WordSearch } from './facets.js';
export type { BuildListing, ListedProduct } from './productListing.js';
export { countWrites, type CountedDb } from './ownWrites.js';

/** What the catalogue keeps in memory now (GET /api/health, tests). */
export interface CatalogMemoryStatus {
  /** Whether the product pages are still being put in memory (after start or a catalogue change), and how many this process has read. */
  productPages: { filling: boolean; kept: number };
  /** Whether the in-memory search index is still being built for the current catalogue. */
  facets: { building: boolean };
  /** The kept answers and their parts: how many, the bytes counted for them (keys included), reads served and made. */
  answers: { entries: number; bytes: number; keyBytes: number; hits: number; misses: number };
}

/**
 * The catalogue's memory, as the storefront uses it: whole answers kept as bytes until the catalogue
 * changes, parts of answers kept the same way, and searches without a keyword answered from an index.
 * Everything it answers is of the current catalogue version (this process's own writes included);
 * how (the cache, the version follower, the product pages filled ahead, the facet index) is its own.
 */
export interface CatalogMemory {
  /**
   * The whole answer for key, made by load on a miss and kept serialized and compressed.
   * lasting: it changes with the catalogue only (a product), else it is also made again after 30 s
   * (a list: discounts end with time).
   */
  answer(key: unknown[], load: () => Promise<unknown>, lasting?: boolean): Promise<KeptBody>;
  /** A product page's answer (GET /product/slugSearch/:slug) in a locale: the one put in memory ahead of the visitors (every locale's, issue 37). */
  productPage(slug: string, load: () => Promise<unknown>, locale?: Locale): Promise<KeptBody>;
  /**
   * What is made from a product page's answer (the object its HTML is made from), kept as long as that
   * answer: until the catalogue or the product's quantities change (not made again every 30 s; its
   * quantities are always the answer's).
   */
  fromProductPage<T>(slug: string, make: () => Promise<T>, locale?: Locale): Promise<T>;
  /** The slug of a product whose page is kept ahead (productPages.ts), or undefined: a cart line names its product by id. */
  slugOf(id: string): string | undefined;
  /** A product by id with its quantities (GET /product/:id) in a locale, kept until its catalogue data or its stock changes. */
  productWithStock(id: string, load: () => Promise<unknown>, locale?: Locale): Promise<KeptBody>;
  /** A part of an answer (a search's count, a currency lookup), kept like the answers. */
  remember<T>(key: unknown[], load: () => Promise<T>): Promise<T>;
  /**
   * Issue 43: what a transaction that read the catalogue version in its own statement (an order) takes from
   * memory instead of reading it again, with no read of its own: a product page's answer kept under exactly
   * that version (else undefined), and a part kept under it (else load's, read in the transaction, kept under it).
   */
  keptAt(version: number): {
    productPage(slug: string, locale?: Locale): Promise<KeptBody> | undefined;
    remember<T>(key: unknown[], load: () => Promise<T>): Promise<T>;
  };
  /** Whether a product page is kept under a catalogue version (tests read the version from the database). */
  keepsProductPage(slug: string, version: number, locale?: Locale): boolean;
  /** A search without a keyword (a price range, filter options) answered from the index, or null: ask the database. */
  search(f: FacetSearch): Promise<{ ids: string[]; total: number } | null>;
  /** A keyword search of common words from the index's word lists: its page (relevance or newest first; else ids null) and count, or null: ask the database. */
  searchWords(f: WordSearch): Promise<{ ids: string[] | null; total: number } | null>;
  /**
   * A listing of every product (the sitemap) made by build, kept per catalogue version and made again
   * after each change (productListing.ts); nothing is read until the answered function is first called.
   */
  productListing<T>(build: BuildListing<T>): () => Promise<T>;
  status(): CatalogMemoryStatus;
  close(): Promise<void>;
}

export interface CatalogMemoryOptions {
  /** Keep every product page in memory ahead of the visitors (productPages.ts); default true. */
  keepProductPages?: boolean;
  /** The budget in bytes (default: CATALOG_CACHE_MB). */
  cacheBytes?: number;
  /** Answer searches without a keyword from the index (facets.ts); default true. */
  countInMemory?: boolean;
  /** How a product page's product is loaded (with its stock and the low-stock threshold), as the route answers it. */
  pageOptions?: ProductOutOptions;
}

/** Starts following the catalogue version (LISTEN), and filling the product pages and the index unless told not to. */
export async function startCatalogMemory(db: CountedDb, opts: CatalogMemoryOptions = {}): Promise<CatalogMemory> {
  const version = new CatalogVersion(db);
  await version.start();
  const cache = new CatalogCache(version, undefined, opts.cacheBytes);
  const stamps = new StockStamps();
  await stamps.start(db);
  const pages = new ProductPages(db, cache, version, stamps, opts.pageOptions ?? { withStock: true });
  if (opts.keepProductPages ?? true) pages.start();
  const facets = new CatalogFacets(db, version);
  if (opts.countInMemory ?? true) facets.start();
  const listings: ProductListing<unknown>[] = [];
  return {
    answer: (key, load, lasting) => cache.answer(key, load, lasting),
    // Kept until the catalogue changes, and filled ahead of the visitors (productPages.ts).
    // The English page under the key productPages.ts fills; another locale's beside it.
    productPage: (slug, load, locale = DEFAULT_LOCALE) => cache.answer(productPageKey(slug, stamps, locale), load, true),
    fromProductPage: (slug, make, locale = DEFAULT_LOCALE) => cache.remember(['made', ...productPageKey(slug, stamps, locale)], make, Infinity),
    slugOf: (id) => pages.slugOf(id),
    productWithStock: (id, load, locale = DEFAULT_LOCALE) => cache.answer(['product', id, stamps.of(id), locale], load, true),
    keepsProductPage: (slug, v, locale) => cache.has(answerKey(productPageKey(slug, stamps, locale)), v),
    remember: (key, load) => cache.remember(key, load),
    keptAt: (version) => ({
      productPage: (slug, locale = DEFAULT_LOCALE) => cache.answerAt(productPageKey(slug, stamps, locale), version),
      remember: async <T,>(key: unknown[], load: () => Promise<T>) => {
        const kept = cache.keptAt<T>(key, version);
        // One still being read by another request that fails is read here instead.
        if (kept) return kept.catch(load);
        const value = await load();
        cache.keepAt(key, version, value);
        return value;
      },
    }),
    search: (f) => facets.search(f),
    searchWords: (f) => facets.searchWords(f),
    productListing: <T>(build: BuildListing<T>) => {
      let listing: ProductListing<T> | undefined;
      return () => {
        if (!listing) {
          listing = new ProductListing(db, version, build);
          listings.push(listing);
          listing.start();
        }
        return listing.current();
      };
    },
    status: () => ({
      productPages: { filling: pages.filling, kept: pages.kept },
      facets: { building: facets.building },
      answers: { ...cache.size, keyBytes: cache.keptKeyBytes, hits: cache.hits, misses: cache.misses },
    }),
    close: async () => {
      await Promise.all([pages.close(), facets.close(), ...listings.map((l) => l.close())]);
      await Promise.all([version.close(), stamps.close()]);
    },
  };
}

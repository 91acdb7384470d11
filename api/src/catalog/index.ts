import { startCatalogMemory, type BuildListing, type CatalogMemory, type CatalogMemoryOptions, type CountedDb } from './memory/index.js';
import type { Currency, FirstViewData, LeadImageOf, Locale } from '@shop/contract';
import { createStorefront, type PageProduct, type StorefrontService } from './storefront/service.js';
import type { ProductsById } from './storefront/keptProducts.js';
import { loadProducts } from './productQueries.js';
import type { Queryable } from '../db/client.js';
import { madeEachTime, type Remember } from '../lib/remember.js';

// The catalogue, as the rest of the API sees it (a map: api/README.md, "The catalogue"):
//   storefront/  the shop's reads: routes → service → memory (kept answers) or queries (SQL)
//   admin/       the admin's writes to products: routes → service → queries
//   memory/      what the storefront keeps in memory, following the catalogue version
//   productQueries.ts  a whole product as the shop sends it (read by the cart, the wishlist, orders too)

export { countWrites, type BuildListing, type CountedDb, type CatalogMemoryStatus, type ListedProduct } from './memory/index.js';
export { sendAnswer, type CatalogAnswer } from './answer.js';
export { getProduct } from './storefront/service.js';
export type { ProductsById } from './storefront/keptProducts.js';

/**
 * Issue 43: what a cart change, an order preview and the shipping options take from the catalogue's memory
 * instead of the database: products by id (their kept pages, with quantities) and parts kept under the
 * catalogue version (the published currencies, the shipping and tax setup). A moment behind another
 * process's write at most; the order reads everything again in its transaction and charges that.
 */
export interface CatalogParts {
  products: ProductsById;
  remember: Remember;
  /**
   * The same parts as kept under exactly one catalogue version, from memory alone (no read, no wait for the
   * pool): an order's transaction reads the version in its own statement and takes what is kept under it,
   * exactly what it would read (a product not kept is left out, a part not kept is its load's, in the
   * transaction). Absent: no memory, the order reads everything.
   */
  at?: (version: number) => CatalogParts;
}


/** The same read from the database every time (a caller without the catalogue's memory). */
export const catalogPartsFrom = (q: Queryable): CatalogParts => ({
  products: async (ids, locale) => new Map((await loadProducts(q, [...ids], { withStock: true, locale }, 'shop')).map((p) => [p._id, p])),
  remember: madeEachTime,
});
export type { PageProduct, StorefrontService } from './storefront/service.js';

/** The catalogue's one interface for the app and the web layer (web/). */
export interface Catalog {
  /** The shop's reads (storefront/routes.ts). */
  storefront: StorefrontService;
  /** What the catalogue keeps in memory: its status (GET /api/health), and the kept answers for catalogue data read elsewhere (currencies). */
  memory: CatalogMemory;
  /** What a cart change, an order preview and the shipping options take from that memory (CatalogParts). */
  parts: CatalogParts;
  /** A page's lead photo for its preload hint (web/preloadHints.ts): the home's hero ('newest') or a product's first photo, or null. */
  leadImage(of: LeadImageOf, slug: string): Promise<string | null>;
  /** What a page's first view shows (web/firstView.ts): the newest products, or one by slug. */
  firstView: FirstViewData;
  /** The same in a locale (issue 37: a /fr/ page's first view shows the French titles). */
  firstViewIn(locale: Locale): FirstViewData;
  /** A product page's product in a locale (its head and its 404: web/pageHead.ts), or null. */
  pageProduct(slug: string, locale?: Locale): Promise<PageProduct | null>;
  /** The shop's default currency (a product page's price in its head), or null. */
  defaultCurrency(): Promise<Currency | null>;
  /** A listing of every product, kept per catalogue version (the sitemap: web/sitemap.ts). */
  productListing<T>(build: BuildListing<T>): () => Promise<T>;
  /** Stops following the catalogue. */
  close(): Promise<void>;
}

/**
 * The catalogue over db, which must be the one every module writes through (countWrites: the memory
 * sees this process's writes at once). Starts following the catalogue version and filling memory.
 */
export async function createCatalog(db: CountedDb, opts: CatalogMemoryOptions = {}): Promise<Catalog> {
  const memory = await startCatalogMemory(db, opts);
  const storefront = createStorefront(db, memory, opts.pageOptions);
  return {
    storefront,
    memory,
    parts: {
      products: storefront.productsById,
      remember: (key, load) => memory.remember(key, load),
      at: (version) => ({ products: storefront.productsAt(version), remember: memory.keptAt(version).remember }),
    },
    leadImage: storefront.leadImage,
    firstView: storefront.firstView,
    firstViewIn: (locale) => ({ newest: (limit) => storefront.firstView.newest(limit, locale), product: (slug) => storefront.firstView.product(slug, locale) }),
    pageProduct: storefront.pageProduct,
    defaultCurrency: storefront.defaultCurrency,
    productListing: (build) => memory.productListing(build),
    close: () => memory.close(),
  };
}

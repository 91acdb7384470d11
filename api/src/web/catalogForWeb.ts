import type { Currency, FirstViewData, FirstViewProduct, LeadImageOf, Locale, Product, Review } from '@shop/contract';

/** A product page's product: the whole of it (the page's head), its first view's card (the photos the page shows first) and its newest approved reviews (its structured data). */
export interface PageProduct {
  card: FirstViewProduct;
  product: Product;
  reviews?: Review[];
}

/** A product as the sitemap lists it: its slug and its last change (W3C date-time, UTC). */
export interface ListedProduct {
  slug: string;
  lastmod: string;
}

/**
 * What the web layer reads of the catalogue: its one interface to it, handed in when the app is wired
 * (app.ts), so web/ imports nothing of catalog/. A read for a page's optimisation (a preload hint, a
 * first view) that fails leaves that out, never the page.
 */
export interface CatalogForWeb {
  /**
   * A page's lead photo (an uploads path) for its preload hint, or null: the first photo among the
   * contract's NEWEST_PRODUCTS newest (the home's hero, the shop's first card), or the product's first.
   */
  leadImage(of: LeadImageOf, slug: string): Promise<string | null>;
  /** The reads a remote's first-view renderer may make (English); firstViewIn: the same in a locale (issue 37). */
  firstView: FirstViewData;
  firstViewIn?(locale: Locale): FirstViewData;
  /** The product at a slug in a locale (the same read as its first view: kept until the catalogue changes, 30 s at most), or null: no such product. */
  pageProduct(slug: string, locale?: Locale): Promise<PageProduct | null>;
  /** The shop's default currency (the first), or null. */
  defaultCurrency(): Promise<Currency | null>;
  /**
   * A listing made by build from every product (newest first, in batches), kept per catalogue version
   * and made again after each change; the answered function gives the current one.
   */
  productListing<T>(build: (batches: AsyncIterable<ListedProduct[]>) => Promise<T>): () => Promise<T>;
}

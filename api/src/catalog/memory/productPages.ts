import type { Queryable } from '../../db/client.js';
import { keepBody } from '../../lib/compression.js';
import { DEFAULT_LOCALE, type Locale, LOCALES } from '@shop/contract';
import { loadProductsIn, type ProductOutOptions } from '../productQueries.js';
import { answerKey, type CatalogCache } from './cache.js';
import type { CatalogVersion } from './catalogVersion.js';
import { CatalogFollower } from './followCatalog.js';
import type { StockStamps } from './stockStamps.js';
import { productsAfter, productsChangedBetween, type ProductCursor } from './queries.js';

/**
 * The cache key of a product page's answer (GET /product/slugSearch/:slug): its slug, its stock stamp
 * (the page carries quantities), and its locale but for the default's (issue 37).
 */
export const productPageKey = (slug: string, stamps: Pick<StockStamps, 'of'>, locale: Locale = DEFAULT_LOCALE): unknown[] =>
  locale === DEFAULT_LOCALE ? ['slug', slug, stamps.of(slug)] : ['slug', slug, stamps.of(slug), locale];
/** Every language's pages are kept ahead (issue 37: a French page as fast as an English one). */
const PAGE_LOCALES: Locale[] = LOCALES.map((l) => l.code);

export interface ProductPagesOptions {
  /** Products read per query. */
  batch: number;
  /** The share of the cache's budget the pages may fill, so lists keep room beside them. */
  share: number;
  /** Wait after a catalogue change before filling again (an admin saving several things in a row). */
  delayMs: number;
}

/**
 * Every product page kept in the catalogue cache ahead of the visitors: filled at start, newest
 * product first, until all are kept or they take `share` of the cache's budget, and brought up to
 * date after each catalogue change (which makes every kept answer stale: see the end). A page read from memory costs ~0.02 ms of CPU;
 * one read from the database ~0.6 ms (product_json, the pg protocol, JSON, compression), so a shop
 * whose pages are not kept serves a product page ~25 times slower the first time each is viewed
 * after a change, and its long tail of rarely viewed products almost always so. Kept as gzip, a page
 * costs ~1.3 KB: 100,000 products take ~130 MB a language (the default budget is 384 MB; CATALOG_CACHE_MB).
 * Pages are read 100 to a query, between the visitors' own queries, and each is the very answer the
 * route would make (same function, same JSON). After a change to some products only (an admin's edit),
 * their pages are read again and every other kept page is carried over to the new version (migration
 * 007 records which products each version changed); a change every page is made of (a currency, a
 * discount, a filter) or a bulk load reads them all again.
 */
export class ProductPages extends CatalogFollower {
  /** Pages kept by this process since it started (read from the database, not carried over). */
  kept = 0;
  /** The version the last walk or carry-over finished under, with every page the budget share allows kept. */
  private completeAt?: number;
  /** The slug of each product whose page the walk kept (id -> slug): what a carry-over carries. */
  private readonly slugs = new Map<string, string>();

  constructor(
    private readonly db: Queryable,
    private readonly cache: CatalogCache,
    version: Pick<CatalogVersion, 'current' | 'onChange'>,
    private readonly stamps: StockStamps,
    /** How a page loads its product: as the route answers it (with its stock). */
    private readonly pageOptions: ProductOutOptions,
    private readonly o: ProductPagesOptions = { batch: 100, share: 0.8, delayMs: 1_000 },
  ) {
    super(version, o.delayMs);
  }

  /** The slug of a product whose page a walk kept (a cart line names its product by id), or undefined. */
  slugOf(id: string): string | undefined {
    return this.slugs.get(id);
  }

  /** True from a catalogue change (or start) until the pages of the current version are all kept, or the budget share is full. */
  get filling() {
    return this.busy;
  }

  protected async run(version: number, outdated: () => Promise<boolean>) {
    const from = this.completeAt;
    // Already whole for this version: a run asked again without a change (the first version this
    // process learns is announced as a change too). A walk here would only be cut short by the next
    // real change, which would then have to read every page again.
    if (from === version) return;
    this.completeAt = undefined;
    const done = from !== undefined && from < version ? await this.carryOver(from, version, outdated) : await this.walk(version, outdated);
    if (done && !(await outdated())) this.completeAt = version;
  }

  /** Reads again the pages of the products changed since `from` and carries the others over; false when every page must be read again. */
  private async carryOver(from: number, version: number, outdated: () => Promise<boolean>): Promise<boolean> {
    const changed = await productsChangedBetween(this.db, from, version);
    if (!changed) return this.walk(version, outdated);
    const unchanged: string[] = [];
    for (const [id, slug] of this.slugs) {
      if (changed.has(id)) this.slugs.delete(id);
      else for (const locale of PAGE_LOCALES) unchanged.push(answerKey(productPageKey(slug, this.stamps, locale)));
    }
    this.cache.carry(unchanged, from, version);
    this.keepPages(version, await this.load([...changed])); // a deleted product is not found: its page goes stale
    return true;
  }

  /** Every product, newest first, its page read where it is not kept, until the budget share is full; false when a newer version stopped it. */
  private async walk(version: number, outdated: () => Promise<boolean>): Promise<boolean> {
    // Only pages kept under this version may be carried over later: a slug kept before may name another product now.
    this.slugs.clear();
    let after: ProductCursor | null = null;
    for (;;) {
      if (await outdated()) return false; // the next fill is on its way
      if (this.cache.size.bytes >= this.o.share * this.cache.maxBytes) return true; // as many as may be kept are
      const batch = await productsAfter(this.db, after, this.o.batch);
      if (!batch.length) return true;
      after = batch[batch.length - 1];
      const missing = batch.filter((p) => PAGE_LOCALES.some((locale) => !this.cache.has(answerKey(productPageKey(p.slug, this.stamps, locale)), version)));
      for (const p of batch) this.slugs.set(p.id, p.slug);
      if (missing.length) this.keepPages(version, await this.load(missing.map((p) => p.id)));
      await new Promise((resolve) => setImmediate(resolve)); // the visitors' requests first
    }
  }

  /** Pages as the route answers them, and the stock stamp's point they were read after. */
  private async load(ids: string[]) {
    const readAfter = this.stamps.now;
    // The storefront's: a draft is not found (issue 19), so its page is not kept, and a page kept before it was unpublished goes stale.
    return { readAfter, inLocales: await loadProductsIn(this.db, ids, PAGE_LOCALES, this.pageOptions, 'shop') };
  }

  private keepPages(version: number, { readAfter, inLocales }: { readAfter: number; inLocales: Array<Array<{ _id: string; slug: string }>> }) {
    for (const [i, products] of inLocales.entries()) {
      for (const product of products) {
        // Its quantities moved while it was read: left for the next visitor to read again.
        if (this.stamps.changedSince(readAfter, product.slug)) continue;
        this.cache.keep(answerKey(productPageKey(product.slug, this.stamps, PAGE_LOCALES[i])), version, keepBody(Buffer.from(JSON.stringify(product))));
        this.slugs.set(product._id, product.slug);
        if (i === 0) this.kept++;
      }
    }
  }
}

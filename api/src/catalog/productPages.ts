import type { Db } from '../db/client.js';
import { keepBody } from '../lib/compression.js';
import { answerKey, type CatalogCache, type CatalogVersion } from './cache.js';
import { CatalogFollower } from './followCatalog.js';
import { loadProducts } from './products.js';
import { productsAfter, type ProductCursor } from './queries.js';

/** The cache key of a product page's answer (GET /product/slugSearch/:slug). */
export const productPageKey = (slug: string): unknown[] => ['slug', slug];

export interface ProductPagesOptions {
  /** Products read per query. */
  batch: number;
  /** The share of the cache's budget the pages may fill, so lists keep room beside them. */
  share: number;
  /** Wait after a catalogue change before filling again (an admin saving several things in a row). */
  delayMs: number;
}

/**
 * Every product page kept in the catalogue cache ahead of the visitors: filled at start, and again
 * after each catalogue change (which makes every kept answer stale), newest product first, until all
 * are kept or they take `share` of the cache's budget. A page read from memory costs ~0.02 ms of CPU;
 * one read from the database ~0.6 ms (product_json, the pg protocol, JSON, compression), so a shop
 * whose pages are not kept serves a product page ~25 times slower the first time each is viewed
 * after a change, and its long tail of rarely viewed products almost always so. Kept as gzip, a page
 * costs ~1.3 KB: 100,000 products take ~130 MB (the default budget is 192 MB; CATALOG_CACHE_MB).
 * Pages are read 100 to a query, between the visitors' own queries, and each is the very answer the
 * route would make (same function, same JSON).
 */
export class ProductPages extends CatalogFollower {
  /** Pages kept by this process since it started. */
  kept = 0;

  constructor(
    private readonly db: Db,
    private readonly cache: CatalogCache,
    version: Pick<CatalogVersion, 'current' | 'onChange'>,
    private readonly o: ProductPagesOptions = { batch: 100, share: 0.8, delayMs: 1_000 },
  ) {
    super(version, o.delayMs);
  }

  /** True from a catalogue change (or start) until the pages of the current version are all kept, or the budget share is full. */
  get filling() {
    return this.busy;
  }

  protected async run(version: number, outdated: () => Promise<boolean>) {
    let after: ProductCursor | null = null;
    for (;;) {
      if (await outdated()) return; // the next fill is on its way
      if (this.cache.size.bytes >= this.o.share * this.cache.maxBytes) return;
      const batch = await productsAfter(this.db, after, this.o.batch);
      if (!batch.length) return;
      after = batch[batch.length - 1];
      const missing = batch.filter((p) => !this.cache.has(answerKey(productPageKey(p.slug)), version));
      if (missing.length) {
        for (const product of await loadProducts(this.db, missing.map((p) => p.id))) {
          this.cache.keep(answerKey(productPageKey(product.slug)), version, keepBody(Buffer.from(JSON.stringify(product))));
          this.kept++;
        }
      }
      await new Promise((resolve) => setImmediate(resolve)); // the visitors' requests first
    }
  }
}

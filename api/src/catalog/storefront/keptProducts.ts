import type { Locale } from '@shop/contract';
import type { Queryable } from '../../db/client.js';
import { keptFor, type KeptBody } from '../../lib/compression.js';
import { HttpError } from '../../lib/errors.js';
import { KeptByBytes } from '../../lib/keptByBytes.js';
import { cacheBudgetBytes } from '../memory/cache.js';
import { loadProducts, type ProductOut, type ProductOutOptions } from '../productQueries.js';

/**
 * Issue 43: products by id as the shop's kept product pages have them (the same read, with quantities), for a
 * cart and its order preview, whose lines name their products by id: reading each line's product as JSON
 * built in SQL was most of a preview's cost. A page is parsed once and the object kept beside it while its
 * answer is the one kept (a new answer is a new key: catalogue or stock changed), within parsedBytes.
 * A product whose page is not kept (not walked yet, not published) is read from the database as before.
 * The objects are shared: callers read them and never change them.
 */
/**
 * The parsed products' memory: this share of CATALOG_CACHE_MB (48 MB of 384: ~8,000 products of ~3 KB). It was a
 * fixed 16 MB (~1,800 products counted at 3 × their JSON): carts naming 2,000 products in turn (the preview
 * bench's) found 32 of 15,180 parsed, a least-recently-used memory just smaller than what is read in a
 * cycle keeping nothing that is read again (bench/README.md, 2026-11-30 17:45).
 */
export const PARSED_SHARE = 1 / 8;
/** A parsed product's heap against its JSON's length (measured: 4,610 bytes of heap for a 2,565-byte bench product, 1.8 ×). */
const HEAP_PER_JSON_BYTE = 2;

export type ProductsById = (ids: readonly string[], locale?: Locale) => Promise<Map<string, ProductOut>>;
/** A product page's answer as kept under one catalogue version, or undefined (CatalogMemory.keptAt). */
export type PageKeptAt = (version: number) => (slug: string, locale?: Locale) => Promise<KeptBody> | undefined;
/** Products by id whose pages are kept under exactly version, read from memory alone: one not kept is left out. */
export type ProductsKeptAt = (version: number) => ProductsById;

export function keptProducts(
  db: Queryable,
  slugOf: (id: string) => string | undefined,
  productPage: (slug: string, locale?: Locale) => Promise<KeptBody>,
  pageOptions: ProductOutOptions,
  pageAt: PageKeptAt,
  parsedBytes = Math.floor(cacheBudgetBytes() * PARSED_SHARE),
): { byId: ProductsById; at: ProductsKeptAt } {
  const parsed = new KeptByBytes<KeptBody, ProductOut>(parsedBytes);
  const parse = (kept: KeptBody): ProductOut => {
    const known = parsed.get(kept);
    if (known) return known;
    const json = keptFor(kept, undefined).body.toString('utf8');
    return parsed.set(kept, JSON.parse(json) as ProductOut, json.length * HEAP_PER_JSON_BYTE);
  };
  const fromPage = async (id: string, locale?: Locale): Promise<ProductOut | null> => {
    const slug = slugOf(id);
    if (!slug) return null;
    try {
      const product = parse(await productPage(slug, locale));
      // A slug may name another product since the walk (renamed, then reused).
      return product._id === id ? product : null;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    }
  };
  const byId: ProductsById = async (ids, locale) => {
    const found = new Map<string, ProductOut>();
    const wanted = [...new Set(ids)];
    const kept = await Promise.all(wanted.map((id) => fromPage(id, locale)));
    const missing = wanted.filter((id, i) => {
      const p = kept[i];
      if (p) found.set(id, p);
      return !p;
    });
    if (missing.length) for (const p of await loadProducts(db, missing, { ...pageOptions, locale }, 'shop')) found.set(p._id, p);
    return found;
  };
  const at: ProductsKeptAt = (version) => {
    const page = pageAt(version);
    return async (ids, locale) => {
      const found = new Map<string, ProductOut>();
      for (const id of new Set(ids)) {
        const slug = slugOf(id);
        const kept = slug === undefined ? undefined : page(slug, locale);
        // A page still being read that fails (a 404) is left out like one not kept.
        const product = kept && (await kept.then(parse, () => null));
        if (product?._id === id) found.set(id, product);
      }
      return found;
    };
  };
  return { byId, at };
}

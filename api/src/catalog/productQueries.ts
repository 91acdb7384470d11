import type { Queryable } from '../db/client.js';
import type { DiscountOut } from '../discounts/queries.js';
import { combinationKey, combinationsOf, DEFAULT_LOCALE, isAvailable, isNewProduct, type Locale, type Product, ratingOf, type StockLevel, translated, type Translations, type Variant, type VariantOption } from '@shop/contract';
import { toDiscountValues, toPriceList, type PriceMap } from '../lib/money.js';

// The wire shapes are the contract's (one definition for the API and the browser); the API always
// sends a product's createdAt.
export type OptionOut = VariantOption;
export type VariantOut = Variant;
export type ProductOut = Product & { createdAt: string };

export function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

// A whole product is read as one JSON value built by PostgreSQL (product_json, migration 005), so
// loading any number of products (a page, a cart, an order) is one round trip.

/** SQL: the whole product of id `idSql` as JSON (null when there is none), for {@link toProductOut}; drafts too (the back office's). */
export const productJson = (idSql: string) => `product_json(${idSql})`;
/**
 * SQL: the same for the storefront (product pages, lists, carts, wishlists, checkouts): null for a draft
 * as for a product that is gone (issue 19, migration 021).
 */
export const shopProductJson = (idSql: string) => `shop_product_json(${idSql})`;

/** SQL: the shop's currency ids in their order, as a JSON array (price lists follow it). */
export const CURRENCY_IDS_JSON = `(SELECT coalesce(json_agg(c.id ORDER BY c.seq), '[]') FROM currencies c)`;

/** A discount as discount_json (migration 005) reads it: times in epoch milliseconds. */
export interface DiscountJson {
  id: string;
  title: string;
  discountType: 'fixed' | 'percentage';
  timeLimit: number;
  value: PriceMap;
  translations?: Translations<'name'> | null;
}
/** A product as product_json (migration 005) reads it (json_agg of nothing is null). */
export interface ProductJson {
  id: string;
  slug: string;
  title: string;
  description: string;
  features: string[];
  tags: string[];
  imageUrls: string[];
  createdAt: number;
  prices: PriceMap | null;
  variants: Array<{
    id: string;
    type: string;
    translations?: Translations<'name'> | null;
    options: Array<{ id: string; name: string; isActive: boolean; inStock: boolean; incRate: PriceMap; imageUrls: string[]; weight?: number; translations?: Translations<'name'> | null }> | null;
  }> | null;
  filterOptions: string[] | null;
  discounts: DiscountJson[] | null;
  trackInventory: boolean;
  /** Quantity by combination key (migration 008); null when none was ever set. */
  stock: Record<string, number> | null;
  /** False: a draft, the back office's only (migration 021). */
  published: boolean;
  /** Migration 030: {locale: {title, description}}; null when it has none. */
  translations?: Translations<'title' | 'description'> | null;
  /** Migration 038 (issue 39): grams, and the tax class (null: the default). */
  weight?: number;
  taxClassId?: string | null;
}

export const toDiscountOut = (d: DiscountJson, currencyIds: string[], locale: Locale = DEFAULT_LOCALE): DiscountOut => ({
  _id: d.id,
  title: translated(d.title, d.translations, locale, 'name'),
  discountType: d.discountType,
  timeLimit: new Date(d.timeLimit).toISOString(),
  value: toDiscountValues(d.value, currencyIds),
});

/** How the quantities go out: in single-product answers (withStock), not in lists, whose kept answers follow the catalogue only. */
export interface ProductOutOptions {
  withStock?: boolean;
  lowStockThreshold?: number;
  /** The language of its texts (issue 37; default English): each text its translation, or the English where it has none. */
  locale?: Locale;
  /** Every translation too (a product by id: the back office's edit modal reads them there). */
  withTranslations?: boolean;
}
/** Which products a read finds: the storefront's (published only: a draft is not found) or the back office's (drafts too). */
export type ProductsOf = 'shop' | 'admin';
const jsonOf = (of: ProductsOf) => (of === 'shop' ? shopProductJson : productJson);

/** One entry per combination in variant order (quantity 0 where none was set), then any other stored one (a grid past MAX_COMBINATIONS). */
export function stockLevels(variants: Variant[], stored: Record<string, number> | null): StockLevel[] {
  const all = combinationsOf(variants);
  if (all) return all.map((options) => ({ options, quantity: stored?.[combinationKey(options)] ?? 0 }));
  return Object.entries(stored ?? {}).map(([key, quantity]) => ({ options: key ? key.split(',') : [], quantity }));
}

export const toProductOut = (p: ProductJson, currencyIds: string[], o: ProductOutOptions = {}): ProductOut => {
  const product = baseProductOut(p, currencyIds, o.locale ?? DEFAULT_LOCALE, !!o.withTranslations);
  const stock = stockLevels(product.variants, p.stock);
  // Worked out here from the same JSON rather than by the database for every product read (a list, a cart, a checkout).
  product.available = isAvailable({ variants: product.variants, trackInventory: p.trackInventory, stock });
  return o.withStock ? { ...product, stock, lowStockThreshold: o.lowStockThreshold } : product;
};

/** Its translations when asked for and it has some (an empty set is left out). */
const withAll = <T>(all: boolean, translations: T | null | undefined) => (all && translations ? { translations } : {});

const baseProductOut = (p: ProductJson, currencyIds: string[], locale: Locale, all: boolean): ProductOut => ({
  _id: p.id,
  slug: p.slug,
  title: translated(p.title, p.translations, locale, 'title'),
  description: translated(p.description, p.translations, locale, 'description'),
  features: p.features,
  imageUrls: p.imageUrls,
  basePrice: toPriceList(p.prices ?? {}, currencyIds),
  tags: p.tags,
  isNew: isNewProduct(p),
  discounts: (p.discounts ?? []).map((d) => toDiscountOut(d, currencyIds, locale)),
  filterOptions: p.filterOptions ?? [],
  variants: (p.variants ?? []).map((v) => ({
    _id: v.id,
    type: translated(v.type, v.translations, locale, 'name'),
    ...withAll(all, v.translations),
    options: (v.options ?? []).map((o) => ({
      _id: o.id,
      name: translated(o.name, o.translations, locale, 'name'),
      isActive: o.isActive,
      inStock: o.inStock,
      incRate: toPriceList(o.incRate, currencyIds),
      imageUrls: o.imageUrls ?? [],
      weight: o.weight ?? 0,
      ...withAll(all, o.translations),
    })),
  })),
  createdAt: new Date(p.createdAt).toISOString(),
  trackInventory: p.trackInventory,
  available: true,
  published: p.published ?? true,
  weight: p.weight ?? 0,
  taxClassId: p.taxClassId ?? null,
  locale,
  ...withAll(all, p.translations),
});

/** SQL: a product's kept rating (migration 032, joined as `pr`): its approved reviews' count and sum of stars. */
const RATING_COLUMNS = 'coalesce(pr.count, 0) AS rating_count, coalesce(pr.total, 0) AS rating_total';
interface RatingColumns {
  rating_count: number;
  rating_total: number;
}
/** The product with its rating (issue 41): the average to one decimal, 0 without approved reviews. */
const withRating = (p: ProductOut, r: RatingColumns): ProductOut => ({
  ...p,
  rating: ratingOf(r.rating_count, r.rating_total),
});

/**
 * Loads whole products (prices, variants, options, discounts, filter options) in the order of ids, in
 * one query; drafts only for the back office (of: 'admin', the default: the callers that name products
 * by id are the admin's and the storefront's own, which says 'shop').
 */
export async function loadProducts(q: Queryable, ids: string[], o?: ProductOutOptions, of: ProductsOf = 'admin'): Promise<ProductOut[]> {
  return (await loadProductsIn(q, ids, [o?.locale ?? DEFAULT_LOCALE], o, of))[0];
}

/** The same products in each of the locales, read once (the product pages kept ahead in every language: memory/productPages.ts). */
export async function loadProductsIn(q: Queryable, ids: string[], locales: Locale[], o?: ProductOutOptions, of: ProductsOf = 'admin'): Promise<ProductOut[][]> {
  if (!ids.length) return locales.map(() => []);
  const rows = await q.query<{ product: ProductJson | null; currency_ids: string[] } & RatingColumns>(
    `SELECT ${jsonOf(of)('wanted.id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids, ${RATING_COLUMNS}
       FROM unnest($1::uuid[]) WITH ORDINALITY AS wanted (id, n) LEFT JOIN product_ratings pr ON pr.product_id = wanted.id ORDER BY wanted.n`,
    [ids],
    `load_products_${of}`,
  );
  return locales.map((locale) => rows.flatMap((r) => (r.product ? [withRating(toProductOut(r.product, r.currency_ids, { ...o, locale }), r)] : [])));
}

export async function loadProduct(q: Queryable, id: string, o?: ProductOutOptions, of: ProductsOf = 'admin'): Promise<ProductOut | undefined> {
  return (await loadProducts(q, [id], o, of))[0];
}

/** A product page's product by its slug, in one query (no slug-to-id round trip first); a draft is not found. */
export async function loadProductBySlug(q: Queryable, slug: string, o?: ProductOutOptions): Promise<ProductOut | undefined> {
  const row = await q.one<{ product: ProductJson; currency_ids: string[] } & RatingColumns>(
    `SELECT ${shopProductJson('p.id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids, ${RATING_COLUMNS}
       FROM products p LEFT JOIN product_ratings pr ON pr.product_id = p.id WHERE p.slug = $1`,
    [slug],
    'load_product_by_slug',
  );
  return row?.product ? withRating(toProductOut(row.product, row.currency_ids, o), row) : undefined;
}

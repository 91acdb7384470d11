import type { Queryable } from '../db/client.js';
import type { DiscountOut } from '../discounts/queries.js';
import { toPriceList, type Price, type PriceMap } from '../lib/money.js';

export interface OptionOut {
  _id: string;
  name: string;
  isActive: boolean;
  inStock: boolean;
  incRate: Price[];
}
export interface VariantOut {
  _id: string;
  type: string;
  options: OptionOut[];
}
export interface ProductOut {
  _id: string;
  slug: string;
  title: string;
  description: string;
  features: string[];
  imageUrls: string[];
  basePrice: Price[];
  tags: string[];
  isNew: boolean;
  discounts: DiscountOut[];
  filterOptions: string[];
  variants: VariantOut[];
  createdAt: string;
}

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

// A whole product is read as one JSON value built by PostgreSQL, so loading any number of products
// (a page, a cart, an order) is one round trip. Times travel as epoch milliseconds (floor), which is
// what both drivers make of a timestamptz column: the JSON text of a timestamp would depend on the
// session's time zone.
const epochMs = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;

/** SQL: one discount `d` (a row of discounts) as JSON, for {@link toDiscountOut}. */
export const DISCOUNT_JSON = `json_build_object('id', d.id, 'title', d.title, 'discountType', d.discount_type, 'timeLimit', ${epochMs('d.time_limit')}, 'value', d.value)`;

/** SQL: the shop's currency ids in their order, as a JSON array (price lists follow it). */
export const CURRENCY_IDS_JSON = `(SELECT coalesce(json_agg(c.id ORDER BY c.seq), '[]') FROM currencies c)`;

/**
 * SQL: the whole product `p` (a row of products) as JSON, for {@link toProductOut}: its prices,
 * variants with their options (in creation order), filter options (in filter order) and discounts.
 */
export const PRODUCT_JSON = `json_build_object(
  'id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags,
  'imageUrls', p.image_urls, 'createdAt', ${epochMs('p.created_at')},
  'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id),
  'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'options',
      (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate) ORDER BY o.seq)
         FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq)
     FROM variants v WHERE v.product_id = p.id),
  'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id),
  'discounts', (SELECT json_agg(${DISCOUNT_JSON} ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id)
)`;

/** A discount as {@link DISCOUNT_JSON} reads it. */
export interface DiscountJson {
  id: string;
  title: string;
  discountType: 'fixed' | 'percentage';
  timeLimit: number;
  value: PriceMap;
}
/** A product as {@link PRODUCT_JSON} reads it (json_agg of nothing is null). */
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
  variants: Array<{ id: string; type: string; options: Array<{ id: string; name: string; isActive: boolean; inStock: boolean; incRate: PriceMap }> | null }> | null;
  filterOptions: string[] | null;
  discounts: DiscountJson[] | null;
}

export const toDiscountOut = (d: DiscountJson, currencyIds: string[]): DiscountOut => ({
  _id: d.id,
  title: d.title,
  discountType: d.discountType,
  timeLimit: new Date(d.timeLimit).toISOString(),
  value: toPriceList(d.value, currencyIds),
});

export const toProductOut = (p: ProductJson, currencyIds: string[]): ProductOut => ({
  _id: p.id,
  slug: p.slug,
  title: p.title,
  description: p.description,
  features: p.features,
  imageUrls: p.imageUrls,
  basePrice: toPriceList(p.prices ?? {}, currencyIds),
  tags: p.tags,
  isNew: p.tags.some((t) => t.toLowerCase() === 'new'),
  discounts: (p.discounts ?? []).map((d) => toDiscountOut(d, currencyIds)),
  filterOptions: p.filterOptions ?? [],
  variants: (p.variants ?? []).map((v) => ({
    _id: v.id,
    type: v.type,
    options: (v.options ?? []).map((o) => ({ _id: o.id, name: o.name, isActive: o.isActive, inStock: o.inStock, incRate: toPriceList(o.incRate, currencyIds) })),
  })),
  createdAt: new Date(p.createdAt).toISOString(),
});

/** Loads whole products (prices, variants, options, discounts, filter options) in the order of ids, in one query. */
export async function loadProducts(q: Queryable, ids: string[]): Promise<ProductOut[]> {
  if (!ids.length) return [];
  const rows = await q.query<{ product: ProductJson; currency_ids: string[] }>(
    `SELECT ${PRODUCT_JSON} AS product, ${CURRENCY_IDS_JSON} AS currency_ids
       FROM unnest($1::uuid[]) WITH ORDINALITY AS wanted (id, n) JOIN products p ON p.id = wanted.id
      ORDER BY wanted.n`,
    [ids],
  );
  return rows.map((r) => toProductOut(r.product, r.currency_ids));
}

export async function loadProduct(q: Queryable, id: string): Promise<ProductOut | undefined> {
  return (await loadProducts(q, [id]))[0];
}

import type { Queryable } from '../db/client.js';
import { currencyIds } from '../currencies/queries.js';
import { discountRowsOfProducts, toDiscount, type DiscountOut } from '../discounts/queries.js';
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

interface ProductRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  features: string[];
  tags: string[];
  image_urls: string[];
  created_at: Date;
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

/** Loads whole products (prices, variants, options, discounts, filter options) in the order of ids. */
export async function loadProducts(q: Queryable, ids: string[]): Promise<ProductOut[]> {
  if (!ids.length) return [];
  const [rows, prices, variants, options, links, discounts, currs] = await Promise.all([
    q.query<ProductRow>(`SELECT id, slug, title, description, features, tags, image_urls, created_at FROM products WHERE id = ANY($1::uuid[])`, [ids]),
    q.query<{ product_id: string; currency_id: string; amount: number }>(
      `SELECT product_id, currency_id, amount FROM product_prices WHERE product_id = ANY($1::uuid[])`,
      [ids],
    ),
    q.query<{ id: string; product_id: string; type: string }>(`SELECT id, product_id, type FROM variants WHERE product_id = ANY($1::uuid[]) ORDER BY seq`, [ids]),
    q.query<{ id: string; variant_id: string; name: string; is_active: boolean; in_stock: boolean; inc_rate: PriceMap }>(
      `SELECT o.id, o.variant_id, o.name, o.is_active, o.in_stock, o.inc_rate FROM variant_options o
         JOIN variants v ON v.id = o.variant_id WHERE v.product_id = ANY($1::uuid[]) ORDER BY o.seq`,
      [ids],
    ),
    q.query<{ product_id: string; option_id: string }>(
      `SELECT l.product_id, l.option_id FROM product_filter_options l JOIN filter_options o ON o.id = l.option_id
        WHERE l.product_id = ANY($1::uuid[]) ORDER BY o.seq`,
      [ids],
    ),
    discountRowsOfProducts(q, ids),
    currencyIds(q),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const priceBy = groupBy(prices, (p) => p.product_id);
  const variantBy = groupBy(variants, (v) => v.product_id);
  const optionBy = groupBy(options, (o) => o.variant_id);
  const linkBy = groupBy(links, (l) => l.product_id);
  const discountBy = groupBy(discounts, (d) => d.product_id);
  const out: ProductOut[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const priceMap: PriceMap = {};
    for (const p of priceBy.get(id) ?? []) priceMap[p.currency_id] = p.amount;
    out.push({
      _id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      features: r.features,
      imageUrls: r.image_urls,
      basePrice: toPriceList(priceMap, currs),
      tags: r.tags,
      isNew: r.tags.some((t) => t.toLowerCase() === 'new'),
      discounts: (discountBy.get(id) ?? []).map((d) => toDiscount(d, currs)),
      filterOptions: (linkBy.get(id) ?? []).map((l) => l.option_id),
      variants: (variantBy.get(id) ?? []).map((v) => ({
        _id: v.id,
        type: v.type,
        options: (optionBy.get(v.id) ?? []).map((o) => ({
          _id: o.id,
          name: o.name,
          isActive: o.is_active,
          inStock: o.in_stock,
          incRate: toPriceList(o.inc_rate, currs),
        })),
      })),
      createdAt: new Date(r.created_at).toISOString(),
    });
  }
  return out;
}

export async function loadProduct(q: Queryable, id: string): Promise<ProductOut | undefined> {
  return (await loadProducts(q, [id]))[0];
}

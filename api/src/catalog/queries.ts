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

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
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

export interface SearchInput {
  keyword?: string;
  currencyId: string | null;
  sortBy: string;
  optionGroups: string[][];
  gte?: number;
  lte?: number;
  limit: number;
  offset: number;
}

const SORTS: Record<string, string> = {
  '-createdAt': 'p.created_at DESC, p.id',
  title: 'lower(p.title) ASC, p.id',
  '-title': 'lower(p.title) DESC, p.id',
  basePrice: 'coalesce(pp.amount, 0) ASC, p.created_at DESC, p.id',
  '-basePrice': 'coalesce(pp.amount, 0) DESC, p.created_at DESC, p.id',
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

export async function searchProductIds(q: Queryable, s: SearchInput): Promise<{ ids: string[]; total: number }> {
  const params: unknown[] = [s.currencyId];
  const where: string[] = [];
  const kw = s.keyword?.trim();
  if (kw) {
    params.push(`%${likeEscape(kw)}%`);
    const k = `$${params.length}`;
    where.push(`(p.title ILIKE ${k} OR p.description ILIKE ${k} OR EXISTS (SELECT 1 FROM unnest(p.tags) t WHERE t ILIKE ${k}))`);
  }
  if (s.gte !== undefined) {
    params.push(s.gte);
    where.push(`coalesce(pp.amount, 0) >= $${params.length}`);
  }
  if (s.lte !== undefined) {
    params.push(s.lte);
    where.push(`coalesce(pp.amount, 0) <= $${params.length}`);
  }
  for (const group of s.optionGroups) {
    params.push(group);
    where.push(`EXISTS (SELECT 1 FROM product_filter_options l WHERE l.product_id = p.id AND l.option_id = ANY($${params.length}::uuid[]))`);
  }
  // The page and the count are two queries: the page walks an index and stops after offset + limit
  // rows (count(*) OVER () made it visit every match first). PostgreSQL drops the price join where
  // no price column is used (a LEFT JOIN on the price's primary key cannot change the rows).
  const whereSql = where.length ? 'WHERE ' + where.join(' AND ') : '';
  const priceJoin = `LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = $1::uuid`;
  const [rows, count] = await Promise.all([
    q.query<{ id: string }>(
      `SELECT p.id FROM products p ${priceJoin} ${whereSql}
        ORDER BY ${SORTS[s.sortBy] ?? SORTS['-createdAt']}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, s.limit, s.offset],
    ),
    q.one<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${priceJoin} ${whereSql}`, params),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.total ?? 0 };
}

/** Selected filter option ids grouped by their filter (OR inside a group, AND across groups). */
export async function groupOptionIds(q: Queryable, ids: string[]): Promise<string[][]> {
  if (!ids.length) return [];
  const rows = await q.query<{ id: string; filter_id: string }>(`SELECT id, filter_id FROM filter_options WHERE id = ANY($1::uuid[])`, [ids]);
  return [...groupBy(rows, (r) => r.filter_id).values()].map((g) => g.map((r) => r.id));
}

export const productIdBySlug = async (q: Queryable, slug: string) =>
  (await q.one<{ id: string }>(`SELECT id FROM products WHERE slug = $1`, [slug]))?.id;

export const newestIds = async (q: Queryable, limit: number) =>
  (await q.query<{ id: string }>(`SELECT id FROM products ORDER BY created_at DESC, id LIMIT $1`, [limit])).map((r) => r.id);

export const onSaleIds = async (q: Queryable, limit: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id FROM products p WHERE EXISTS (SELECT 1 FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id
          WHERE pd.product_id = p.id AND d.time_limit >= now()) ORDER BY p.created_at DESC, p.id LIMIT $1`,
      [limit],
    )
  ).map((r) => r.id);

export const bestSellerIds = async (q: Queryable, limit: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id FROM products p LEFT JOIN (
          SELECT oi.product_id, sum(oi.quantity) AS sold FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE o.status NOT IN ('cancelled', 'rejected') GROUP BY oi.product_id) s ON s.product_id = p.id
        ORDER BY coalesce(s.sold, 0) DESC, p.created_at DESC, p.id LIMIT $1`,
      [limit],
    )
  ).map((r) => r.id);

export const maxBasePrice = async (q: Queryable, currencyId: string) =>
  (await q.one<{ m: number | null }>(`SELECT max(amount) AS m FROM product_prices WHERE currency_id = $1`, [currencyId]))?.m ?? 0;

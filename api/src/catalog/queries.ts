import type { Queryable } from '../db/client.js';
import { groupBy } from './products.js';

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

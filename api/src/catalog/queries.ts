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
  basePrice: 'pp.amount ASC, p.created_at DESC, p.id',
  '-basePrice': 'pp.amount DESC, p.created_at DESC, p.id',
};
// With a LEFT JOIN (some products have no price in the currency) those come first going up and
// last going down: they count as the cheapest. Only the inner join's order (no NULLS clause) is
// the order of product_prices_sort_idx, which the page then walks and leaves after the page.
const UNPRICED_SORTS: Record<string, string> = {
  basePrice: 'pp.amount ASC NULLS FIRST, p.created_at DESC, p.id',
  '-basePrice': 'pp.amount DESC NULLS LAST, p.created_at DESC, p.id',
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** Products without a price in the currency (all of them when there is no currency): kept by triggers (migration 004). */
const unpricedCount = async (q: Queryable, currencyId: string | null) =>
  (await q.one<{ n: number }>(`SELECT coalesce((SELECT products FROM unpriced_counts WHERE currency_id = $1::uuid), (SELECT products FROM catalog_counts)) AS n`, [currencyId]))?.n ?? 0;

/** Keeps a value under key while the catalogue is unchanged (CatalogCache.remember). */
export type Remember = <T>(key: unknown[], load: () => Promise<T>) => Promise<T>;
const noMemory: Remember = (_key, load) => load();

/** remember: a search's count is kept by its SQL and parameters, so its other pages reuse it. */
export async function searchProductIds(q: Queryable, s: SearchInput, remember: Remember = noMemory): Promise<{ ids: string[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const kw = s.keyword?.trim();
  if (kw) {
    params.push(`%${likeEscape(kw)}%`);
    const k = `$${params.length}`;
    // The trigram index finds the candidates; the per-field test keeps the match exact (a keyword
    // spanning the end of the title and the start of the description is not a match).
    where.push(
      `product_search_text(p.title, p.description, p.tags) ILIKE ${k} AND (p.title ILIKE ${k} OR p.description ILIKE ${k} OR EXISTS (SELECT 1 FROM unnest(p.tags) t WHERE t ILIKE ${k}))`,
    );
  }
  for (const group of s.optionGroups) {
    params.push(group);
    where.push(`EXISTS (SELECT 1 FROM product_filter_options l WHERE l.product_id = p.id AND l.option_id = ANY($${params.length}::uuid[]))`);
  }
  const range: string[] = [];
  if (s.gte !== undefined) {
    params.push(s.gte);
    range.push(`pp.amount >= $${params.length}`);
  }
  if (s.lte !== undefined) {
    params.push(s.lte);
    range.push(`pp.amount <= $${params.length}`);
  }
  const byPrice = s.sortBy === 'basePrice' || s.sortBy === '-basePrice';
  // A product without a price counts as 0: it matches a range only when the range holds 0.
  const unpriced = (byPrice || range.length > 0) && !(s.gte !== undefined && s.gte > 0) && (await unpricedCount(q, s.currencyId)) > 0;
  const priceWhere = range.length ? [unpriced ? `(pp.amount IS NULL OR (${range.join(' AND ')}))` : range.join(' AND ')] : [];
  // The currency is the last parameter, given only to the queries that join the prices.
  const priced = `${unpriced ? 'LEFT ' : ''}JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = $${params.length + 1}::uuid`;
  const from = (join: boolean) => {
    const conds = join ? [...where, ...priceWhere] : where;
    return `FROM products p ${join ? priced : ''} ${conds.length ? 'WHERE ' + conds.join(' AND ') : ''}`;
  };
  const withCurrency = (join: boolean) => (join ? [...params, s.currencyId] : params);

  // The page and the count are two queries: the page walks an index and stops after offset + limit
  // rows. The count joins the prices only for a price range, and without any condition it is the
  // kept total.
  const pageJoins = byPrice || range.length > 0;
  const pageParams = withCurrency(pageJoins);
  const countJoins = range.length > 0;
  const [rows, count] = await Promise.all([
    q.query<{ id: string }>(
      `SELECT p.id ${from(pageJoins)} ORDER BY ${(unpriced && UNPRICED_SORTS[s.sortBy]) || SORTS[s.sortBy] || SORTS['-createdAt']}
        LIMIT $${pageParams.length + 1} OFFSET $${pageParams.length + 2}`,
      [...pageParams, s.limit, s.offset],
    ),
    where.length || countJoins
      ? remember(['count', from(countJoins), withCurrency(countJoins)], async () =>
          (await q.one<{ total: number }>(`SELECT count(*)::int AS total ${from(countJoins)}`, withCurrency(countJoins)))?.total ?? 0,
        )
      : q.one<{ total: number }>(`SELECT products::int AS total FROM catalog_counts`).then((r) => r?.total ?? 0),
  ]);
  return { ids: rows.map((r) => r.id), total: count };
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

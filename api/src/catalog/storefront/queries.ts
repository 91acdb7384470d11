import type { Queryable } from '../../db/client.js';
import { groupBy } from '../products.js';

export interface SearchInput {
  keyword?: string;
  currencyId: string | null;
  sortBy: string;
  optionGroups: string[][];
  gte?: number;
  lte?: number;
  limit: number;
  offset: number;
  available?: boolean;
  stock?: 'in' | 'low' | 'out';
  lowStockThreshold?: number;
}

/** SQL: a tracked product's pieces in all (null when it does not track its inventory). */
const TOTAL_STOCK = `(CASE WHEN p.track_inventory THEN (SELECT coalesce(sum(s.quantity), 0) FROM stock_levels s WHERE s.product_id = p.id) END)`;
const AVAILABLE = 'product_available(p.id, p.track_inventory)';

const SORTS: Record<string, string> = {
  '-createdAt': 'p.created_at DESC, p.id',
  title: 'lower(p.title) ASC, p.id',
  '-title': 'lower(p.title) DESC, p.id',
  basePrice: 'pp.amount ASC, p.created_at DESC, p.id',
  '-basePrice': 'pp.amount DESC, p.created_at DESC, p.id',
  // A product that does not track its inventory has no count: last either way.
  stock: `${TOTAL_STOCK} ASC NULLS LAST, p.created_at DESC, p.id`,
  '-stock': `${TOTAL_STOCK} DESC NULLS LAST, p.created_at DESC, p.id`,
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

/** One statement and its parameters. */
export interface Statement {
  from: string;
  params: unknown[];
}
/** A search as SQL: its page, and its count (null: no condition, the kept total of every product). */
export interface SearchPlan {
  page: Statement & { orderBy: string; limit: number; offset: number };
  count: Statement | null;
}

/**
 * The SQL of a search (one lookup first: whether some products have no price in the currency).
 * The page and the count are two statements: the page walks an index and stops after offset +
 * limit rows, and the count is the same for every page of the search.
 */
export async function planSearch(q: Queryable, s: SearchInput): Promise<SearchPlan> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const kw = s.keyword?.trim();
  const k = kw ? param(`%${likeEscape(kw)}%`) : '';
  // The trigram index finds the candidates; the per-field test keeps the match exact (a keyword
  // spanning the end of the title and the start of the description is not a match).
  const keyword = k
    ? [`product_search_text(p.title, p.description, p.tags) ILIKE ${k} AND (p.title ILIKE ${k} OR p.description ILIKE ${k} OR EXISTS (SELECT 1 FROM unnest(p.tags) t WHERE t ILIKE ${k}))`]
    : [];
  const groups = s.optionGroups.map((group) => param(group));
  const options = (id: string) => groups.map((g) => `EXISTS (SELECT 1 FROM product_filter_options l WHERE l.product_id = ${id} AND l.option_id = ANY(${g}::uuid[]))`);
  const stock: string[] = [];
  if (s.available || s.stock === 'in') stock.push(AVAILABLE);
  if (s.stock === 'out') stock.push(`NOT ${AVAILABLE}`);
  if (s.stock === 'low') {
    stock.push(AVAILABLE, `p.track_inventory AND EXISTS (SELECT 1 FROM stock_levels s WHERE s.product_id = p.id AND s.quantity <= ${param(s.lowStockThreshold ?? 0)})`);
  }
  const range: string[] = [];
  if (s.gte !== undefined) range.push(`pp.amount >= ${param(s.gte)}`);
  if (s.lte !== undefined) range.push(`pp.amount <= ${param(s.lte)}`);
  const byPrice = s.sortBy === 'basePrice' || s.sortBy === '-basePrice';
  // A product without a price counts as 0: it matches a range only when the range holds 0.
  const unpriced = (byPrice || range.length > 0) && !(s.gte !== undefined && s.gte > 0) && (await unpricedCount(q, s.currencyId)) > 0;
  const inRange = range.length ? [unpriced ? `(pp.amount IS NULL OR (${range.join(' AND ')}))` : range.join(' AND ')] : [];

  // The currency is the last parameter, given only to the queries that read prices.
  const currency = `$${params.length + 1}::uuid`;
  const withCurrency = [...params, s.currencyId];
  const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');
  const products = { from: `FROM products p ${where([...keyword, ...options('p.id'), ...stock])}`, params };
  const priced = {
    from: `FROM products p ${unpriced ? 'LEFT ' : ''}JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = ${currency} ${where([...keyword, ...options('p.id'), ...stock, ...inRange])}`,
    params: withCurrency,
  };
  // Counting a price range needs no product row unless a keyword reads one: every price has its product.
  const prices = { from: `FROM product_prices pp ${where([`pp.currency_id = ${currency}`, ...range, ...options('pp.product_id')])}`, params: withCurrency };

  // Without any condition the count is the kept total.
  const page = byPrice || range.length ? priced : products;
  const count = range.length ? (unpriced || keyword.length || stock.length ? priced : prices) : keyword.length || groups.length || stock.length ? products : null;
  const orderBy = (unpriced && UNPRICED_SORTS[s.sortBy]) || SORTS[s.sortBy] || SORTS['-createdAt'];
  return { page: { ...page, orderBy, limit: s.limit, offset: s.offset }, count };
}

/** The ids of a search's page, in order. */
export const pageIds = async (q: Queryable, { page }: SearchPlan) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id ${page.from} ORDER BY ${page.orderBy}
        LIMIT $${page.params.length + 1} OFFSET $${page.params.length + 2}`,
      [...page.params, page.limit, page.offset],
    )
  ).map((r) => r.id);

/** The number of a search's matches (migration 004's kept total when it has no condition). */
export const countMatches = async (q: Queryable, { count }: SearchPlan) =>
  count
    ? ((await q.one<{ total: number }>(`SELECT count(*)::int AS total ${count.from}`, count.params))?.total ?? 0)
    : ((await q.one<{ total: number }>(`SELECT products::int AS total FROM catalog_counts`))?.total ?? 0);

/** A search's page and count, from the database alone. */
export async function searchProductIds(q: Queryable, s: SearchInput): Promise<{ ids: string[]; total: number }> {
  const plan = await planSearch(q, s);
  const [ids, total] = await Promise.all([pageIds(q, plan), countMatches(q, plan)]);
  return { ids, total };
}

/** Selected filter option ids grouped by their filter (OR inside a group, AND across groups). */
export async function groupOptionIds(q: Queryable, ids: string[]): Promise<string[][]> {
  if (!ids.length) return [];
  const rows = await q.query<{ id: string; filter_id: string }>(`SELECT id, filter_id FROM filter_options WHERE id = ANY($1::uuid[])`, [ids]);
  return [...groupBy(rows, (r) => r.filter_id).values()].map((g) => g.map((r) => r.id));
}

/** What a page's HTML shows of a product (its first view and lead photo, web/): the newest ones, or one by slug. */
export interface ProductCardRow {
  title: string;
  slug: string;
  imageUrls: string[];
  tags: string[];
}
export const newestCards = async (q: Queryable, limit: number) =>
  q.query<ProductCardRow>(`SELECT title, slug, image_urls AS "imageUrls", tags FROM products ORDER BY created_at DESC, id LIMIT $1`, [limit]);

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

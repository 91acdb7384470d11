import type { Db, Queryable } from '../db/client.js';
import type { FacetSearcher } from './facetSearch.js';
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
export const noMemory: Remember = (_key, load) => load();

/**
 * remember: a search's count is kept by its SQL and parameters, so its other pages reuse it.
 * facets: answers a filtered search without a keyword from memory when it can (facets.ts); the
 * database answers the rest, and everything while facets is not ready.
 */
export async function searchProductIds(q: Queryable, s: SearchInput, remember: Remember = noMemory, facets?: FacetSearcher): Promise<{ ids: string[]; total: number }> {
  const filtered = s.optionGroups.length > 0 || s.gte !== undefined || s.lte !== undefined;
  if (facets && filtered && !s.keyword?.trim()) {
    const found = await facets.search({ currencyId: s.currencyId, optionGroups: s.optionGroups, gte: s.gte, lte: s.lte, sortBy: s.sortBy, offset: s.offset, limit: s.limit });
    if (found) return found;
  }
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
  const products = { from: `FROM products p ${where([...keyword, ...options('p.id')])}`, params };
  const priced = {
    from: `FROM products p ${unpriced ? 'LEFT ' : ''}JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = ${currency} ${where([...keyword, ...options('p.id'), ...inRange])}`,
    params: withCurrency,
  };
  // Counting a price range needs no product row unless a keyword reads one: every price has its product.
  const prices = { from: `FROM product_prices pp ${where([`pp.currency_id = ${currency}`, ...range, ...options('pp.product_id')])}`, params: withCurrency };

  // The page and the count are two queries: the page walks an index and stops after offset + limit
  // rows. Without any condition the count is the kept total.
  const page = byPrice || range.length ? priced : products;
  const count = range.length ? (unpriced || keyword.length ? priced : prices) : keyword.length || groups.length ? products : null;
  const [rows, total] = await Promise.all([
    q.query<{ id: string }>(
      `SELECT p.id ${page.from} ORDER BY ${(unpriced && UNPRICED_SORTS[s.sortBy]) || SORTS[s.sortBy] || SORTS['-createdAt']}
        LIMIT $${page.params.length + 1} OFFSET $${page.params.length + 2}`,
      [...page.params, s.limit, s.offset],
    ),
    count
      ? remember(['count', count.from, count.params], async () => (await q.one<{ total: number }>(`SELECT count(*)::int AS total ${count.from}`, count.params))?.total ?? 0)
      : q.one<{ total: number }>(`SELECT products::int AS total FROM catalog_counts`).then((r) => r?.total ?? 0),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

/** Selected filter option ids grouped by their filter (OR inside a group, AND across groups). */
export async function groupOptionIds(q: Queryable, ids: string[]): Promise<string[][]> {
  if (!ids.length) return [];
  const rows = await q.query<{ id: string; filter_id: string }>(`SELECT id, filter_id FROM filter_options WHERE id = ANY($1::uuid[])`, [ids]);
  return [...groupBy(rows, (r) => r.filter_id).values()].map((g) => g.map((r) => r.id));
}

/** What a page's HTML shows of a product (its first view and lead photo, static/): the newest ones, or one by slug. */
export interface ProductCardRow {
  title: string;
  slug: string;
  imageUrls: string[];
  tags: string[];
}
export const newestCards = async (q: Queryable, limit: number) =>
  q.query<ProductCardRow>(`SELECT title, slug, image_urls AS "imageUrls", tags FROM products ORDER BY created_at DESC, id LIMIT $1`, [limit]);
export const productCard = async (q: Queryable, slug: string) =>
  (await q.one<ProductCardRow>(`SELECT title, slug, image_urls AS "imageUrls", tags FROM products WHERE slug = $1`, [slug])) ?? null;

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

/** Where a walk through the products, newest first, has got to (created_at as PostgreSQL's text, which keeps its microseconds). */
export interface ProductCursor {
  createdAt: string;
  id: string;
}
/** The next products newest first (the shop's default order) after a cursor, for filling the product pages (productPages.ts). */
export const productsAfter = async (q: Queryable, after: ProductCursor | null, limit: number) =>
  q.query<ProductCursor & { slug: string }>(
    after
      ? // created_at <= $1 first, so the walk starts at the cursor in products_created_id_idx.
        `SELECT id, slug, created_at::text AS "createdAt" FROM products WHERE created_at <= $1::timestamptz AND (created_at < $1::timestamptz OR id > $2::uuid)
          ORDER BY created_at DESC, id LIMIT $3`
      : `SELECT id, slug, created_at::text AS "createdAt" FROM products ORDER BY created_at DESC, id LIMIT $1`,
    after ? [after.createdAt, after.id, limit] : [limit],
  );

/**
 * The products the catalogue versions after `from` up to `to` changed (migration 007), or null when
 * they may have changed every product (a currency, a discount, a filter, a bulk load) or a version's
 * record is gone (older than the 1,000 kept): then every product page is read again.
 */
export async function productsChangedBetween(q: Queryable, from: number, to: number): Promise<Set<string> | null> {
  const rows = await q.query<{ version: string; product_id: string | null }>(`SELECT version::text, product_id FROM catalog_changes WHERE version > $1 AND version <= $2`, [from, to]);
  const versions = new Set(rows.map((r) => r.version));
  if (versions.size !== to - from || rows.some((r) => r.product_id === null)) return null;
  return new Set(rows.map((r) => r.product_id!));
}

/**
 * The catalogue as a search without a keyword needs it (facets.ts), in one statement (one
 * snapshot): products numbered 0..total-1 newest first (the shop's tie order: created_at DESC, id);
 * their ids in that order as one hex string; per currency "number:amount" pairs in price order; per
 * filter option the numbers of its products. Lists are comma-joined text: a million numbers travel
 * and parse far faster as one string than as a million rows or an array. A background read of the
 * whole catalogue (seconds at a million products), so it runs without the visitors' statement
 * timeout and with memory enough to hash in one pass, read only (not a write a cache must look
 * past: Db.writes).
 */
export const facetLists = async (db: Pick<Db, 'tx'>) =>
  db.tx(async (q) => {
    await q.query(`SET LOCAL statement_timeout = 0`);
    await q.query(`SET LOCAL work_mem = '64MB'`);
    return q.query<{ kind: 'ids' | 'price' | 'option'; id: string | null; list: string }>(
      `WITH n AS MATERIALIZED (SELECT id, (row_number() OVER (ORDER BY created_at DESC, id) - 1)::int AS i FROM products)
       SELECT 'ids' AS kind, NULL::uuid AS id, coalesce(string_agg(replace(n.id::text, '-', ''), '' ORDER BY n.i), '') AS list FROM n
       UNION ALL
       SELECT 'price', pp.currency_id, string_agg(n.i::text || ':' || pp.amount::text, ',' ORDER BY pp.amount, n.i) FROM product_prices pp JOIN n ON n.id = pp.product_id GROUP BY pp.currency_id
       UNION ALL
       SELECT 'option', l.option_id, string_agg(n.i::text, ',') FROM product_filter_options l JOIN n ON n.id = l.product_id GROUP BY l.option_id`,
    );
  }, { readOnly: true });

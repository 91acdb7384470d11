import type { Queryable } from '../../db/client.js';
import { groupBy } from '../productQueries.js';
import { ANY_SALE, paidMinor } from '../paidPriceQueries.js';
import type { KeywordQuery } from './keyword.js';
import { NOT_COUNTED_STATUSES, type Locale, type ProductStatusFilter, type StockFilter } from '@shop/contract';
import { keywordReach, lexemeCount, matches, matchesTranslation, TIERS, type Reach } from './keywordQueries.js';

export interface SearchInput {
  /** The keyword's terms (keyword.ts), as typed or as corrected. */
  keyword?: KeywordQuery;
  currencyId: string | null;
  sortBy: string;
  optionGroups: string[][];
  gte?: number;
  lte?: number;
  limit: number;
  offset: number;
  /** Rated this many stars and up, as shown (one decimal; issue 41). */
  minRating?: number;
  available?: boolean;
  /** A running discount takes something off in the currency. */
  onSale?: boolean;
  stock?: StockFilter;
  lowStockThreshold?: number;
  /** Which products (issue 19): the storefront's, published (the default), or the back office's, all or drafts only. */
  status?: ProductStatusFilter;
  /** The shopper's language (issue 37): in French a keyword matches the French texts too, stemmed the French way. */
  locale?: Locale;
}

/** SQL: the products of a status (p). */
const OF_STATUS = { published: ['p.published'], all: [], draft: ['NOT p.published'] } as const;
/** SQL: the price `pp` is not a draft's (drafts are few: migration 021's partial index finds them). */
export const NOT_A_DRAFTS_PRICE = 'NOT EXISTS (SELECT 1 FROM products d WHERE d.id = pp.product_id AND NOT d.published)';
/** SQL: every published product, the kept total less the drafts. */
const PUBLISHED_TOTAL = `SELECT ((SELECT products FROM catalog_counts) - (SELECT count(*) FROM products WHERE NOT published))::int AS total`;

/** SQL: a tracked product's pieces in all (null when it does not track its inventory). */
const TOTAL_STOCK = `(CASE WHEN p.track_inventory THEN (SELECT coalesce(sum(s.quantity), 0) FROM stock_levels s WHERE s.product_id = p.id) END)`;
const AVAILABLE = 'product_available(p.id, p.track_inventory)';
/** SQL: a running discount of the product takes something off in the currency `currency` (the card's Sale badge: contract saleOf). */
const ON_SALE = (currency: string) =>
  `EXISTS (SELECT 1 FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id AND d.time_limit >= now() AND coalesce((d.value ->> ${currency}::text)::numeric, 0) > 0)`;

const NEWEST = 'p.created_at DESC, p.id';
const SORTS: Record<string, string> = {
  '-createdAt': NEWEST,
  title: 'lower(p.title) ASC, p.id',
  '-title': 'lower(p.title) DESC, p.id',
  basePrice: 'pp.amount ASC, p.created_at DESC, p.id',
  '-basePrice': 'pp.amount DESC, p.created_at DESC, p.id',
  // A product that does not track its inventory has no count: last either way.
  // Best rated first (the kept average, migration 032, joined as pr), the more reviewed first among equals; unrated last.
  '-rating': 'pr.average DESC NULLS LAST, pr.count DESC NULLS LAST, p.created_at DESC, p.id',
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
// Issue 38: while a sale runs, by the price paid (paid.amount, joined by the page's statement); NULL: no price.
const SALE_SORTS: Record<string, string> = {
  basePrice: 'paid.amount ASC NULLS FIRST, p.created_at DESC, p.id',
  '-basePrice': 'paid.amount DESC NULLS LAST, p.created_at DESC, p.id',
};

/** Products without a price in the currency (all of them when there is no currency): kept by triggers (migration 004). */
const unpricedCount = async (q: Queryable, currencyId: string | null) =>
  (await q.one<{ n: number }>(`SELECT coalesce((SELECT products FROM unpriced_counts WHERE currency_id = $1::uuid), (SELECT products FROM catalog_counts)) AS n`, [currencyId]))?.n ?? 0;

/** One statement's FROM … WHERE and its parameters. */
export interface Statement {
  from: string;
  params: unknown[];
}
/**
 * A statement that reads a page's ids, in its order. capped: newest first, walking at most the
 * PROBED newest products, and gathered (below) when they held too few.
 */
export interface PagePart extends Statement {
  orderBy: string;
  capped?: boolean;
}
/**
 * A search as SQL: the statements of its page (one; by relevance one per tier that can hold
 * anything, read in turn while those above run short of the page's end; none when the keyword can
 * match nothing), and its count (a whole statement; null: no condition, the kept total of every
 * product).
 */
export interface SearchPlan {
  parts: PagePart[];
  limit: number;
  offset: number;
  count: { sql: string; params: unknown[] } | null;
  /** A keyword search without other conditions: its groups of lexemes, which the catalogue's memory may count (keywordReach). */
  words?: string[][];
}

/** A keyword expected to match at least this share of the catalogue walks an index in the page's order (title, price): ~20 rows a match. */
const WALKED_SHARE = 0.05;
/** Newest first, a walk reads at most this many products (~10-20 ms): a keyword expected to fill the page within a quarter of them walks. */
const PROBED = 20_000;

/**
 * The same order, written so that no index gives it: the planner gathers the (few) matches through
 * their GIN index and sorts them, instead of walking an ordered index that rare matches leave long
 * stretches of (a word no title holds walked the whole catalogue: 1-2 s at 1,000,000 products).
 */
const gathered = (orderBy: string) =>
  orderBy.replace(/p\.created_at/g, `(p.created_at + interval '0 s')`).replace(/lower\(p\.title\)/g, `(lower(p.title) || '')`).replace(/pp\.amount/g, '(pp.amount + 0)').replace(/paid\.amount/g, '(paid.amount + 0)');

/**
 * How a page (its first `end` rows) over a keyword's matches in a column is read, by what
 * search_lexemes says of them: not at all (none can match), walking an index in the page's order
 * (newest first: capped, as words expected together may never be; other orders only when common),
 * or gathered.
 */
const pageOver = (reach: Reach, part: PagePart, end: number): PagePart[] => {
  if (reach.bound === 0) return [];
  const share = reach.expected / Math.max(reach.total, 1);
  if (part.orderBy === NEWEST && share * Math.min(PROBED, reach.total) >= 4 * end) return [{ ...part, capped: reach.total > PROBED }];
  return [share >= WALKED_SHARE ? part : { ...part, orderBy: gathered(part.orderBy) }];
};

/** Numbers a statement's parameters as its SQL uses them. */
function parameters() {
  const params: unknown[] = [];
  return { params, p: (value: unknown) => `$${params.push(value)}` };
}
type Param = (value: unknown) => string;
const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');

/**
 * The SQL of a search (lookups first: whether some products have no price in the currency; with a
 * keyword, its reach in search_lexemes). The page and the count are separate statements: the page
 * walks an index and stops after offset + limit rows (or gathers a keyword's few matches), and the
 * count is the same for every page of the search. Relevance (a keyword's default order): the products
 * whose title holds every word, newest first, then those whose title or tags hold them, then the rest.
 */
export async function planSearch(q: Queryable, s: SearchInput): Promise<SearchPlan> {
  const k = s.keyword;
  const byPrice = s.sortBy === 'basePrice' || s.sortBy === '-basePrice';
  const ranged = s.gte !== undefined || s.lte !== undefined;
  // A product without a price counts as 0: it matches a range only when the range holds 0.
  const unpriced = (byPrice || ranged) && !(s.gte !== undefined && s.gte > 0) && (await unpricedCount(q, s.currencyId)) > 0;
  // Issue 38: by the price paid while a sale runs; else the price is what is paid, and its index gives the order.
  const sales = byPrice && Boolean((await q.one<{ on: boolean }>(ANY_SALE))?.on);
  const options = (p: Param, id: string) =>
    s.optionGroups.map((group) => `EXISTS (SELECT 1 FROM product_filter_options l WHERE l.product_id = ${id} AND l.option_id = ANY(${p(group)}::uuid[]))`);
  // 'On sale', and what the stock allows.
  const status = s.status ?? 'published';
  // A rating shown as 4.0 is 3.95 and up (the kept average has two decimals).
  const rating = (p: Param) => (s.minRating ? [`pr.average >= ${p(s.minRating - 0.05)}`] : []);
  const only = (p: Param) => [...OF_STATUS[status], ...(s.onSale ? [ON_SALE(p(s.currencyId))] : []), ...availability(p), ...rating(p)];
  const ratings = s.minRating || s.sortBy === '-rating' ? 'LEFT JOIN product_ratings pr ON pr.product_id = p.id ' : '';
  const availability = (p: Param) => {
    if (s.stock === 'low') return [AVAILABLE, `p.track_inventory AND EXISTS (SELECT 1 FROM stock_levels s WHERE s.product_id = p.id AND s.quantity <= ${p(s.lowStockThreshold ?? 0)})`];
    if (s.stock === 'out') return [`NOT ${AVAILABLE}`];
    return s.available || s.stock === 'in' ? [AVAILABLE] : [];
  };
  const range = (p: Param) => [...(s.gte !== undefined ? [`pp.amount >= ${p(s.gte)}`] : []), ...(s.lte !== undefined ? [`pp.amount <= ${p(s.lte)}`] : [])];
  const inRange = (p: Param) => {
    const r = range(p);
    if (!r.length) return [];
    return [unpriced ? `(pp.amount IS NULL OR (${r.join(' AND ')}))` : r.join(' AND ')];
  };
  type Keyword = (p: Param) => string[];
  // In another language than English, its own texts (migration 030) or the English ones: a shopper may type either.
  const translated = k && s.locale && s.locale !== 'en' ? s.locale : null;
  const anywhere: Keyword = (p) => (k ? [translated ? `(${matches(p, k, 'search_vector')} OR ${matchesTranslation(p, k, translated)})` : matches(p, k, 'search_vector')] : []);
  const products = (keyword: Keyword): Statement => {
    const { params, p } = parameters();
    return { from: `FROM products p ${ratings}${where([...keyword(p), ...options(p, 'p.id'), ...only(p)])}`, params };
  };
  const priced = (keyword: Keyword, paid = false): Statement => {
    const { params, p } = parameters();
    const currency = p(s.currencyId);
    const join = `${unpriced ? 'LEFT ' : ''}JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = ${currency}::uuid`;
    const paidJoin = paid ? ` LEFT JOIN LATERAL (SELECT ${paidMinor('pp.amount', 'p.id', `${currency}::text`)} AS amount) paid ON pp.amount IS NOT NULL` : '';
    return { from: `FROM products p ${ratings}${join}${paidJoin} ${where([...keyword(p), ...options(p, 'p.id'), ...only(p), ...inRange(p)])}`, params };
  };
  // Counting a price range needs no product row unless a keyword or stock reads one: every price has its product.
  const prices = (): Statement => {
    const { params, p } = parameters();
    return { from: `FROM product_prices pp ${where([`pp.currency_id = ${p(s.currencyId)}::uuid`, ...range(p), ...options(p, 'pp.product_id'), ...(status === 'published' ? [NOT_A_DRAFTS_PRICE] : [])])}`, params };
  };
  const statement = sales ? (keyword: Keyword) => priced(keyword, true) : byPrice || ranged ? priced : products;

  // search_lexemes counts the English words only: a translated search is read and counted from its matches, newest first by relevance.
  const reach = k && !translated ? await keywordReach(q, k) : null;
  const filtered = s.optionGroups.length > 0 || ranged || s.available || s.onSale || !!s.stock || !!s.minRating || status !== 'published' || !!translated;
  const counted = filtered ? undefined : lexemeCount(k);
  let count: SearchPlan['count'];
  if (reach?.search_vector.bound === 0) count = { sql: 'SELECT 0 AS total', params: [] };
  else if (counted) count = counted;
  else if (!k && !filtered) count = null; // the kept total, less the drafts
  else {
    const c = ranged ? (unpriced || k || s.available || s.onSale || s.stock || s.minRating || status === 'draft' ? priced(anywhere) : prices()) : products(anywhere);
    count = { sql: `SELECT count(*)::int AS total ${c.from}`, params: c.params };
  }

  const words = k && !filtered && reach?.lexemes && reach.search_vector.bound > 0 ? reach.lexemes : undefined;
  const page = { limit: s.limit, offset: s.offset, count, ...(words ? { words } : {}) };
  if (k && reach && s.sortBy === 'relevance') {
    // Each tier is its own column less the one above it (the labels hold the title, everything the labels).
    const tiers = TIERS.flatMap((column, i) =>
      pageOver(reach[column], { ...statement((p) => [matches(p, k, column), ...(i ? [`NOT ${matches(p, k, TIERS[i - 1])}`] : [])]), orderBy: NEWEST }, s.offset + s.limit),
    );
    return { ...page, parts: tiers };
  }
  const orderBy = (sales && SALE_SORTS[s.sortBy]) || (unpriced && UNPRICED_SORTS[s.sortBy]) || SORTS[s.sortBy] || (translated ? gathered(NEWEST) : SORTS['-createdAt']);
  const part = { ...statement(anywhere), orderBy };
  return { ...page, parts: reach ? pageOver(reach.search_vector, part, s.offset + s.limit) : [part] };
}

const selectIds = async (q: Queryable, st: Statement, orderBy: string, limit: number, offset: number) =>
  (
    await q.query<{ id: string }>(`SELECT p.id ${st.from} ORDER BY ${orderBy} LIMIT $${st.params.length + 1} OFFSET $${st.params.length + 2}`, [...st.params, limit, offset])
  ).map((r) => r.id);

/** A part's rows: a capped walk first over the PROBED newest products; when they held too few, the gathered read of them all. */
async function partIds(q: Queryable, part: PagePart, limit: number, offset: number): Promise<string[]> {
  if (!part.capped) return selectIds(q, part, part.orderBy, limit, offset);
  const newest = { ...part, from: part.from.replace(/^FROM products p /, `FROM (SELECT * FROM products ORDER BY created_at DESC, id LIMIT ${PROBED}) p `) };
  const got = await selectIds(q, newest, part.orderBy, limit, offset);
  return got.length === limit ? got : selectIds(q, part, gathered(part.orderBy), limit, offset);
}

/**
 * The ids of a search's page, in order: its statements in turn (relevance's tiers), the next one read
 * only when this one ran short of the page's end. A part that ends before the page starts is counted
 * (its rows are skipped), unless its rows were read.
 */
export async function pageIds(q: Queryable, { parts, limit, offset }: SearchPlan): Promise<string[]> {
  const end = offset + limit;
  const ids: string[] = [];
  let above = 0; // the rows of the parts read so far
  for (const [i, part] of parts.entries()) {
    const skip = Math.max(0, offset - above);
    const take = end - Math.max(offset, above);
    const got = await partIds(q, part, take, skip);
    ids.push(...got);
    if (got.length === take || i === parts.length - 1) break;
    above += got.length > 0 || skip === 0 ? skip + got.length : ((await q.one<{ n: number }>(`SELECT count(*)::int AS n ${part.from}`, part.params))?.n ?? 0);
  }
  return ids;
}

/** The number of a search's matches (migration 004's kept total less the drafts when it has no condition). */
export const countMatches = async (q: Queryable, { count }: SearchPlan) =>
  count
    ? ((await q.one<{ total: number }>(count.sql, count.params))?.total ?? 0)
    : ((await q.one<{ total: number }>(PUBLISHED_TOTAL))?.total ?? 0);

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
/** The newest cards, titled in the locale (the English title where it has none: migration 030). */
export const newestCards = async (q: Queryable, limit: number, locale: Locale = 'en') =>
  q.query<ProductCardRow>(
    `SELECT coalesce(nullif(translations -> $2::text ->> 'title', ''), title) AS title, slug, image_urls AS "imageUrls", tags FROM products WHERE published ORDER BY created_at DESC, id LIMIT $1`,
    [limit, locale],
  );

/**
 * "You may also like" (issue 38): published pieces in stock sharing the product's category or material
 * options (the filters so named), priced in the currency when one is given; most options shared first,
 * then newest.
 */
export const relatedIds = async (q: Queryable, productId: string, currencyId: string | null, limit: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id FROM product_filter_options mine
         JOIN filter_options fo ON fo.id = mine.option_id
         JOIN filters f ON f.id = fo.filter_id AND lower(f.name) IN ('category', 'material')
         JOIN product_filter_options l ON l.option_id = mine.option_id AND l.product_id <> mine.product_id
         JOIN products p ON p.id = l.product_id
        WHERE mine.product_id = $1::uuid AND p.published AND ${AVAILABLE}
          AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.currency_id = $2::uuid))
        GROUP BY p.id, p.created_at ORDER BY count(*) DESC, p.created_at DESC, p.id LIMIT $3`,
      [productId, currencyId, limit],
    )
  ).map((r) => r.id);

export const newestIds = async (q: Queryable, limit: number) =>
  (await q.query<{ id: string }>(`SELECT id FROM products WHERE published ORDER BY created_at DESC, id LIMIT $1`, [limit])).map((r) => r.id);

export const onSaleIds = async (q: Queryable, limit: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id FROM products p WHERE p.published AND EXISTS (SELECT 1 FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id
          WHERE pd.product_id = p.id AND d.time_limit >= now()) ORDER BY p.created_at DESC, p.id LIMIT $1`,
      [limit],
    )
  ).map((r) => r.id);

/** The statuses of orders that sold nothing (contract), as SQL literals. */
const NOT_COUNTED = NOT_COUNTED_STATUSES.map((s) => `'${s}'`).join(', ');

export const bestSellerIds = async (q: Queryable, limit: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT p.id FROM products p LEFT JOIN (
          SELECT oi.product_id, sum(oi.quantity) AS sold FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE o.status NOT IN (${NOT_COUNTED}) GROUP BY oi.product_id) s ON s.product_id = p.id
        WHERE p.published ORDER BY coalesce(s.sold, 0) DESC, p.created_at DESC, p.id LIMIT $1`,
      [limit],
    )
  ).map((r) => r.id);

export const maxBasePrice = async (q: Queryable, currencyId: string) =>
  (await q.one<{ m: number | null }>(`SELECT max(pp.amount) AS m FROM product_prices pp WHERE pp.currency_id = $1 AND ${NOT_A_DRAFTS_PRICE}`, [currencyId]))?.m ?? 0;

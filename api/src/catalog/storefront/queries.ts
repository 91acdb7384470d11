import type { SuggestedOption } from '@shop/contract';
import type { Queryable } from '../../db/client.js';
import { groupBy } from '../products.js';
import { tsqueryText, type KeywordQuery, type WordLikeness } from './keyword.js';

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
  available?: boolean;
  /** A running discount takes something off in the currency. */
  onSale?: boolean;
  stock?: 'in' | 'low' | 'out';
  lowStockThreshold?: number;
}

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

/** Products without a price in the currency (all of them when there is no currency): kept by triggers (migration 004). */
const unpricedCount = async (q: Queryable, currencyId: string | null) =>
  (await q.one<{ n: number }>(`SELECT coalesce((SELECT products FROM unpriced_counts WHERE currency_id = $1::uuid), (SELECT products FROM catalog_counts)) AS n`, [currencyId]))?.n ?? 0;

/** One statement's FROM … WHERE and its parameters. */
export interface Statement {
  from: string;
  params: unknown[];
}
/**
 * A search as SQL: its page; with a keyword ranked by relevance, the page's second statement (the
 * products matched outside their title, for when the title matches run out before the page ends);
 * and its count (a whole statement; null: no condition, the kept total of every product).
 */
export interface SearchPlan {
  page: Statement & { orderBy: string; limit: number; offset: number };
  rest?: Statement & { orderBy: string };
  count: { sql: string; params: unknown[] } | null;
}

/** Numbers a statement's parameters as its SQL uses them. */
function parameters() {
  const params: unknown[] = [];
  return { params, p: (value: unknown) => `$${params.push(value)}` };
}
type Param = (value: unknown) => string;
const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');

/**
 * SQL: the keyword matches the product's column; weights ('AB') keep it to those fields. Typed words
 * are stemmed (shop_search); corrected ones are lexemes already (simple: taken as they are).
 */
const matches = (p: Param, k: KeywordQuery, column: 'title_vector' | 'search_vector', weights = '') =>
  `p.${column} @@ to_tsquery('${k.lexemes ? 'simple' : 'shop_search'}', ${p(tsqueryText(k.terms, weights, k.prefix))})`;

/** A keyword of one plain word, whose count migration 014 keeps (letters only, as typed, not a prefix). */
const countedWord = (k: KeywordQuery | undefined) => (k && !k.prefix && !k.lexemes && k.terms.length === 1 && k.terms[0].length === 1 && /^[a-z]+$/.test(k.terms[0][0]) ? k.terms[0][0] : null);

/**
 * The SQL of a search (one lookup first: whether some products have no price in the currency).
 * The page and the count are separate statements: the page walks an index and stops after offset +
 * limit rows, and the count is the same for every page of the search. Relevance (a keyword's
 * default order): the products whose title holds every word, newest first (they walk the newest-first
 * index like a list), then the others, those whose words are all in the title or the tags first.
 */
export async function planSearch(q: Queryable, s: SearchInput): Promise<SearchPlan> {
  const k = s.keyword;
  const byPrice = s.sortBy === 'basePrice' || s.sortBy === '-basePrice';
  const ranged = s.gte !== undefined || s.lte !== undefined;
  // A product without a price counts as 0: it matches a range only when the range holds 0.
  const unpriced = (byPrice || ranged) && !(s.gte !== undefined && s.gte > 0) && (await unpricedCount(q, s.currencyId)) > 0;
  const options = (p: Param, id: string) =>
    s.optionGroups.map((group) => `EXISTS (SELECT 1 FROM product_filter_options l WHERE l.product_id = ${id} AND l.option_id = ANY(${p(group)}::uuid[]))`);
  // 'On sale', and what the stock allows.
  const only = (p: Param) => [...(s.onSale ? [ON_SALE(p(s.currencyId))] : []), ...availability(p)];
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
  const anywhere: Keyword = (p) => (k ? [matches(p, k, 'search_vector')] : []);
  const products = (keyword: Keyword): Statement => {
    const { params, p } = parameters();
    return { from: `FROM products p ${where([...keyword(p), ...options(p, 'p.id'), ...only(p)])}`, params };
  };
  const priced = (keyword: Keyword): Statement => {
    const { params, p } = parameters();
    const join = `${unpriced ? 'LEFT ' : ''}JOIN product_prices pp ON pp.product_id = p.id AND pp.currency_id = ${p(s.currencyId)}::uuid`;
    return { from: `FROM products p ${join} ${where([...keyword(p), ...options(p, 'p.id'), ...only(p), ...inRange(p)])}`, params };
  };
  // Counting a price range needs no product row unless a keyword or stock reads one: every price has its product.
  const prices = (): Statement => {
    const { params, p } = parameters();
    return { from: `FROM product_prices pp ${where([`pp.currency_id = ${p(s.currencyId)}::uuid`, ...range(p), ...options(p, 'pp.product_id')])}`, params };
  };
  const statement = byPrice || ranged ? priced : products;

  const filtered = s.optionGroups.length > 0 || ranged || s.available || s.onSale || !!s.stock;
  const counted = countedWord(k);
  let count: SearchPlan['count'];
  if (counted && !filtered) count = { sql: `SELECT coalesce(sum(products), 0)::int AS total FROM search_lexemes WHERE lexeme = ANY(tsvector_to_array(to_tsvector('shop_search', $1)))`, params: [counted] };
  else if (!k && !filtered) count = null; // the kept total
  else {
    const c = ranged ? (unpriced || k || s.available || s.onSale || s.stock ? priced(anywhere) : prices()) : products(anywhere);
    count = { sql: `SELECT count(*)::int AS total ${c.from}`, params: c.params };
  }

  if (k && s.sortBy === 'relevance') {
    const title: Keyword = (p) => [matches(p, k, 'title_vector')];
    const rest = statement((p) => [...anywhere(p), `NOT ${title(p)[0]}`]);
    // Tags before the description: the rest's ORDER BY reads the weights, and its parameters follow its FROM's.
    const inLabels = matches((v) => `$${rest.params.push(v)}`, k, 'search_vector', 'AB');
    return {
      page: { ...statement(title), orderBy: NEWEST, limit: s.limit, offset: s.offset },
      rest: { ...rest, orderBy: `${inLabels} DESC, ${NEWEST}` },
      count,
    };
  }
  const orderBy = (unpriced && UNPRICED_SORTS[s.sortBy]) || SORTS[s.sortBy] || SORTS['-createdAt'];
  return { page: { ...statement(anywhere), orderBy, limit: s.limit, offset: s.offset }, count };
}

const selectIds = async (q: Queryable, st: Statement, orderBy: string, limit: number, offset: number) =>
  (
    await q.query<{ id: string }>(`SELECT p.id ${st.from} ORDER BY ${orderBy} LIMIT $${st.params.length + 1} OFFSET $${st.params.length + 2}`, [...st.params, limit, offset])
  ).map((r) => r.id);

/**
 * The ids of a search's page, in order. By relevance: the title matches up to the page's end, and
 * only when they run out before it, the rest (one more statement, skipping the rest's own offset).
 */
export async function pageIds(q: Queryable, { page, rest }: SearchPlan): Promise<string[]> {
  if (!rest) return selectIds(q, page, page.orderBy, page.limit, page.offset);
  const wanted = page.offset + page.limit;
  const first = await selectIds(q, page, page.orderBy, wanted, 0);
  if (first.length === wanted) return first.slice(page.offset);
  const more = await selectIds(q, rest, rest.orderBy, wanted - Math.max(page.offset, first.length), Math.max(0, page.offset - first.length));
  return [...first.slice(page.offset), ...more];
}

/** The number of a search's matches (migration 004's kept total when it has no condition). */
export const countMatches = async (q: Queryable, { count }: SearchPlan) =>
  count
    ? ((await q.one<{ total: number }>(count.sql, count.params))?.total ?? 0)
    : ((await q.one<{ total: number }>(`SELECT products::int AS total FROM catalog_counts`))?.total ?? 0);

/** A search's page and count, from the database alone. */
export async function searchProductIds(q: Queryable, s: SearchInput): Promise<{ ids: string[]; total: number }> {
  const plan = await planSearch(q, s);
  const [ids, total] = await Promise.all([pageIds(q, plan), countMatches(q, plan)]);
  return { ids, total };
}

/** Whether any product matches the keyword, whatever else a search asks (a typo fallback is for keywords that match nothing). */
export async function keywordMatchesAny(q: Queryable, k: KeywordQuery): Promise<boolean> {
  const { params, p } = parameters();
  return !!(await q.one(`SELECT 1 FROM products p WHERE ${matches(p, k, 'search_vector')} LIMIT 1`, params));
}

/** How like a typed word a lexeme must be to correct it: pg_trgm similarity of their stems (whole words). */
export const CORRECTION_SIMILARITY = 0.35;
/** The same for a word being typed, whose start is compared (pg_trgm word_similarity: 'saph' is 0.6 like 'sapphir'); the `<%` index operator's own threshold. */
export const PREFIX_SIMILARITY = 0.6;

/**
 * For each word, its own stem when products hold it, else the lexemes they hold that are most like
 * it (up to three, the likest first); a stop word (no stem) is left out. prefixWord: the word being
 * typed, compared with the starts of lexemes.
 */
export async function lexemesLike(q: Queryable, words: string[], prefixWord: string | null = null): Promise<Map<string, WordLikeness>> {
  const rows = await q.query<{ word: string; stem: string; lexeme: string | null }>(
    `WITH w AS (SELECT word, (tsvector_to_array(to_tsvector('shop_search', word)))[1] AS stem, coalesce(word = $2, false) AS typing FROM unnest($1::text[]) AS word)
     SELECT w.word, w.stem, c.lexeme FROM w LEFT JOIN LATERAL (
       SELECT m.lexeme, m.likeness FROM (
         SELECT s.lexeme, similarity(s.lexeme, w.stem) AS likeness FROM search_lexemes s
          WHERE NOT w.typing AND s.lexeme % w.stem AND s.products > 0 AND similarity(s.lexeme, w.stem) >= $3
         UNION ALL
         SELECT s.lexeme, word_similarity(w.stem, s.lexeme) FROM search_lexemes s
          WHERE w.typing AND w.stem <% s.lexeme AND s.products > 0 AND word_similarity(w.stem, s.lexeme) >= $4
       ) m ORDER BY m.lexeme = w.stem DESC, m.likeness DESC, m.lexeme LIMIT 3) c ON true
     WHERE w.stem IS NOT NULL
     ORDER BY w.word, c.lexeme = w.stem DESC, c.likeness DESC, c.lexeme`,
    [words, prefixWord, CORRECTION_SIMILARITY, PREFIX_SIMILARITY],
  );
  const like = new Map<string, WordLikeness>();
  for (const [word, found] of groupBy(rows, (r) => r.word)) {
    const { stem, lexeme } = found[0];
    // Held: kept. Like nothing held: its stem, which then finds nothing, as a word no product has must.
    if (lexeme === stem) like.set(word, { known: true, lexemes: [stem] });
    else like.set(word, { known: false, lexemes: lexeme === null ? [stem] : found.map((r) => r.lexeme!) });
  }
  return like;
}

/**
 * Filter options whose names hold any of the keyword's words (the header's suggestions: 'gold' is
 * Gold and Rose Gold), those holding the most first, then in the filters' order.
 */
export const optionsMatching = (q: Queryable, k: KeywordQuery, limit: number) =>
  q.query<SuggestedOption>(
    `SELECT f.name AS filter, f.id AS "filterId", o.name AS option, o.id AS "optionId"
       FROM filter_options o JOIN filters f ON f.id = o.filter_id,
            to_tsquery('${k.lexemes ? 'simple' : 'shop_search'}', $1) AS query
      WHERE to_tsvector('shop_search', o.name) @@ query
      ORDER BY ts_rank(to_tsvector('shop_search', o.name), query) DESC, f.seq, o.seq LIMIT $2`,
    [tsqueryText(k.terms, '', k.prefix, true), limit],
  );

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

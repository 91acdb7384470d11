import type { SuggestedOption } from '@shop/contract';
import type { Queryable } from '../../db/client.js';
import { groupBy } from '../productQueries.js';
import { tsqueryText, type KeywordQuery, type WordLikeness } from './keyword.js';

// The keyword's own SQL (issue 20; the rules: api/README.md, "Search"): its match on a column, what
// search_lexemes (migrations 014, 016) says of its words, the typo fallback's lexemes, the filter
// options it names. planSearch (queries.ts) puts the matches into a search.

/** The relevance tiers' columns: every word in the title, in the title or the tags, anywhere. */
export const TIERS = ['title_vector', 'label_vector', 'search_vector'] as const;
export type SearchColumn = (typeof TIERS)[number];
/** search_lexemes' count of each column. */
const COUNTED: Record<SearchColumn, string> = { title_vector: 'titles', label_vector: 'labels', search_vector: 'products' };

/**
 * SQL: the keyword matches the product's column (`p`). Typed words are stemmed (shop_search);
 * corrected ones are lexemes already (simple: taken as they are).
 */
export const matches = (p: (value: unknown) => string, k: KeywordQuery, column: SearchColumn) =>
  `p.${column} @@ to_tsquery('${k.lexemes ? 'simple' : 'shop_search'}', ${p(tsqueryText(k.terms, k.prefix))})`;

/** The text search configuration of each translated locale's column (migration 030). */
const TRANSLATED_SEARCH = { fr: { column: 'search_vector_fr', config: 'shop_search_fr' } } as const;

/** SQL: the keyword matches the product's texts in the locale (a corrected keyword's lexemes are English: taken as they are). */
export const matchesTranslation = (p: (value: unknown) => string, k: KeywordQuery, locale: keyof typeof TRANSLATED_SEARCH) => {
  const { column, config } = TRANSLATED_SEARCH[locale];
  return `p.${column} @@ to_tsquery('${k.lexemes ? 'simple' : config}', ${p(tsqueryText(k.terms, k.prefix))})`;
};

/**
 * The count of a keyword of one plain word (letters only, not a prefix) from search_lexemes: one row
 * instead of every match's. A typed word is stemmed first; a corrected one is a lexeme already.
 */
export function lexemeCount(k: KeywordQuery | undefined): { sql: string; params: unknown[] } | undefined {
  const word = k && !k.prefix && k.terms.length === 1 && k.terms[0].length === 1 ? k.terms[0][0] : null;
  if (!word || !/^[a-z]+$/.test(word)) return undefined;
  const lexeme = k!.lexemes ? '$1' : `ANY(tsvector_to_array(to_tsvector('shop_search', $1)))`;
  // Less the drafts holding it (issue 19): search_lexemes counts every product, and drafts are few (migration 021's partial index).
  const drafts = `SELECT count(*) FROM products p WHERE NOT p.published AND p.search_vector @@ to_tsquery('${k!.lexemes ? 'simple' : 'shop_search'}', $2)`;
  return {
    sql: `SELECT ((SELECT coalesce(sum(products), 0) FROM search_lexemes WHERE lexeme = ${lexeme}) - (${drafts}))::int AS total`,
    params: [word, tsqueryText(k!.terms, k!.prefix)],
  };
}

/**
 * What a keyword can match in a column: at most `bound` products (the fewest any of its groups'
 * words are held by; Infinity when a word is not counted: digits, other scripts), about `expected`
 * of them (as if the groups were independent), of `total`.
 */
export interface Reach {
  bound: number;
  expected: number;
  total: number;
}

/**
 * A keyword's reach in each column, and its groups as the lexemes its query matches (stop words
 * left out, as to_tsquery leaves them), when each word is one lexeme of letters and none is being
 * typed (else null): what the catalogue's memory counts from its word lists.
 */
export type KeywordReach = Record<SearchColumn, Reach> & { lexemes: string[][] | null };

/**
 * The keyword's reach in each column, from search_lexemes in one statement: a word's count is its
 * lexeme's (the word being typed: every lexeme it starts); a stop word counts for nothing, as
 * to_tsquery leaves it out.
 */
export async function keywordReach(q: Queryable, k: KeywordQuery): Promise<KeywordReach> {
  const words = k.terms.flat();
  const groups = k.terms.flatMap((group, g) => group.map(() => g));
  const typing = k.prefix ? words.length : 0;
  const rows = await q.query<{ g: number | null; counted: boolean; single: boolean; stems: string[]; titles: number; labels: number; products: number; total: number }>(
    `WITH w AS (SELECT u.g, u.i = $3 AS typing, l.stems[1] AS stem, coalesce(array_length(l.stems, 1), 0) <= 1 AS single
                  FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS u (word, g, i)
                  CROSS JOIN LATERAL (SELECT CASE WHEN $4 THEN ARRAY[u.word] ELSE tsvector_to_array(to_tsvector('shop_search', u.word)) END AS stems) l)
     SELECT w.g, bool_and(w.stem ~ '^[a-z]+$') AS counted, bool_and(w.single) AS single, array_agg(w.stem ORDER BY w.stem) AS stems,
            sum(c.titles)::float8 AS titles, sum(c.labels)::float8 AS labels, sum(c.products)::float8 AS products,
            (SELECT products FROM catalog_counts)::float8 AS total
       FROM w CROSS JOIN LATERAL (SELECT coalesce(sum(l.titles), 0) AS titles, coalesce(sum(l.labels), 0) AS labels, coalesce(sum(l.products), 0) AS products
                                    FROM search_lexemes l WHERE CASE WHEN w.typing THEN starts_with(l.lexeme, w.stem) ELSE l.lexeme = w.stem END) c
      WHERE w.stem IS NOT NULL GROUP BY w.g`,
    [words, groups, typing, !!k.lexemes],
  );
  const total = rows[0]?.total ?? 0;
  const reach = (column: SearchColumn): Reach => {
    // No group with a word that counts (stop words only): the query matches nothing.
    if (!rows.length) return { bound: 0, expected: 0, total };
    const held = rows.map((r) => (r.counted ? Number(r[COUNTED[column] as 'titles']) : Infinity));
    const bound = Math.min(...held);
    const expected = total * held.reduce((share, n) => share * Math.min(1, n / Math.max(total, 1)), 1);
    return { bound, expected, total };
  };
  // A word of several lexemes (to_tsquery's phrase of them) or of other characters: the database counts it.
  const plain = !k.prefix && rows.length > 0 && rows.every((r) => r.counted && r.single);
  return {
    title_vector: reach('title_vector'),
    label_vector: reach('label_vector'),
    search_vector: reach('search_vector'),
    lexemes: plain ? rows.map((r) => [...new Set(r.stems)]) : null,
  };
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
    [tsqueryText(k.terms, k.prefix, true), limit],
  );

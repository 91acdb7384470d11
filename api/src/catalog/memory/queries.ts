import type { Queryable } from '../../db/client.js';
import type { CountedDb } from './ownWrites.js';
import { paidMinor, SALES_CHANGE_AT } from '../paidPriceQueries.js';

// The SQL of the catalogue's memory: the version it follows, the walk that fills the product pages,
// and the lists the facet index is built from. Plain SQL: what is kept, and when, is decided by the
// classes beside it.

/** The catalogue version (migration 003: bumped by triggers on every catalogue write). */
export const catalogVersion = async (q: Queryable) =>
  Number((await q.one<{ version: number }>(`SELECT version FROM catalog_version`))?.version ?? 0);

/** Where a walk through the products, newest first, has got to (created_at as PostgreSQL's text, which keeps its microseconds). */
export interface ProductCursor {
  createdAt: string;
  id: string;
}
/** The next published products newest first (the shop's default order) after a cursor, with `columns` besides the cursor's (drafts are the back office's, issue 19). */
const walkAfter = <T>(q: Queryable, columns: string, after: ProductCursor | null, limit: number) =>
  q.query<ProductCursor & T>(
    after
      ? // created_at <= $1 first, so the walk starts at the cursor in products_created_id_idx.
        `SELECT id, created_at::text AS "createdAt", ${columns} FROM products WHERE created_at <= $1::timestamptz AND (created_at < $1::timestamptz OR id > $2::uuid) AND published
          ORDER BY created_at DESC, id LIMIT $3`
      : `SELECT id, created_at::text AS "createdAt", ${columns} FROM products WHERE published ORDER BY created_at DESC, id LIMIT $1`,
    after ? [after.createdAt, after.id, limit] : [limit],
  );

/** The next products newest first after a cursor, for filling the product pages (productPages.ts). */
export const productsAfter = (q: Queryable, after: ProductCursor | null, limit: number) => walkAfter<{ slug: string }>(q, 'slug', after, limit);

/** A product as a listing of them all names it (the sitemap): its slug and its last change (W3C date-time, UTC, to the second). */
export interface ListedProduct {
  slug: string;
  lastmod: string;
}
/** The next products newest first after a cursor, for a listing of every product (productListing.ts). */
export const listedAfter = (q: Queryable, after: ProductCursor | null, limit: number) =>
  walkAfter<ListedProduct>(q, `slug, to_char(greatest(updated_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod`, after, limit);

/**
 * The products the catalogue versions after `from` up to `to` changed (migration 007), or null when
 * they may have changed every product (a currency, a discount, a filter, a bulk load) or a version's
 * record is gone (older than the 1,000 kept): then every product page is read again.
 */
export async function productsChangedBetween(q: Queryable, from: number, to: number): Promise<Set<string> | null> {
  const rows = await q.query<{ version: string; product_id: string | null; content_only: boolean }>(
    `SELECT version::text, product_id, content_only FROM catalog_changes WHERE version > $1 AND version <= $2`,
    [from, to],
  );
  const versions = new Set(rows.map((r) => r.version));
  // A change of the storefront's own words (migration 043: content_only) changes no product.
  const products = rows.filter((r) => !r.content_only);
  if (versions.size !== to - from || products.some((r) => r.product_id === null)) return null;
  return new Set(products.map((r) => r.product_id!));
}

/** A lexeme held by at least this share of the catalogue's products gets a list (a bit per product): rarer ones are counted by the database from few rows. */
export const WORD_SHARE = 0.01;
/** At most this many lexemes' lists (a bit per product each: 125 KB at 1,000,000 products). */
export const WORD_LISTS = 256;

/**
 * The catalogue as a search without a keyword needs it (facets.ts), in one statement (one
 * snapshot): published products (drafts are the back office's, issue 19) numbered 0..total-1 newest first (the shop's tie order: created_at DESC, id);
 * their ids in that order as one hex string; per currency "number:amount" pairs in price order; per
 * filter option the numbers of its products. Lists are comma-joined text: a million numbers travel
 * and parse far faster as one string than as a million rows or an array. A background read of the
 * whole catalogue (seconds at a million products), so it runs without the visitors' statement
 * timeout and with memory enough to hash in one pass, read only (not a write a cache must look
 * past: CountedDb.readOnly). Also, per common lexeme (held by at least WORD_SHARE of the products,
 * the WORD_LISTS most held; search_lexemes, migration 014) and relevance tier (title_vector,
 * label_vector, search_vector: 'title', 'label', 'all'), the products holding it there as
 * "word:bits" pairs (32 product numbers a word, bit i of word w being product 32w + i): a keyword
 * search of common words is paged and counted from them (facets.ts searchWords), where the database
 * reads every match's row (60-200 ms for 10,000-25,000 matches at 1,000,000 products).
 */
export const facetLists = async (db: Pick<CountedDb, 'readOnly'>) =>
  db.readOnly(async (q) => {
    await q.query(`SET LOCAL statement_timeout = 0`);
    await q.query(`SET LOCAL work_mem = '64MB'`);
    return q.query<{ kind: 'ids' | 'price' | 'salesChangeAt' | 'option' | 'word'; id: string | null; list: string }>(
      `WITH n AS MATERIALIZED (SELECT id, (row_number() OVER (ORDER BY created_at DESC, id) - 1)::int AS i FROM products WHERE published),
            common AS MATERIALIZED (SELECT lexeme FROM search_lexemes WHERE products > 0 AND products >= $1::float8 * (SELECT count(*) FROM n) ORDER BY products DESC, lexeme LIMIT $2::int)
       SELECT 'ids' AS kind, NULL::text AS id, coalesce(string_agg(replace(n.id::text, '-', ''), '' ORDER BY n.i), '') AS list FROM n
       UNION ALL
       SELECT 'price', pp.currency_id::text, string_agg(n.i::text || ':' || pp.amount::text || ':' || paid.amount::text, ',' ORDER BY paid.amount, n.i)
         FROM product_prices pp JOIN n ON n.id = pp.product_id CROSS JOIN LATERAL (SELECT ${paidMinor('pp.amount', 'pp.product_id', 'pp.currency_id::text')} AS amount) paid GROUP BY pp.currency_id
       UNION ALL
       SELECT 'salesChangeAt', NULL, coalesce((${SALES_CHANGE_AT})::text, '')
       UNION ALL
       SELECT 'option', l.option_id::text, string_agg(n.i::text, ',') FROM product_filter_options l JOIN n ON n.id = l.product_id GROUP BY l.option_id
       UNION ALL
       SELECT 'word', w.tier || ':' || w.lexeme, string_agg(w.k::text || ':' || w.bits::text, ',') FROM (
         SELECT c.tier, l.lexeme, n.i >> 5 AS k, bit_or(1 << (n.i & 31)) AS bits
           FROM n JOIN products p ON p.id = n.id
          CROSS JOIN LATERAL (VALUES ('title', p.title_vector), ('label', p.label_vector), ('all', p.search_vector)) AS c (tier, v)
          CROSS JOIN LATERAL unnest(tsvector_to_array(c.v)) AS l (lexeme)
          WHERE l.lexeme IN (SELECT lexeme FROM common) GROUP BY 1, 2, 3) w
        GROUP BY w.tier, w.lexeme`,
      [WORD_SHARE, WORD_LISTS],
    );
  });

// Search that understands words (issue 20; the rules: api/README.md, "Search").
// 1. shop_search: the 'english' configuration (stems: 'rings' is 'ring', 'necklaces' 'necklace')
//    after unaccent ('pave' finds 'Pavé'). english alone keeps 'pavé' apart from 'pave'; 'simple'
//    with unaccent would not stem, and plurals are what shoppers type most.
// 2. Two stored tsvectors, each with a GIN index: title_vector (the title: the first tier of
//    relevance, with statistics of its own, so the planner knows a word that is in every description
//    but no title is rare there) and search_vector (title A, tags B, description C: what matches,
//    and the tiers below). product_search_vector wraps the expression: array_to_string is only
//    STABLE, and a generated column takes immutable expressions alone.
// 3. search_lexemes: how many products hold each word (its stem, letters only), kept by statement
//    triggers. A one-word search is counted from it in one row instead of from every match's heap
//    row (143,000 for 'sapphire' at 1,000,000 products), and a word no product has ('saphire') is
//    corrected to the lexemes most like it (its trigram index), which then go through search_vector's
//    index like any word.
// 4. The substring search's trigram index (004) goes: nothing matches parts of words any more.
// Each function body stays on one line: migrations are split at ";" + newline.

/** SQL: the counted lexemes of the rows of `rows` (alias r), each with how many of them hold it. */
const lexemes = (rows: string) =>
  `SELECT l AS lexeme, count(*) AS k FROM ${rows}, unnest(tsvector_to_array(r.search_vector)) AS l WHERE l ~ '^[a-z]+$' GROUP BY l`;
const add = (rows: string) =>
  `INSERT INTO search_lexemes (lexeme, products) SELECT lexeme, k FROM (${lexemes(rows)}) c ORDER BY lexeme ON CONFLICT (lexeme) DO UPDATE SET products = search_lexemes.products + excluded.products`;
const take = (rows: string) => `UPDATE search_lexemes s SET products = s.products - c.k FROM (${lexemes(rows)}) c WHERE s.lexeme = c.lexeme`;
/** Rows of an UPDATE whose search_vector changed, before (o) or after (n). */
const moved = (side: 'o' | 'n') => `(SELECT ${side}.search_vector FROM gone o JOIN came n ON n.id = o.id WHERE o.search_vector IS DISTINCT FROM n.search_vector) r`;

export default `
SET LOCAL statement_timeout = 0;
SET LOCAL maintenance_work_mem = '256MB';
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION shop_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION shop_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
CREATE FUNCTION product_search_vector(title text, tags text[], description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT setweight(to_tsvector('shop_search'::regconfig, title), 'A') || setweight(to_tsvector('shop_search'::regconfig, array_to_string(tags, ' ')), 'B') || setweight(to_tsvector('shop_search'::regconfig, description), 'C') $$;
ALTER TABLE products ADD COLUMN title_vector tsvector GENERATED ALWAYS AS (to_tsvector('shop_search'::regconfig, title)) STORED, ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (product_search_vector(title, tags, description)) STORED;
CREATE INDEX products_title_vector_idx ON products USING gin (title_vector);
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
DROP INDEX products_search_trgm_idx;
DROP FUNCTION product_search_text(text, text, text[]);
CREATE TABLE search_lexemes (lexeme text PRIMARY KEY, products bigint NOT NULL);
CREATE INDEX search_lexemes_trgm_idx ON search_lexemes USING gin (lexeme gin_trgm_ops);
${add('products r')};
CREATE FUNCTION count_lexemes_in() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('came r')}; RETURN NULL; END $$;
CREATE FUNCTION count_lexemes_out() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${take('gone r')}; RETURN NULL; END $$;
CREATE FUNCTION count_lexemes_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${take(moved('o'))}; ${add(moved('n'))}; RETURN NULL; END $$;
CREATE FUNCTION count_lexemes_cleared() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM search_lexemes; RETURN NULL; END $$;
CREATE TRIGGER products_lexemes_ins AFTER INSERT ON products REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION count_lexemes_in();
CREATE TRIGGER products_lexemes_del AFTER DELETE ON products REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION count_lexemes_out();
CREATE TRIGGER products_lexemes_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION count_lexemes_moved();
CREATE TRIGGER products_lexemes_trunc AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION count_lexemes_cleared();
`;

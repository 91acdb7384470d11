// Relevance in three tiers, each with a tsvector and a GIN index of its own (issue 20; the rules:
// api/README.md, "Search"): title_vector (014), label_vector (the title and the tags: this) and
// search_vector (everything, 014); and how many products hold each lexeme in each of them
// (search_lexemes.titles, labels, products), so a search knows before it reads a tier whether that
// tier can hold anything, and about how much: an empty tier is not read at all, a tier holding a good
// part of the catalogue walks the newest-first index and stops after the page, any other is read
// through its GIN index and sorted. The planner cannot see a to_tsquery's value, and walked the whole
// catalogue (1-2 s at 1,000,000 products) for a word that no title held.
// Each function body stays on one line: migrations are split at ";" + newline.
const COLUMNS = { titles: 'title_vector', labels: 'label_vector', products: 'search_vector' } as const;

/** SQL: the counted lexemes of the rows of `rows` (alias r), with how many of them hold each in each column. */
const lexemes = (rows: string) =>
  `SELECT l AS lexeme, ${Object.keys(COLUMNS).map((k) => `sum(${k})::bigint AS ${k}`).join(', ')} FROM (${Object.entries(COLUMNS)
    .map(([k, col]) => `SELECT l, ${Object.keys(COLUMNS).map((c) => (c === k ? 1 : 0) + ` AS ${c}`).join(', ')} FROM ${rows}, unnest(tsvector_to_array(r.${col})) AS l`)
    .join(' UNION ALL ')}) x WHERE l ~ '^[a-z]+$' GROUP BY l`;
const add = (rows: string) =>
  `INSERT INTO search_lexemes (lexeme, titles, labels, products) SELECT lexeme, titles, labels, products FROM (${lexemes(rows)}) c ORDER BY lexeme ON CONFLICT (lexeme) DO UPDATE SET ${Object.keys(COLUMNS).map((k) => `${k} = search_lexemes.${k} + excluded.${k}`).join(', ')}`;
const take = (rows: string) =>
  `UPDATE search_lexemes s SET ${Object.keys(COLUMNS).map((k) => `${k} = s.${k} - c.${k}`).join(', ')} FROM (${lexemes(rows)}) c WHERE s.lexeme = c.lexeme`;
/** Rows of an UPDATE whose texts changed (search_vector holds them all), before (o) or after (n). */
const moved = (side: 'o' | 'n') =>
  `(SELECT ${side}.title_vector, ${side}.label_vector, ${side}.search_vector FROM gone o JOIN came n ON n.id = o.id WHERE o.search_vector IS DISTINCT FROM n.search_vector) r`;

export default `
SET LOCAL statement_timeout = 0;
SET LOCAL maintenance_work_mem = '256MB';
CREATE FUNCTION product_label_vector(title text, tags text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT to_tsvector('shop_search'::regconfig, title || ' ' || array_to_string(tags, ' ')) $$;
ALTER TABLE products ADD COLUMN label_vector tsvector GENERATED ALWAYS AS (product_label_vector(title, tags)) STORED;
CREATE INDEX products_label_vector_idx ON products USING gin (label_vector);
ALTER TABLE search_lexemes ADD COLUMN titles bigint NOT NULL DEFAULT 0, ADD COLUMN labels bigint NOT NULL DEFAULT 0;
DELETE FROM search_lexemes;
${add('products r')};
CREATE OR REPLACE FUNCTION count_lexemes_in() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('came r')}; RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION count_lexemes_out() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${take('gone r')}; RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION count_lexemes_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${take(moved('o'))}; ${add(moved('n'))}; RETURN NULL; END $$;
`;

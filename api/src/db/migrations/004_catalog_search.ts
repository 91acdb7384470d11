// Catalogue reads without a round trip, and searches that use indexes (issue 8).
// 1. The version bump (003) also sends NOTIFY catalog_version with the new version, so an API
//    process that LISTENs knows the version without asking (catalog/memory/catalogVersion.ts).
// 2. Price sorts and ranges: covering indexes, so a page reads index pages only (see below).
// 3. Keyword search: a trigram index over the searched text (title, description, tags), which the
//    search uses to find candidates before it checks the exact per-field match.
// 4. Exact counts kept by triggers: how many products there are, and how many have no price in each
//    currency (so a price-sorted page walks the price index whenever none is missing, which is the
//    usual case). Count triggers are named *_counts_* so they fire after the *_catalog_* version
//    bump of the same statement: every catalogue writer holds the version row first, which orders
//    concurrent writers and keeps the counts exact.
// Each function body stays on one line: migrations are split at ";" + newline.
const counted = (table: string, fn: string, refs: { ins: string; upd?: string; del: string }) => `
CREATE TRIGGER ${table}_counts_ins AFTER INSERT ON ${table} ${refs.ins} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
${refs.upd ? `CREATE TRIGGER ${table}_counts_upd AFTER UPDATE ON ${table} ${refs.upd} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();` : ''}
CREATE TRIGGER ${table}_counts_del AFTER DELETE ON ${table} ${refs.del} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${table}_counts_trunc AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;

export default `
SET LOCAL statement_timeout = 0;
SET LOCAL maintenance_work_mem = '256MB';
CREATE OR REPLACE FUNCTION bump_catalog_version_new() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; BEGIN IF EXISTS (SELECT 1 FROM changed) THEN UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); END IF; RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; BEGIN UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); RETURN NULL; END $$;

-- A price-sorted page walks this index and stops after the page: with the product id in it, the
-- walk reads no price rows, and the product's created_at (the tie-break) comes from an index too.
DROP INDEX product_prices_sort_idx;
CREATE INDEX product_prices_sort_idx ON product_prices (currency_id, amount) INCLUDE (product_id);
CREATE INDEX products_id_created_idx ON products (id) INCLUDE (created_at);

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE FUNCTION product_search_text(title text, description text, tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT title || ' ' || description || ' ' || array_to_string(tags, ' ') $$;
CREATE INDEX products_search_trgm_idx ON products USING gin (product_search_text(title, description, tags) gin_trgm_ops);

CREATE TABLE catalog_counts (id boolean PRIMARY KEY DEFAULT true CHECK (id), products bigint NOT NULL);
INSERT INTO catalog_counts (products) SELECT count(*) FROM products;
CREATE TABLE unpriced_counts (currency_id uuid PRIMARY KEY REFERENCES currencies(id) ON DELETE CASCADE, products bigint NOT NULL);
INSERT INTO unpriced_counts (currency_id, products) SELECT c.id, (SELECT count(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.currency_id = c.id)) FROM currencies c;
CREATE FUNCTION count_products() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE k bigint; BEGIN IF TG_OP = 'TRUNCATE' THEN UPDATE catalog_counts SET products = 0; UPDATE unpriced_counts SET products = 0; RETURN NULL; END IF; SELECT CASE WHEN TG_OP = 'INSERT' THEN count(*) ELSE -count(*) END INTO k FROM changed; IF k <> 0 THEN UPDATE catalog_counts SET products = products + k; UPDATE unpriced_counts SET products = products + k; END IF; RETURN NULL; END $$;
CREATE FUNCTION count_prices() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'TRUNCATE' THEN UPDATE unpriced_counts SET products = (SELECT products FROM catalog_counts); RETURN NULL; END IF; IF TG_OP IN ('DELETE', 'UPDATE') THEN UPDATE unpriced_counts u SET products = u.products + g.k FROM (SELECT currency_id, count(*) AS k FROM gone GROUP BY currency_id) g WHERE u.currency_id = g.currency_id; END IF; IF TG_OP IN ('INSERT', 'UPDATE') THEN UPDATE unpriced_counts u SET products = u.products - c.k FROM (SELECT currency_id, count(*) AS k FROM came GROUP BY currency_id) c WHERE u.currency_id = c.currency_id; END IF; RETURN NULL; END $$;
CREATE FUNCTION count_currencies() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO unpriced_counts (currency_id, products) SELECT id, (SELECT products FROM catalog_counts) FROM changed; END IF; RETURN NULL; END $$;
${counted('products', 'count_products', { ins: 'REFERENCING NEW TABLE AS changed', del: 'REFERENCING OLD TABLE AS changed' })}
${counted('product_prices', 'count_prices', { ins: 'REFERENCING NEW TABLE AS came', upd: 'REFERENCING OLD TABLE AS gone NEW TABLE AS came', del: 'REFERENCING OLD TABLE AS gone' })}
CREATE TRIGGER currencies_counts_ins AFTER INSERT ON currencies REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_currencies();
`;

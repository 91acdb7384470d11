// Which products each catalogue version changed (issue 8: an admin's edit reads one product page
// again, not the whole catalogue's). Every version bump (003, 004) now also writes, in the same
// statement trigger, a row per product the statement changed into catalog_changes, or one row with
// no product when:
// - it changed something every product's answer is made of (currencies, discounts, filters);
// - it changed more than a hundred products (a bulk load or import: reading every page again is the
//   simpler answer, and the table stays small);
// - the product cannot be told (a variant option whose variant went in the same statement).
// catalog/memory/productPages.ts reads the rows between the version it kept the pages under and the current
// one. Rows older than 1,000 versions are dropped; a reader that finds versions missing reads every
// page again. Each function body stays on one line: migrations are split at ";" + newline.
const PRODUCT_TABLES = ['product_prices', 'product_filter_options', 'product_discounts', 'variants'];
const BULK = 100;
const KEEP = 1000;

/** A statement trigger function that bumps the version and records which products changed, as `ids` (a SELECT over the transition table `changed`) says. */
const recording = (name: string, ids: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; n bigint; BEGIN IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF; UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); SELECT count(*) INTO n FROM (${ids} LIMIT ${BULK + 1}) s; IF n BETWEEN 1 AND ${BULK} THEN INSERT INTO catalog_changes (version, product_id) SELECT v, s.id FROM (${ids}) s; ELSE INSERT INTO catalog_changes (version, product_id) VALUES (v, NULL); END IF; DELETE FROM catalog_changes WHERE version <= v - ${KEEP}; RETURN NULL; END $$`;

const retrigger = (table: string, fn: string) =>
  ['ins', 'upd', 'del']
    .map((op) => {
      const [event, ref] = op === 'ins' ? ['INSERT', 'NEW'] : op === 'upd' ? ['UPDATE', 'NEW'] : ['DELETE', 'OLD'];
      return `DROP TRIGGER ${table}_catalog_${op} ON ${table};
CREATE TRIGGER ${table}_catalog_${op} AFTER ${event} ON ${table} REFERENCING ${ref} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
    })
    .join('\n');

export default `
CREATE TABLE catalog_changes (version bigint NOT NULL, product_id uuid);
CREATE INDEX catalog_changes_version_idx ON catalog_changes (version);
CREATE OR REPLACE FUNCTION bump_catalog_version_new() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; BEGIN IF EXISTS (SELECT 1 FROM changed) THEN UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); INSERT INTO catalog_changes (version, product_id) VALUES (v, NULL); DELETE FROM catalog_changes WHERE version <= v - ${KEEP}; END IF; RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; BEGIN UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); INSERT INTO catalog_changes (version, product_id) VALUES (v, NULL); DELETE FROM catalog_changes WHERE version <= v - ${KEEP}; RETURN NULL; END $$;
${recording('catalog_changed_products', 'SELECT DISTINCT c.id FROM changed c')};
${recording('catalog_changed_product_rows', 'SELECT DISTINCT c.product_id AS id FROM changed c')};
${recording('catalog_changed_variant_options', 'SELECT DISTINCT va.product_id AS id FROM changed c JOIN variants va ON va.id = c.variant_id')};
${retrigger('products', 'catalog_changed_products')}
${PRODUCT_TABLES.map((t) => retrigger(t, 'catalog_changed_product_rows')).join('\n')}
${retrigger('variant_options', 'catalog_changed_variant_options')}
`;

// A catalogue version, bumped by every write to a table the storefront's catalogue answers are
// made of. The catalogue cache (catalog/memory/cache.ts) keeps an answer only while the version is the one
// it was made under, so a write by any API process is seen by every other one at once. Statement
// triggers with transition tables: one bump per statement that changed rows (a bulk insert costs one
// bump; an UPDATE that matched nothing costs none).
const TABLES = ['products', 'product_prices', 'product_filter_options', 'product_discounts', 'variants', 'variant_options', 'filters', 'filter_options', 'discounts', 'currencies'];

export default `
CREATE TABLE catalog_version (id boolean PRIMARY KEY DEFAULT true CHECK (id), version bigint NOT NULL);
INSERT INTO catalog_version (id, version) VALUES (true, 1);
CREATE FUNCTION bump_catalog_version_new() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM changed) THEN UPDATE catalog_version SET version = version + 1; END IF; RETURN NULL; END $$;
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE catalog_version SET version = version + 1; RETURN NULL; END $$;
${TABLES.map(
  (t) => `CREATE TRIGGER ${t}_catalog_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_new();
CREATE TRIGGER ${t}_catalog_upd AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_new();
CREATE TRIGGER ${t}_catalog_del AFTER DELETE ON ${t} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_new();
CREATE TRIGGER ${t}_catalog_trunc AFTER TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();`,
).join('\n')}
CREATE INDEX products_created_id_idx ON products (created_at DESC, id);
`;

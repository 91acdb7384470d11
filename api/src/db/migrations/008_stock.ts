// Stock (issue 17). A quantity per combination (one option of each variant, options_key = the option
// ids sorted, as the cart keys its lines), counted when the product tracks its inventory; a ledger of
// every movement, whose sum is always the quantity; and a human order number.
//
// Quantities move with every order, so they are not catalogue data: a change of quantity does not
// bump the catalogue version (that would throw away every kept list and rebuild the search index on
// every order). It sends `stock_changed` with the products' ids and slugs instead, and the product pages, the
// only kept answers carrying quantities, are asked for again (catalog/memory/stockStamps.ts). Only a
// combination running out or coming back (its quantity crossing zero) changes what lists show (the
// product's `available` flag), so that alone is recorded as a catalogue change of those products.
// Each function body stays on one line: migrations are split at ";" + newline.
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;

/** SQL: whether a stock row's options are all options of product `pid`, active and in stock, one per variant that has options. */
const rowBuyable = (s: string, pid: string) =>
  `(cardinality(${s}.option_ids) = (SELECT count(*) FROM variants v WHERE v.product_id = ${pid} AND EXISTS (SELECT 1 FROM variant_options o WHERE o.variant_id = v.id)) AND NOT EXISTS (SELECT 1 FROM unnest(${s}.option_ids) x(id) WHERE NOT EXISTS (SELECT 1 FROM variant_options o JOIN variants v ON v.id = o.variant_id WHERE o.id = x.id AND v.product_id = ${pid} AND o.is_active AND o.in_stock)))`;

export default `
ALTER TABLE products ADD COLUMN track_inventory boolean NOT NULL DEFAULT false;
CREATE TABLE stock_levels (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  options_key text NOT NULL,
  option_ids uuid[] NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (product_id, options_key)
);
CREATE INDEX stock_levels_low_idx ON stock_levels (quantity, product_id);
CREATE TABLE stock_movements (
  id bigserial PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  options_key text NOT NULL,
  option_ids uuid[] NOT NULL,
  delta integer NOT NULL CHECK (delta <> 0),
  reason text NOT NULL CHECK (reason IN ('order','cancelled','rejected','deleted','reinstated','adjustment','import')),
  order_id uuid,
  order_number bigint,
  admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, id DESC);
CREATE INDEX stock_movements_order_idx ON stock_movements (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX stock_movements_admin_idx ON stock_movements (admin_id) WHERE admin_id IS NOT NULL;
CREATE SEQUENCE order_numbers START 100001 MINVALUE 100001;
ALTER TABLE orders ADD COLUMN number bigint;
UPDATE orders o SET number = 100000 + n.r FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS r FROM orders) n WHERE n.id = o.id;
SELECT setval('order_numbers', (SELECT coalesce(max(number), 100000) FROM orders) + 1, false);
ALTER TABLE orders ALTER COLUMN number SET DEFAULT nextval('order_numbers');
ALTER TABLE orders ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX orders_number_key ON orders (number);
ALTER TABLE orders ADD COLUMN refund_status text CHECK (refund_status IN ('pending','refunded','failed'));
ALTER TABLE orders ADD COLUMN refund_ref text;
ALTER TABLE orders ADD COLUMN refund_at timestamptz;
CREATE FUNCTION product_available(pid uuid, track boolean) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = pid AND EXISTS (SELECT 1 FROM variant_options o WHERE o.variant_id = v.id) AND NOT EXISTS (SELECT 1 FROM variant_options o WHERE o.variant_id = v.id AND o.is_active AND o.in_stock)) AND (NOT track OR EXISTS (SELECT 1 FROM stock_levels s WHERE s.product_id = pid AND s.quantity > 0 AND ${rowBuyable('s', 'pid')})) $$;
CREATE OR REPLACE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id), 'trackInventory', p.track_inventory, 'stock', (SELECT json_object_agg(s.options_key, s.quantity) FROM stock_levels s WHERE s.product_id = p.id)) FROM products p WHERE p.id = wanted); END $$;
CREATE FUNCTION stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v bigint; slugs text; BEGIN SELECT string_agg(DISTINCT p.id::text || ',' || p.slug, ',') INTO slugs FROM changed c JOIN products p ON p.id = c.product_id; IF slugs IS NULL THEN RETURN NULL; END IF; PERFORM pg_notify('stock_changed', CASE WHEN length(slugs) > 7000 THEN '*' ELSE slugs END); IF TG_OP <> 'UPDATE' THEN RETURN NULL; END IF; IF EXISTS (SELECT 1 FROM changed c JOIN old_rows o USING (product_id, options_key) WHERE (c.quantity > 0) <> (o.quantity > 0)) THEN UPDATE catalog_version SET version = version + 1 RETURNING version INTO v; PERFORM pg_notify('catalog_version', v::text); INSERT INTO catalog_changes (version, product_id) SELECT DISTINCT v, c.product_id FROM changed c JOIN old_rows o USING (product_id, options_key) WHERE (c.quantity > 0) <> (o.quantity > 0); DELETE FROM catalog_changes WHERE version <= v - 1000; END IF; RETURN NULL; END $$;
CREATE TRIGGER stock_levels_upd AFTER UPDATE ON stock_levels REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stock_changed();
CREATE TRIGGER stock_levels_ins AFTER INSERT ON stock_levels REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stock_changed();
CREATE TRIGGER stock_levels_del AFTER DELETE ON stock_levels REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stock_changed();
`;

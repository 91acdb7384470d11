// Issue 39: shipping and tax.
// - Zones (a name) and their countries: a country is in at most one zone (the countries' primary key,
//   so two admins adding the same country at once cannot both succeed). Methods belong to a zone:
//   type flat | weight | value, rates {currencyId: [{upTo, amount}]} in minor units (upTo grams, or minor
//   units for value; null: unbounded), free over {currencyId: minor units}.
// - Tax classes (Standard, the default of a product without one, Reduced and Zero made here; the shop
//   adds its own) and rates per class, country and optional region, a percent with up to 4 decimals.
// - Products weigh (grams, options add to it) and have a class; currencies say whether their prices
//   include tax; addresses keep the country's ISO code beside its name.
// - An order keeps what it was charged (t39b's invoices read these): the method (id and name as then),
//   the country, the shipping price, the tax total and summary ({classId, className, rate, base,
//   amount}, rate a percent), whether its prices included tax, shipping's own share of the tax; each
//   line its class name, rate and tax share. A later change of rates never alters an order.
// - The dashboard's roll-ups (migration 022) sum shipping (without its tax) and tax beside revenue, so
//   the revenue answer shows goods, shipping and tax apart; orders before this charged neither (0).
// Each function body stays on one line: migrations are split at ";" + newline.
const COUNTED = `status NOT IN ('cancelled', 'rejected')`;
const DAY = (col: string) => `floor(extract(epoch FROM ${col}) / 86400)::int`;
const GONE = (i: string) => `CASE WHEN ${i}.product_id IS NULL THEN ${i}.slug END`;
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const fn = (name: string, body: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${oneLine(body)} END $$`;
/** Shipping without its tax (inside the price where prices include tax). */
const SHIP = (o = '') => `(${o}shipping_price - CASE WHEN ${o}prices_include_tax THEN ${o}shipping_tax ELSE 0 END)`;
const contribution = (rows: string) =>
  `SELECT id, ${DAY('created_at')} AS day, currency_code AS code, currency_symbol AS symbol, total, ${SHIP()} AS ship, tax_total AS tax FROM ${rows} WHERE ${COUNTED}`;
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;
const tr = "'translations', nullif(%.translations, '{}'::jsonb)";
const translations = (alias: string) => tr.replace('%', alias);

export default `
CREATE TABLE shipping_zones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE shipping_zone_countries (
  country text PRIMARY KEY,
  zone_id uuid NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE
);
CREATE INDEX shipping_zone_countries_zone_idx ON shipping_zone_countries (zone_id);
CREATE TABLE shipping_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  zone_id uuid NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE,
  name text NOT NULL,
  estimate text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('flat', 'weight', 'value')),
  rates jsonb NOT NULL DEFAULT '{}',
  free_over jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipping_methods_zone_idx ON shipping_methods (zone_id, created_at);
CREATE TABLE tax_classes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tax_classes_name_key ON tax_classes (lower(name));
CREATE UNIQUE INDEX tax_classes_default_key ON tax_classes (is_default) WHERE is_default;
INSERT INTO tax_classes (name, is_default, created_at) VALUES ('Standard', true, now()), ('Reduced', false, now() + interval '1 millisecond'), ('Zero', false, now() + interval '2 milliseconds');
CREATE TABLE tax_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  class_id uuid NOT NULL REFERENCES tax_classes(id) ON DELETE CASCADE,
  country text NOT NULL,
  region text,
  percent numeric(8,4) NOT NULL CHECK (percent >= 0 AND percent <= 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tax_rates_key ON tax_rates (class_id, country, (lower(coalesce(region, ''))));
CREATE INDEX tax_rates_country_idx ON tax_rates (country);
ALTER TABLE products ADD COLUMN weight integer NOT NULL DEFAULT 0 CHECK (weight >= 0), ADD COLUMN tax_class_id uuid REFERENCES tax_classes(id) ON DELETE SET NULL;
ALTER TABLE variant_options ADD COLUMN weight integer NOT NULL DEFAULT 0 CHECK (weight >= 0);
ALTER TABLE currencies ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false;
ALTER TABLE addresses ADD COLUMN country_code text;
ALTER TABLE orders ADD COLUMN shipping_method_id uuid, ADD COLUMN shipping_method_name text, ADD COLUMN shipping_country text,
  ADD COLUMN shipping_price bigint NOT NULL DEFAULT 0, ADD COLUMN tax_total bigint NOT NULL DEFAULT 0, ADD COLUMN tax_lines jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false, ADD COLUMN shipping_tax bigint NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN tax_class_name text, ADD COLUMN tax_rate numeric, ADD COLUMN tax_amount bigint NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, ${translations('v')}, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate, 'imageUrls', o.image_urls, 'weight', o.weight, ${translations('o')}) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id), 'trackInventory', p.track_inventory, 'stock', (SELECT json_object_agg(s.options_key, s.quantity) FROM stock_levels s WHERE s.product_id = p.id), 'published', p.published, 'weight', p.weight, 'taxClassId', p.tax_class_id, ${translations('p')}) FROM products p WHERE p.id = wanted); END $$;
ALTER TABLE sales_daily ADD COLUMN shipping bigint NOT NULL DEFAULT 0, ADD COLUMN tax bigint NOT NULL DEFAULT 0;
ALTER TABLE sales_delta ADD COLUMN shipping bigint NOT NULL DEFAULT 0, ADD COLUMN tax bigint NOT NULL DEFAULT 0;
${fn(
  'orders_sales_ins',
  `INSERT INTO sales_delta (day, code, symbol, orders, revenue, shipping, tax) SELECT day, code, symbol, count(*), sum(total), sum(ship), sum(tax) FROM (${contribution('new_rows')}) n GROUP BY 1, 2, 3; RETURN NULL;`,
)};
${fn(
  'orders_sales_upd',
  `INSERT INTO sales_delta (day, code, symbol, orders, revenue, shipping, tax)
     SELECT day, code, symbol, sum(sign), sum(sign * total), sum(sign * ship), sum(sign * tax) FROM (
       SELECT *, -1 AS sign FROM (${contribution('old_rows')} EXCEPT ${contribution('new_rows')}) gone_by
       UNION ALL SELECT *, 1 FROM (${contribution('new_rows')} EXCEPT ${contribution('old_rows')}) came) x
     GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * total) <> 0 OR sum(sign * ship) <> 0 OR sum(sign * tax) <> 0;
   INSERT INTO product_sales_delta (day, code, product_id, gone, lines, units, revenue)
     SELECT x.day, x.code, i.product_id, ${GONE('i')}, sum(x.sign), sum(x.sign * i.quantity), sum(x.sign * (i.line_total - i.discount)) FROM (
       SELECT *, -1 AS sign FROM (SELECT id, day, code FROM (${contribution('old_rows')}) b EXCEPT SELECT id, day, code FROM (${contribution('new_rows')}) a) gone_by
       UNION ALL SELECT *, 1 FROM (SELECT id, day, code FROM (${contribution('new_rows')}) a EXCEPT SELECT id, day, code FROM (${contribution('old_rows')}) b) came) x
     JOIN order_items i ON i.order_id = x.id GROUP BY 1, 2, 3, 4
     HAVING sum(x.sign) <> 0 OR sum(x.sign * i.quantity) <> 0 OR sum(x.sign * (i.line_total - i.discount)) <> 0;
   RETURN NULL;`,
)};
${fn(
  'orders_sales_del',
  `IF OLD.${COUNTED} THEN
     INSERT INTO sales_delta (day, code, symbol, orders, revenue, shipping, tax) VALUES (${DAY('OLD.created_at')}, OLD.currency_code, OLD.currency_symbol, -1, -OLD.total, -${SHIP('OLD.')}, -OLD.tax_total);
     INSERT INTO product_sales_delta (day, code, product_id, gone, lines, units, revenue)
       SELECT ${DAY('OLD.created_at')}, OLD.currency_code, i.product_id, ${GONE('i')}, -count(*), -sum(i.quantity), -sum(i.line_total - i.discount)
         FROM order_items i WHERE i.order_id = OLD.id GROUP BY 3, 4;
   END IF; RETURN OLD;`,
)};
`;

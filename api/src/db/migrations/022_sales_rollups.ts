// The dashboard's insight (issue 19) from roll-ups instead of the orders: under 100 ms for a year at
// 100,000 orders (reports/queries.ts, bench/insight.ts). What counts is what the direct queries counted:
// orders not cancelled or rejected, on their UTC day (floor(epoch / 86400), the day numbers the service
// uses), in their own currency code and symbol.
// - sales_daily: per day and currency, the orders and their revenue (totals, minor units).
// - product_sales: per product (a deleted product's lines: per slug, `gone`) and currency code (its
//   symbol is the figures'; the top products do not show it), the lines,
//   units and revenue (line total less discount) in dyadic buckets: level l holds the days
//   [bucket * 2^l, (bucket + 1) * 2^l), l = 0..10. Any range of days is a few buckets per level, a year
//   some twenty buckets of a few thousand rows at most (instead of every line sold in it).
// Checkout must not queue on a hot row (today's, per currency): the triggers only ever INSERT into the
// append-only *_delta tables (signed changes: an order placed, cancelled, deleted, its status back,
// a line's product deleted); a fold (reports/fold.ts, any API process, one at a time) moves the
// deltas into the roll-ups in one transaction: DELETE ... RETURNING feeding the upsert, so a delta is
// folded exactly once and a reader (one statement: roll-up rows plus the deltas left) sees either both
// before or both after. The lines' triggers lock their order FOR SHARE: a status change and a change of
// its lines never both miss each other. Deleting an order takes its lines off in a BEFORE trigger (the
// cascade deletes them after the order is gone, when they can no longer be priced). TRUNCATE empties all.
// The backfill runs after the triggers are in place (CREATE TRIGGER holds off writes until commit).
// Each function body stays on one line: migrations are split at ";" + newline.
const COUNTED = `status NOT IN ('cancelled', 'rejected')`;
const DAY = (col: string) => `floor(extract(epoch FROM ${col}) / 86400)::int`;
const GONE = (i: string) => `CASE WHEN ${i}.product_id IS NULL THEN ${i}.slug END`;
const LEVELS = 10;
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const fn = (name: string, body: string, returns = 'trigger') =>
  `CREATE FUNCTION ${name}() RETURNS ${returns} LANGUAGE plpgsql AS $$ BEGIN ${oneLine(body)} END $$`;

// An order's contribution: (id, day, code, symbol, total) of the counted rows of a set of orders.
const contribution = (rows: string) => `SELECT id, ${DAY('created_at')} AS day, currency_code AS code, currency_symbol AS symbol, total FROM ${rows} WHERE ${COUNTED}`;
// Signed lines (c: order_id, product_id, slug, quantity, line_total, discount, sign) of orders that count, priced by their order (locked).
const linesDelta = (signed: string) => `
  WITH c AS (${signed}),
  o AS (SELECT id, ${DAY('created_at')} AS day, currency_code AS code FROM orders WHERE id IN (SELECT order_id FROM c) AND ${COUNTED} FOR SHARE OF orders)
  INSERT INTO product_sales_delta (day, code, product_id, gone, lines, units, revenue)
  SELECT o.day, o.code, c.product_id, ${GONE('c')}, sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * (c.line_total - c.discount))
    FROM c JOIN o ON o.id = c.order_id GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * (c.line_total - c.discount)) <> 0;`;
const lineCols = (rows: string, sign: number) => `SELECT order_id, product_id, slug, quantity, line_total, discount, ${sign} AS sign FROM ${rows}`;

export default `
CREATE TABLE sales_daily (day int NOT NULL, code text NOT NULL, symbol text NOT NULL, orders int NOT NULL, revenue bigint NOT NULL, PRIMARY KEY (day, code, symbol));
CREATE TABLE sales_delta (day int NOT NULL, code text NOT NULL, symbol text NOT NULL, orders int NOT NULL, revenue bigint NOT NULL);
CREATE INDEX sales_delta_day_idx ON sales_delta (day);
CREATE TABLE product_sales (level smallint NOT NULL, bucket int NOT NULL, code text NOT NULL, product_id uuid, gone text, lines int NOT NULL, units int NOT NULL, revenue bigint NOT NULL);
CREATE UNIQUE INDEX product_sales_key ON product_sales (level, bucket, code, product_id, gone) INCLUDE (lines, units, revenue) NULLS NOT DISTINCT;
CREATE TABLE product_sales_delta (day int NOT NULL, code text NOT NULL, product_id uuid, gone text, lines int NOT NULL, units int NOT NULL, revenue bigint NOT NULL);
CREATE INDEX product_sales_delta_day_idx ON product_sales_delta (day);
${fn(
  'orders_sales_ins',
  `INSERT INTO sales_delta (day, code, symbol, orders, revenue) SELECT day, code, symbol, count(*), sum(total) FROM (${contribution('new_rows')}) n GROUP BY 1, 2, 3; RETURN NULL;`,
)};
${fn(
  'orders_sales_upd',
  `INSERT INTO sales_delta (day, code, symbol, orders, revenue)
     SELECT day, code, symbol, sum(sign), sum(sign * total) FROM (
       SELECT *, -1 AS sign FROM (${contribution('old_rows')} EXCEPT ${contribution('new_rows')}) gone_by
       UNION ALL SELECT *, 1 FROM (${contribution('new_rows')} EXCEPT ${contribution('old_rows')}) came) x
     GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * total) <> 0;
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
     INSERT INTO sales_delta (day, code, symbol, orders, revenue) VALUES (${DAY('OLD.created_at')}, OLD.currency_code, OLD.currency_symbol, -1, -OLD.total);
     INSERT INTO product_sales_delta (day, code, product_id, gone, lines, units, revenue)
       SELECT ${DAY('OLD.created_at')}, OLD.currency_code, i.product_id, ${GONE('i')}, -count(*), -sum(i.quantity), -sum(i.line_total - i.discount)
         FROM order_items i WHERE i.order_id = OLD.id GROUP BY 3, 4;
   END IF; RETURN OLD;`,
)};
${fn('items_sales_ins', `${linesDelta(lineCols('new_rows', 1))} RETURN NULL;`)};
${fn('items_sales_upd', `${linesDelta(`${lineCols('old_rows', -1)} UNION ALL ${lineCols('new_rows', 1)}`)} RETURN NULL;`)};
${fn('items_sales_del', `${linesDelta(lineCols('old_rows', -1))} RETURN NULL;`)};
${fn('orders_sales_trunc', `DELETE FROM sales_daily; DELETE FROM sales_delta; DELETE FROM product_sales; DELETE FROM product_sales_delta; RETURN NULL;`)};
${fn('items_sales_trunc', `DELETE FROM product_sales; DELETE FROM product_sales_delta; RETURN NULL;`)};
CREATE TRIGGER orders_sales_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_ins();
CREATE TRIGGER orders_sales_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_upd();
CREATE TRIGGER orders_sales_del BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_sales_del();
CREATE TRIGGER orders_sales_trunc AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_trunc();
CREATE TRIGGER items_sales_ins AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_sales_ins();
CREATE TRIGGER items_sales_upd AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_sales_upd();
CREATE TRIGGER items_sales_del AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION items_sales_del();
CREATE TRIGGER items_sales_trunc AFTER TRUNCATE ON order_items FOR EACH STATEMENT EXECUTE FUNCTION items_sales_trunc();
INSERT INTO sales_daily (day, code, symbol, orders, revenue) SELECT day, code, symbol, count(*), sum(total) FROM (${contribution('orders')}) o GROUP BY 1, 2, 3;
INSERT INTO product_sales (level, bucket, code, product_id, gone, lines, units, revenue)
  SELECT l.level, d.day >> l.level, d.code, d.product_id, d.gone, sum(d.lines), sum(d.units), sum(d.revenue)
    FROM (SELECT ${DAY('o.created_at')} AS day, o.currency_code AS code, i.product_id, ${GONE('i')} AS gone, count(*) AS lines, sum(i.quantity) AS units, sum(i.line_total - i.discount) AS revenue
            FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.${COUNTED} GROUP BY 1, 2, 3, 4) d
   CROSS JOIN generate_series(0, ${LEVELS}) l(level)
   GROUP BY 1, 2, 3, 4, 5;
`;

// The dashboard's insight (issue 19: reports/queries.ts sales, topProducts) reads the orders of one or two
// periods, their lines and the new customers. These indexes cover what it reads, so it reads no table row:
// - the orders that count (cancelled and rejected are not in it, as they count nowhere), by date, with
//   what the figures sum and group by (currency, total) and the id the lines are joined by;
// - the lines by order, with what the top products sum (product, its slug for a deleted one, units,
//   line total and discount);
// - the customers with an open account by registration date (new customers: a count of index entries).
// A 100,000-order year read this way touches index pages only (bench/insight.ts).
export default `
CREATE INDEX orders_insight_idx ON orders (created_at) INCLUDE (id, currency_code, currency_symbol, total) WHERE status NOT IN ('cancelled', 'rejected');
CREATE INDEX order_items_insight_idx ON order_items (order_id) INCLUDE (product_id, slug, quantity, line_total, discount);
CREATE INDEX users_new_customers_idx ON users (created_at) WHERE role = 'customer' AND deleted_at IS NULL;
`;

// The admin's orders list and its CSV export (issue 19, api/src/orders/list.ts): what they sort and
// search by, indexed, so a page stays a few milliseconds at 100,000 orders on PostgreSQL.
// - Sorting: by date, total, number or status, each with the order number as the tie-break, walks one
//   index and stops after the page (orders_number_key, 008, is the number's own); the export walks the
//   number's index in pages (keyset), with a status filter the (status, number) one.
// - Searching: a number through orders_number_key; a customer's name or e-mail through users' trigram
//   indexes (the same two as 020's global search: IF NOT EXISTS, whichever runs first makes them) and
//   orders_user_idx (001); a product title in the order's lines through order_items' own trigram index.
export default `
SET LOCAL statement_timeout = 0;
SET LOCAL maintenance_work_mem = '256MB';
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_created_number_idx ON orders (created_at, number);
CREATE INDEX orders_total_number_idx ON orders (total, number);
CREATE INDEX orders_status_number_idx ON orders (status, number);
CREATE INDEX order_items_title_trgm_idx ON order_items USING gin (title gin_trgm_ops);
CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin (full_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
`;

// The back office's global search (issue 19, api/src/adminSearch): a customer by any part of the name
// or e-mail, a product by any part of its title, typed into the top bar. Trigram indexes let those
// ILIKE '%…%' reads (and the Users page's search, the same predicate) go through an index instead of
// every row (100,000 users: ~40 ms a read, a few ms with them). Orders are found by number through
// their unique index (008) and by customer through users' indexes and orders_user_idx (001).
export default `
SET LOCAL statement_timeout = 0;
SET LOCAL maintenance_work_mem = '256MB';
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin (full_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX IF NOT EXISTS products_title_trgm_idx ON products USING gin (title gin_trgm_ops);
`;

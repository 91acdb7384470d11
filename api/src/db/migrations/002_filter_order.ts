// Filters and their options keep the order they were created in (several are created in one
// transaction, where created_at is the same).
export default `
ALTER TABLE filters ADD COLUMN seq bigserial;
ALTER TABLE filter_options ADD COLUMN seq bigserial;
DROP INDEX filter_options_filter_idx;
CREATE INDEX filter_options_filter_idx ON filter_options (filter_id, seq);
`;

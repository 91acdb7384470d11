// Limits' counters shared by every API process on this database (issue 23; limits/database.ts): one row
// per limit and key (an address, an account) for its current fixed window. Rows whose window has ended
// mean nothing and are deleted now and then, oldest first (the index).
export default `
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
`;

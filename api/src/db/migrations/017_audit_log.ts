// The audit log (issue 19): one row per admin write, inserted in the write's own transaction
// (audit/service.ts recordAudit), so a write that rolls back leaves no row and a committed one always
// has its row. Append-only here too, not only in the API: a trigger refuses UPDATE, DELETE and
// TRUNCATE, whoever asks. `at` is clock_timestamp() rather than now() (the transaction's start), so
// the several rows of one transaction (a bulk edit) keep the order they were written in.
// actor_id has no ON DELETE action: users are soft-deleted, and a SET NULL would be an UPDATE the
// trigger refuses; null is a write no person made (a background job).
export default `
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_id uuid REFERENCES users(id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_entity_at_idx ON audit_log (entity, at DESC, id DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`;

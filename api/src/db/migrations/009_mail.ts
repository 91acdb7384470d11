// The e-mail outbox (issue 18). A message is written here in the same transaction as the event that
// causes it (an order, a status change, a reset asked for, a contact message), so it is sent if and
// only if the event happened; a sender in every API process delivers it after commit (mail/sender.ts),
// claiming rows with FOR UPDATE SKIP LOCKED so two processes never take the same one. The insert
// trigger wakes every process's sender at commit (NOTIFY mail_outbox). Each function body stays on one
// line: migrations are split at ";" + newline.
export default `
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  message jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sending','sent','failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  subject text,
  html text,
  text_body text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending','sending');
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id);
CREATE FUNCTION mail_outbox_added() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM added) THEN PERFORM pg_notify('mail_outbox', ''); END IF; RETURN NULL; END $$;
CREATE TRIGGER mail_outbox_ins AFTER INSERT ON mail_outbox REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION mail_outbox_added();
`;

// Issue 39 (P39b): an order's invoice number is given just after the order commits, not inside its
// transaction. The number's counter row was the checkout's last lock, held to the end of its COMMIT,
// and PostgreSQL frees a row lock only once the commit is flushed: every checkout passed the counter
// one disk flush at a time (~5.5 ms here: a ceiling of ~180 orders/s whatever the CPU). Now the
// checkout writes its order into invoice_queue with the confirmation e-mail it owes; after the commit,
// one statement numbers every order queued meanwhile (invoices/numbering.ts): the counter advanced once
// for the batch, the documents written, the orders given their numbers, the confirmations put in the
// outbox with them, the queue rows gone. Still no gap and none twice: only committed orders are queued,
// and a batch numbers its orders in one transaction. An order whose process died before its batch is
// numbered by the next batch of any process, or by the sweep every process runs now and then.
// - The confirmation waits here, not in the outbox: its invoice PDF carries the number.
// - A deleted order leaves the queue with it (nothing to number, nothing to confirm).
export default `
CREATE TABLE invoice_queue (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  mail_key text,
  mail_kind text,
  mail_to text,
  mail_reply_to text,
  mail_message jsonb,
  mail_secret text
);
CREATE INDEX invoice_queue_order ON invoice_queue (queued_at, order_id);
`;

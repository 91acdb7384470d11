// Issue 39: invoices and credit notes with numbers that have no gaps, and the store's own details
// that an invoice shows as its seller.
// - store_settings: one row (id true), edited by the super admin (GET/PUT /api/settings/store).
// - document_counters: the last number given per kind ('invoice', 'credit_note') and year. The row is
//   locked (INSERT … ON CONFLICT DO UPDATE) in the transaction that issues the document, as its last
//   statement: a checkout that rolls back gives its number back, and no two get the same.
// - order_documents: each invoice and credit note as issued, with the seller as it was then (a later
//   edit of the store settings never changes a document). An order deleted by an admin leaves its
//   documents (order_id set null): the books keep every number.
// - orders.invoice_number, orders.credit_note_number: the numbers the order's answers show.
export default `
CREATE TABLE store_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  legal_name text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  tax_id text NOT NULL DEFAULT '',
  invoice_footer text NOT NULL DEFAULT '',
  default_country text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO store_settings (id) VALUES (true);

CREATE TABLE document_counters (
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  year integer NOT NULL,
  last bigint NOT NULL,
  PRIMARY KEY (kind, year)
);

CREATE TABLE order_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  year integer NOT NULL,
  seq bigint NOT NULL,
  number text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  seller jsonb NOT NULL,
  UNIQUE (kind, year, seq)
);
CREATE UNIQUE INDEX order_documents_order ON order_documents (order_id, kind);

ALTER TABLE orders ADD COLUMN invoice_number text, ADD COLUMN credit_note_number text;
`;

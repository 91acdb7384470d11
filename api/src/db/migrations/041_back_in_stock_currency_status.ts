// Issue 38 (11, 14).
// 11: "E-mail me when it's back". One row per address waiting for a combination of a product (options_key
// '' : any combination, or a product without variants). notified_at is set, under the row's lock, in
// the transaction that brings the stock back and puts the e-mail in the outbox: once per row, whoever
// restocks at the same time. An address that unsubscribed by the e-mail's link is remembered, so a
// signed-out visitor cannot sign it up again.
// 18: orders sorted by total are sorted within each currency: walked by this index.
// 14: a currency's status. A new currency is a draft, hidden from shoppers until the owner publishes it;
// the currencies a shop already has were live, so they are published.
export default `
CREATE TABLE stock_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  options_key text NOT NULL DEFAULT '',
  option_ids uuid[] NOT NULL DEFAULT '{}',
  email text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  locale text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz
);
CREATE UNIQUE INDEX stock_alerts_waiting_key ON stock_alerts (product_id, options_key, lower(email)) WHERE notified_at IS NULL;
CREATE INDEX stock_alerts_email_idx ON stock_alerts (lower(email)) WHERE notified_at IS NULL;
CREATE TABLE stock_alert_optouts (
  email text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_currency_total_idx ON orders (currency_code, total, number);
ALTER TABLE currencies ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'));
`;

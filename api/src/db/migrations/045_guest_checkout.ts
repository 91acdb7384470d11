// Issue 40, its guest part: buying without an account, when the owner turns it on.
// - store_settings.guest_checkout (off: the spec's login rule) and guest_carts_per_hour (anonymous carts
//   one IP may open in an hour).
// - A guest's cart belongs to a guest shopper: a users row marked is_guest (no password, never signs in,
//   never listed as a customer), so the cart and checkout code serve both. guest_carts holds the browser's
//   cart token, hashed (SHA-256 of 32 random bytes), and when it expires; the sweep deletes expired
//   tokens and the guest shoppers left with no token and no order.
// - orders.guest_email: the e-mail a guest gave at checkout (the order is a guest's when set);
//   orders.status_token_hash: the hash of the private order link's token (/order-status/{token}).
export default `
ALTER TABLE store_settings ADD COLUMN guest_checkout boolean NOT NULL DEFAULT false;
ALTER TABLE store_settings ADD COLUMN guest_carts_per_hour integer NOT NULL DEFAULT 20 CHECK (guest_carts_per_hour BETWEEN 1 AND 100000);
ALTER TABLE users ADD COLUMN is_guest boolean NOT NULL DEFAULT false;
CREATE TABLE guest_carts (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX guest_carts_user_idx ON guest_carts (user_id);
CREATE INDEX guest_carts_expires_idx ON guest_carts (expires_at);
CREATE INDEX users_guest_idx ON users (created_at) WHERE is_guest;
ALTER TABLE orders ADD COLUMN guest_email text;
ALTER TABLE orders ADD COLUMN status_token_hash text;
CREATE UNIQUE INDEX orders_status_token_key ON orders (status_token_hash) WHERE status_token_hash IS NOT NULL;
CREATE INDEX orders_guest_email_idx ON orders (lower(guest_email)) WHERE guest_email IS NOT NULL;
`;

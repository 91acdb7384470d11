// Issue 40: card payments (Stripe). One row per PaymentIntent the shop made (card_payments): what it
// charges, the checkout it pays for (so the webhook can place the order without the buyer), and the
// stock and coupon use held for it until hold_until. The intent id is unique twice over: its row, and
// the order it paid (orders.payment_ref for method 'Card'), so an order is placed once whoever comes
// first (the webhook, the buyer's return, the start-up's look-up). Webhook events seen (stripe_events)
// are refused when replayed; an order's partial refunds (order_refunds) never add up past its total.
export default `
ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('order','cancelled','rejected','deleted','reinstated','adjustment','import','held','released'));
CREATE TABLE card_payments (
  intent_id text PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  cart_version text NOT NULL,
  currency_code text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  checkout jsonb NOT NULL,
  held_stock jsonb NOT NULL DEFAULT '[]',
  held_coupon_id uuid REFERENCES coupons(id) ON DELETE SET NULL,
  state text NOT NULL CHECK (state IN ('held','released','ordered','refund_pending','refunded')),
  hold_until timestamptz NOT NULL,
  order_id uuid UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_payments_user_idx ON card_payments (user_id, state);
CREATE INDEX card_payments_coupon_idx ON card_payments (held_coupon_id);
CREATE INDEX card_payments_hold_idx ON card_payments (hold_until) WHERE state = 'held';
CREATE INDEX card_payments_open_idx ON card_payments (created_at) WHERE state IN ('held','released','refund_pending');
CREATE UNIQUE INDEX orders_card_intent_once ON orders (payment_ref) WHERE payment_method = 'Card';
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE order_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('pending','refunded','failed')),
  reference text,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id, created_at);
CREATE INDEX order_refunds_actor_idx ON order_refunds (actor_id);
CREATE INDEX order_refunds_open_idx ON order_refunds (created_at) WHERE status <> 'refunded';
`;

// Coupon codes (issue 22). `times_used` is the count of redemptions that still hold (released_at null):
// the order's transaction raises it with a conditional UPDATE (the limit checked and counted in one
// statement, under the coupon row's lock), cancel and reject lower it. The order keeps the code and the
// amount it took off, so deleting a coupon changes no past order.
export default `
CREATE TABLE coupons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL,
  discount_type text NOT NULL CHECK (discount_type IN ('fixed', 'percentage')),
  value jsonb NOT NULL DEFAULT '{}',
  min_subtotal jsonb NOT NULL DEFAULT '{}',
  starts_at timestamptz,
  ends_at timestamptz,
  usage_limit integer CHECK (usage_limit > 0),
  per_customer_limit integer CHECK (per_customer_limit > 0),
  first_order_only boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  times_used integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (lower(code));
CREATE TABLE coupon_products (
  coupon_id uuid NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (coupon_id, product_id)
);
CREATE INDEX coupon_products_product_idx ON coupon_products (product_id);
ALTER TABLE orders ADD COLUMN coupon_id uuid REFERENCES coupons(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN coupon_code text;
ALTER TABLE orders ADD COLUMN coupon_discount bigint NOT NULL DEFAULT 0;
CREATE INDEX orders_coupon_idx ON orders (coupon_id);
CREATE TABLE coupon_redemptions (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  coupon_id uuid NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  released_at timestamptz
);
CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id, created_at DESC);
CREATE INDEX coupon_redemptions_user_idx ON coupon_redemptions (user_id, coupon_id) WHERE released_at IS NULL;
`;

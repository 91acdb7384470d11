// The first schema. Money is integer minor units (bigint); ids are uuids shown as opaque strings.
export default `
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name text NOT NULL,
  email text NOT NULL,
  contact text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('admin','customer')),
  is_super_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_contact_key ON users (contact);
CREATE INDEX users_created_idx ON users (created_at DESC);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  full_name text NOT NULL,
  line1 text NOT NULL,
  line2 text,
  city text NOT NULL,
  state text,
  postal_code text NOT NULL,
  country text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);

CREATE TABLE currencies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL,
  name text NOT NULL,
  code text NOT NULL,
  symbol text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX currencies_code_key ON currencies (upper(code));

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  features text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  image_urls text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_created_idx ON products (created_at DESC);
CREATE INDEX products_title_idx ON products (lower(title));

CREATE TABLE product_prices (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  currency_id uuid NOT NULL REFERENCES currencies(id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (product_id, currency_id)
);
CREATE INDEX product_prices_sort_idx ON product_prices (currency_id, amount);

CREATE TABLE filters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE filter_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  filter_id uuid NOT NULL REFERENCES filters(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX filter_options_filter_idx ON filter_options (filter_id, created_at);
CREATE TABLE product_filter_options (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_id uuid NOT NULL REFERENCES filter_options(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, option_id)
);
CREATE INDEX product_filter_options_option_idx ON product_filter_options (option_id, product_id);

CREATE TABLE discounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  discount_type text NOT NULL CHECK (discount_type IN ('fixed','percentage')),
  time_limit timestamptz NOT NULL,
  value jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE product_discounts (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  discount_id uuid NOT NULL REFERENCES discounts(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, discount_id)
);
CREATE INDEX product_discounts_discount_idx ON product_discounts (discount_id);
CREATE TABLE user_discounts (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  discount_id uuid NOT NULL REFERENCES discounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, discount_id)
);

CREATE TABLE variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  type text NOT NULL,
  seq bigserial NOT NULL
);
CREATE INDEX variants_product_idx ON variants (product_id, seq);
CREATE TABLE variant_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  in_stock boolean NOT NULL DEFAULT true,
  inc_rate jsonb NOT NULL DEFAULT '{}',
  seq bigserial NOT NULL
);
CREATE INDEX variant_options_variant_idx ON variant_options (variant_id, seq);

CREATE TABLE cart_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_ids uuid[] NOT NULL DEFAULT '{}',
  options_key text NOT NULL DEFAULT '',
  quantity integer NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id, options_key)
);
CREATE TABLE wishlist_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id)
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending','processing','shipped','delivered','cancelled','rejected')),
  payment_method text NOT NULL,
  payment_ref text,
  currency_id uuid,
  currency_code text NOT NULL,
  currency_symbol text NOT NULL,
  shipping_address jsonb NOT NULL,
  sub_total bigint NOT NULL,
  product_discount bigint NOT NULL DEFAULT 0,
  user_discount bigint NOT NULL DEFAULT 0,
  total_discount bigint NOT NULL,
  total bigint NOT NULL CHECK (total >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
CREATE INDEX orders_created_idx ON orders (created_at);
CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id uuid REFERENCES products(id) ON DELETE SET NULL,
  title text NOT NULL,
  slug text NOT NULL,
  image_url text,
  options jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL,
  unit_price bigint NOT NULL,
  line_total bigint NOT NULL,
  discount bigint NOT NULL DEFAULT 0,
  seq integer NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items (order_id, seq);
CREATE INDEX order_items_product_idx ON order_items (product_id);
`;

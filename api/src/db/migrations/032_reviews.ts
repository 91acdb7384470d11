// Product reviews from verified buyers (issue 41). One review per customer and product; only approved
// ones are public. product_ratings keeps each product's approved count, sum and histogram, maintained
// by a row trigger on reviews from the change itself (the old row's part taken out, the new row's
// put in): the review row is locked by its writer, so concurrent moderations each apply their own
// delta once and the totals stay exact (no recount, no double counting; reviews.test's property test
// checks them against a direct recount). product_ratings is a catalogue table (migrations 003, 007):
// a change bumps the catalogue version and names its product, so that product's kept page and every
// kept list are made again with the new rating. A product deleted takes its reviews and rating with it
// (cascade). Function bodies stay on one line: migrations are split at ";" + newline.
export default `
ALTER TABLE users ADD COLUMN review_requests boolean NOT NULL DEFAULT true;
CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  reason text,
  reply text,
  helpful integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX reviews_author_key ON reviews (user_id, product_id);
CREATE INDEX reviews_product_idx ON reviews (product_id, created_at DESC, id) WHERE status = 'approved';
CREATE INDEX reviews_status_idx ON reviews (status, created_at DESC, id);
CREATE TABLE review_votes (
  review_id uuid NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (review_id, user_id)
);
CREATE INDEX review_votes_user_idx ON review_votes (user_id);
CREATE TABLE product_ratings (
  product_id uuid PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  total integer NOT NULL DEFAULT 0,
  histogram integer[] NOT NULL DEFAULT '{0,0,0,0,0}',
  average numeric(3,2) GENERATED ALWAYS AS (CASE WHEN count > 0 THEN round(total::numeric / count, 2) END) STORED
);
CREATE INDEX product_ratings_sort_idx ON product_ratings (average DESC NULLS LAST, count DESC);
CREATE FUNCTION review_rating_delta(p uuid, r smallint, d integer) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF d < 0 THEN UPDATE product_ratings SET count = count + d, total = total + d * r, histogram[r] = histogram[r] + d WHERE product_id = p; ELSIF EXISTS (SELECT 1 FROM products WHERE id = p) THEN INSERT INTO product_ratings AS pr (product_id, count, total, histogram) VALUES (p, d, d * r, (SELECT array_agg(CASE WHEN i = r THEN d ELSE 0 END ORDER BY i) FROM generate_series(1, 5) i)) ON CONFLICT (product_id) DO UPDATE SET count = pr.count + d, total = pr.total + d * r, histogram[r] = pr.histogram[r] + d; END IF; END $$;
CREATE FUNCTION reviews_rating() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND NOT (TG_OP = 'UPDATE' AND NEW.status = 'approved' AND NEW.rating = OLD.rating AND NEW.product_id = OLD.product_id) THEN PERFORM review_rating_delta(OLD.product_id, OLD.rating, -1); END IF; IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved' AND NOT (TG_OP = 'UPDATE' AND OLD.status = 'approved' AND NEW.rating = OLD.rating AND NEW.product_id = OLD.product_id) THEN PERFORM review_rating_delta(NEW.product_id, NEW.rating, 1); END IF; RETURN NULL; END $$;
CREATE TRIGGER reviews_rating AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_rating();
CREATE TRIGGER product_ratings_catalog_ins AFTER INSERT ON product_ratings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_product_rows();
CREATE TRIGGER product_ratings_catalog_upd AFTER UPDATE ON product_ratings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_product_rows();
`;

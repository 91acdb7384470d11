// The product page's review list kept in each API process's memory (reviews/keptLists.ts, issue 41):
// every write that can change a product's list or its rating NOTIFYs `reviews_changed` with the
// products' ids, from the database itself, whoever writes (a review written, edited, moderated,
// replied to, voted helpful, deleted; an author's account deleted; a product deleted, published or
// unpublished: its list answers 404 while unpublished). A process that hears it reads those products'
// lists again. Statement triggers with transition tables: one notification per statement; no row is
// written, so concurrent writers (votes on one product) wait for nothing new. More than 100 products
// in one statement (a payload is at most 8,000 bytes) say '*': every list. The rating (product_ratings)
// is written only by reviews' own trigger (032), in the same statement. Function bodies stay on one
// line: migrations are split at ";" + newline.
const notifyAll = `CASE WHEN cardinality(ids) > 100 THEN '*' ELSE array_to_string(ids, ',') END`;

export default `
CREATE FUNCTION notify_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE ids text[]; BEGIN IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('reviews_changed', '*'); RETURN NULL; END IF; SELECT array_agg(DISTINCT product_id::text) INTO ids FROM changed; IF ids IS NOT NULL THEN PERFORM pg_notify('reviews_changed', ${notifyAll}); END IF; RETURN NULL; END $$;
CREATE TRIGGER reviews_lists_ins AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed();
CREATE TRIGGER reviews_lists_upd AFTER UPDATE ON reviews REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed();
CREATE TRIGGER reviews_lists_del AFTER DELETE ON reviews REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed();
CREATE TRIGGER reviews_lists_trunc AFTER TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed();
CREATE FUNCTION notify_product_reviews_shown() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE ids text[]; BEGIN IF TG_OP = 'DELETE' THEN SELECT array_agg(id::text) INTO ids FROM gone; ELSE SELECT array_agg(n.id::text) INTO ids FROM came n JOIN gone o ON o.id = n.id WHERE n.published IS DISTINCT FROM o.published; END IF; IF ids IS NOT NULL THEN PERFORM pg_notify('reviews_changed', ${notifyAll}); END IF; RETURN NULL; END $$;
CREATE TRIGGER products_review_lists_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION notify_product_reviews_shown();
CREATE TRIGGER products_review_lists_del AFTER DELETE ON products REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION notify_product_reviews_shown();
`;

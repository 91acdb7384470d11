// The shop in French too (issue 37; api/README.md, "Languages"). Each translated record keeps its
// translations beside its English fields as {locale: {field: text}} (jsonb: a third language is no
// schema change): products (title, description), variants (name: the variant's type), variant and
// filter options, filters (name), discounts (name: the title shoppers see). product_json sends them,
// the API puts the asked locale's in place, field by field (contract translated). search_vector_fr
// holds the French title (A) and description (C) stemmed the French way (shop_search_fr: french with
// accents ignored, as shop_search does for English), so a French search finds French words. The
// customer's language is kept on the account (at registration and login) and on the order (at
// checkout): the e-mails are written in it. Each function body stays on one line: migrations are
// split at ";" + newline.
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;
const tr = "'translations', nullif(%.translations, '{}'::jsonb)";
const translations = (alias: string) => tr.replace('%', alias);

export default `
ALTER TABLE products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE variants ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE variant_options ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE filters ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE filter_options ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE discounts ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en';
ALTER TABLE orders ADD COLUMN locale text NOT NULL DEFAULT 'en';
CREATE TEXT SEARCH CONFIGURATION shop_search_fr (COPY = french);
ALTER TEXT SEARCH CONFIGURATION shop_search_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
ALTER TABLE products ADD COLUMN search_vector_fr tsvector GENERATED ALWAYS AS (setweight(to_tsvector('shop_search_fr'::regconfig, coalesce(translations #>> '{fr,title}', '')), 'A') || setweight(to_tsvector('shop_search_fr'::regconfig, coalesce(translations #>> '{fr,description}', '')), 'C')) STORED;
CREATE INDEX products_search_vector_fr_idx ON products USING gin (search_vector_fr);
CREATE OR REPLACE FUNCTION discount_json(d discounts) RETURNS json LANGUAGE sql STABLE AS $$ SELECT json_build_object('id', d.id, 'title', d.title, 'discountType', d.discount_type, 'timeLimit', ${ms('d.time_limit')}, 'value', d.value, ${translations('d')}) $$;
CREATE OR REPLACE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, ${translations('v')}, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate, 'imageUrls', o.image_urls, ${translations('o')}) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id), 'trackInventory', p.track_inventory, 'stock', (SELECT json_object_agg(s.options_key, s.quantity) FROM stock_levels s WHERE s.product_id = p.id), 'published', p.published, ${translations('p')}) FROM products p WHERE p.id = wanted); END $$;
`;

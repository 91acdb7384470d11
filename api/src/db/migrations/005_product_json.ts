// A whole product as one JSON value, built by PostgreSQL for catalog/products.ts (toProductOut reads
// it): the product row, its prices by currency id, its variants with their options (creation order),
// its filter option ids (filter order) and its discounts (creation order). A PL/pgSQL function rather
// than the same subqueries inlined in every statement that needs products: its plan is made once per
// connection and reused, which halves the database's work per product (planning the subqueries cost
// as much as running them). Times are epoch milliseconds, floored, which is what both drivers make of
// a timestamptz (its JSON text would depend on the session's time zone). A change of shape is a later
// migration that replaces these functions.
// Each function body stays on one line: migrations are split at ";" + newline.
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;

export default `
CREATE FUNCTION discount_json(d discounts) RETURNS json LANGUAGE sql STABLE AS $$ SELECT json_build_object('id', d.id, 'title', d.title, 'discountType', d.discount_type, 'timeLimit', ${ms('d.time_limit')}, 'value', d.value) $$;
CREATE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id)) FROM products p WHERE p.id = wanted); END $$;
`;

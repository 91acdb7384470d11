// Photos per option (issue 22): an option's photos are some of its product's own uploads
// (products.image_urls), so uploading, copying and deleting images stay the product's; an option
// only names which of them show the piece with it (empty: the product's apply). product_json sends
// them with each option. The catalogue's memory follows an edit of them as it follows any option's
// (variant_options' triggers, migration 007, record the product). Each function body stays on one
// line: migrations are split at ";" + newline.
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;

export default `
ALTER TABLE variant_options ADD COLUMN image_urls text[] NOT NULL DEFAULT '{}';
CREATE OR REPLACE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate, 'imageUrls', o.image_urls) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id), 'trackInventory', p.track_inventory, 'stock', (SELECT json_object_agg(s.options_key, s.quantity) FROM stock_levels s WHERE s.product_id = p.id)) FROM products p WHERE p.id = wanted); END $$;
`;

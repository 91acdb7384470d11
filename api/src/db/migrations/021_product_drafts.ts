// Draft products (issue 19): a product saved as a draft (published false) is the back office's only,
// invisible to the storefront everywhere (api/README.md, "Drafts"). Every product there is stays
// published (a constant default: no table rewrite on PostgreSQL 11+). product_json sends the flag
// (the admin's answers carry it); shop_product_json is product_json for the storefront's readers
// (product pages, lists, carts, wishlists, checkouts): null for a draft, as for a product that is gone.
// The catalogue version follows a publish as any product update (migrations 003 and 007: the product's
// page is read again). Drafts are few: a partial index finds them, so a storefront count can take them
// off a kept total in a few rows. Each function body stays on one line: migrations are split at ";" + newline.
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)`;

export default `
ALTER TABLE products ADD COLUMN published boolean NOT NULL DEFAULT true;
CREATE INDEX products_drafts_idx ON products (id) WHERE NOT published;
CREATE OR REPLACE FUNCTION product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN (SELECT json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'features', p.features, 'tags', p.tags, 'imageUrls', p.image_urls, 'createdAt', ${ms('p.created_at')}, 'prices', (SELECT json_object_agg(pp.currency_id, pp.amount) FROM product_prices pp WHERE pp.product_id = p.id), 'variants', (SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'options', (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'isActive', o.is_active, 'inStock', o.in_stock, 'incRate', o.inc_rate, 'imageUrls', o.image_urls) ORDER BY o.seq) FROM variant_options o WHERE o.variant_id = v.id)) ORDER BY v.seq) FROM variants v WHERE v.product_id = p.id), 'filterOptions', (SELECT json_agg(l.option_id ORDER BY fo.seq) FROM product_filter_options l JOIN filter_options fo ON fo.id = l.option_id WHERE l.product_id = p.id), 'discounts', (SELECT json_agg(discount_json(d) ORDER BY d.created_at, d.id) FROM product_discounts pd JOIN discounts d ON d.id = pd.discount_id WHERE pd.product_id = p.id), 'trackInventory', p.track_inventory, 'stock', (SELECT json_object_agg(s.options_key, s.quantity) FROM stock_levels s WHERE s.product_id = p.id), 'published', p.published) FROM products p WHERE p.id = wanted); END $$;
CREATE FUNCTION shop_product_json(wanted uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$ BEGIN IF NOT EXISTS (SELECT 1 FROM products WHERE id = wanted AND published) THEN RETURN NULL; END IF; RETURN product_json(wanted); END $$;
`;

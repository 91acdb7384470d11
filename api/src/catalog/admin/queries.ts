import type { Queryable } from '../../db/client.js';
import type { PriceMap } from '../../lib/money.js';
import type { ProductJson } from '../productQueries.js';

// The admin's writes to a product and its parts (prices, discounts, filter options, variants, their
// options, images), as plain SQL; the rules (what must exist, what is refused) are the service's.

/** The slugs already taken by base or base-<anything>. */
export const takenSlugs = async (q: Queryable, base: string) =>
  new Set((await q.query<{ slug: string }>(`SELECT slug FROM products WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])).map((r) => r.slug));

/** A new product's own row (its parts are written after it). */
/** published: false saves a draft (issue 19); absent, published. */
export type ProductRow = Pick<ProductJson, 'slug' | 'title' | 'description' | 'features' | 'tags' | 'imageUrls'> & { createdAt: Date; published?: boolean; weight?: number; taxClassId?: string | null };
export const insertProduct = async (q: Queryable, p: ProductRow) =>
  (await q.one<{ id: string }>(
    `INSERT INTO products (slug, title, description, features, tags, image_urls, created_at, published, weight, tax_class_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
    [p.slug, p.title, p.description, p.features, p.tags, p.imageUrls, p.createdAt, p.published ?? true, p.weight ?? 0, p.taxClassId ?? null],
  ))!.id;

/** Locks a product's row for the rest of the transaction; false when there is none. */
export const lockProduct = async (q: Queryable, id: string) => !!(await q.one(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [id]));

/** Sets the given fields (null: unchanged; taxClassId: undefined unchanged, null the default class). */
export const updateProduct = (
  q: Queryable,
  id: string,
  d: { title: string | null; description: string | null; features: string[] | null; tags: string[] | null; weight?: number | null; taxClassId?: string | null },
) =>
  q.query(
    `UPDATE products SET title = coalesce($2, title), description = coalesce($3, description), features = coalesce($4, features),
       tags = coalesce($5, tags), weight = coalesce($6, weight), tax_class_id = CASE WHEN $7::boolean THEN $8::uuid ELSE tax_class_id END, updated_at = now() WHERE id = $1`,
    [id, d.title, d.description, d.features, d.tags, d.weight ?? null, d.taxClassId !== undefined, d.taxClassId ?? null],
  );

/** False when there was no such product. */
export const deleteProduct = async (q: Queryable, id: string) => !!(await q.one(`DELETE FROM products WHERE id = $1 RETURNING id`, [id]));

export const replacePrices = async (q: Queryable, productId: string, map: PriceMap) => {
  await q.query(`DELETE FROM product_prices WHERE product_id = $1`, [productId]);
  for (const [cur, amount] of Object.entries(map)) {
    await q.query(`INSERT INTO product_prices (product_id, currency_id, amount) VALUES ($1, $2, $3)`, [productId, cur, amount]);
  }
};
export const replaceDiscounts = async (q: Queryable, productId: string, ids: string[]) => {
  await q.query(`DELETE FROM product_discounts WHERE product_id = $1`, [productId]);
  for (const d of ids) await q.query(`INSERT INTO product_discounts (product_id, discount_id) VALUES ($1, $2)`, [productId, d]);
};
export const replaceFilterOptions = async (q: Queryable, productId: string, ids: string[]) => {
  await q.query(`DELETE FROM product_filter_options WHERE product_id = $1`, [productId]);
  for (const o of ids) await q.query(`INSERT INTO product_filter_options (product_id, option_id) VALUES ($1, $2)`, [productId, o]);
};

export const addImageUrls = (q: Queryable, id: string, urls: string[]) =>
  q.query(`UPDATE products SET image_urls = image_urls || $2::text[], updated_at = now() WHERE id = $1`, [id, urls]);
/** A product's image paths, its row locked for the rest of the transaction; undefined when there is none. */
export const lockImageUrls = async (q: Queryable, id: string) =>
  (await q.one<{ image_urls: string[] }>(`SELECT image_urls FROM products WHERE id = $1 FOR UPDATE`, [id]))?.image_urls;
/** The product's images, locked, and its title (the audit entry names the product). */
export const lockImages = (q: Queryable, id: string) =>
  q.one<{ title: string; image_urls: string[] }>(`SELECT title, image_urls FROM products WHERE id = $1 FOR UPDATE`, [id]);
export const setImageUrls = (q: Queryable, id: string, urls: string[]) =>
  q.query(`UPDATE products SET image_urls = $2::text[], updated_at = now() WHERE id = $1`, [id, urls]);
/** Whether a product or an order line still shows this image (in either of its spellings: uploads/x, /uploads/x). */
export const imageInUse = async (q: Queryable, url: string) => {
  const spellings = [url.replace(/^\//, ''), `/${url.replace(/^\//, '')}`];
  const row = await q.one<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM products WHERE image_urls && $1::text[]) OR EXISTS (SELECT 1 FROM order_items WHERE image_url = ANY ($1::text[])) AS used`,
    [spellings],
  );
  return row!.used;
};

interface ProductImagesRow {
  id: string;
  image_urls: string[];
}
const toProductImages = (r: ProductImagesRow | undefined) => r && { productId: r.id, imageUrls: r.image_urls };

export const insertVariant = async (q: Queryable, productId: string, type: string) =>
  (await q.one<{ id: string }>(`INSERT INTO variants (product_id, type) VALUES ($1, $2) RETURNING id`, [productId, type]))!.id;
/** False when the product has no such variant. */
export const renameVariant = async (q: Queryable, productId: string, variantId: string, type: string | null) =>
  !!(await q.one(`UPDATE variants SET type = coalesce($3, type) WHERE id = $2 AND product_id = $1 RETURNING id`, [productId, variantId, type]));
/** False when the product has no such variant. */
export const deleteVariant = async (q: Queryable, productId: string, variantId: string) =>
  !!(await q.one(`DELETE FROM variants WHERE id = $2 AND product_id = $1 RETURNING id`, [productId, variantId]));
/** The product of a variant and its image paths, its row locked for the rest of the transaction; undefined when there is none. */
export const lockProductOfVariant = async (q: Queryable, variantId: string) =>
  toProductImages(
    await q.one<ProductImagesRow>(`SELECT p.id, p.image_urls FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1 FOR UPDATE OF p`, [variantId]),
  );

export interface OptionRow {
  name: string;
  isActive: boolean;
  inStock: boolean;
  incRate: PriceMap;
  /** Some of the product's image paths (issue 22). */
  imageUrls: string[];
  /** Grams it adds (issue 39). */
  weight?: number;
}
export const insertOption = async (q: Queryable, variantId: string, o: OptionRow) =>
  (await q.one<{ id: string }>(`INSERT INTO variant_options (variant_id, name, is_active, in_stock, inc_rate, image_urls, weight) VALUES ($1, $2, $3, $4, $5, $6::text[], $7) RETURNING id`, [
    variantId, o.name, o.isActive, o.inStock, JSON.stringify(o.incRate), o.imageUrls, o.weight ?? 0,
  ]))!.id;
/** The product of a variant option and its image paths, its row locked for the rest of the transaction; undefined when there is none. */
export const lockProductOfOption = async (q: Queryable, optionId: string) =>
  toProductImages(
    await q.one<ProductImagesRow>(
      `SELECT p.id, p.image_urls FROM variant_options o JOIN variants v ON v.id = o.variant_id JOIN products p ON p.id = v.product_id WHERE o.id = $1 FOR UPDATE OF p`,
      [optionId],
    ),
  );
/** Sets the given fields (null: unchanged). */
export const updateOption = (
  q: Queryable,
  optionId: string,
  o: { name: string | null; isActive: boolean | null; inStock: boolean | null; incRate: PriceMap | null; imageUrls: string[] | null; weight?: number | null },
) =>
  q.query(
    `UPDATE variant_options SET name = coalesce($2, name), is_active = coalesce($3, is_active), in_stock = coalesce($4, in_stock),
       inc_rate = coalesce($5::jsonb, inc_rate), image_urls = coalesce($6::text[], image_urls), weight = coalesce($7, weight) WHERE id = $1`,
    [optionId, o.name, o.isActive, o.inStock, o.incRate ? JSON.stringify(o.incRate) : null, o.imageUrls, o.weight ?? null],
  );
/** Takes an image path out of every option of a product that shows it (the image was deleted). */
export const dropOptionPhoto = (q: Queryable, productId: string, url: string) =>
  q.query(
    `UPDATE variant_options o SET image_urls = array_remove(o.image_urls, $2) FROM variants v WHERE v.id = o.variant_id AND v.product_id = $1 AND $2 = ANY (o.image_urls)`,
    [productId, url],
  );
/** Deletes a variant option; answers its product, or undefined when there was none. */
export const deleteOption = async (q: Queryable, optionId: string) =>
  (await q.one<{ product_id: string }>(`DELETE FROM variant_options o USING variants v WHERE o.id = $1 AND v.id = o.variant_id RETURNING v.product_id`, [optionId]))?.product_id;

import type { Queryable } from '../../db/client.js';

// The back office's writes to many products at once (issue 19: bulk actions, the CSV import), as plain
// SQL; what is allowed is the service's. Every statement takes all the products at once.

export interface ProductStateRow {
  id: string;
  title: string;
  published: boolean;
}
/** The products of ids that exist, their rows locked for the rest of the transaction (in id order: two bulk actions never wait on each other in a circle). */
export const lockProducts = (q: Queryable, ids: string[]) =>
  q.query<ProductStateRow>(`SELECT id, title, published FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);

/** Publishes or unpublishes; answers the products it changed (those already so are left alone). */
export const setPublished = async (q: Queryable, ids: string[], published: boolean) =>
  (
    await q.query<{ id: string }>(`UPDATE products SET published = $2, updated_at = now() WHERE id = ANY($1::uuid[]) AND published <> $2 RETURNING id`, [ids, published])
  ).map((r) => r.id);

export const deleteProducts = async (q: Queryable, ids: string[]) =>
  (await q.query<{ id: string }>(`DELETE FROM products WHERE id = ANY($1::uuid[]) RETURNING id`, [ids])).map((r) => r.id);

/** Adds a discount to the products that do not have it yet; answers those. */
export const addDiscount = async (q: Queryable, ids: string[], discountId: string) =>
  (
    await q.query<{ product_id: string }>(
      `INSERT INTO product_discounts (product_id, discount_id) SELECT id, $2 FROM unnest($1::uuid[]) AS id ON CONFLICT DO NOTHING RETURNING product_id`,
      [ids, discountId],
    )
  ).map((r) => r.product_id);

/** Takes a discount off the products that have it; answers those. */
export const removeDiscount = async (q: Queryable, ids: string[], discountId: string) =>
  (await q.query<{ product_id: string }>(`DELETE FROM product_discounts WHERE product_id = ANY($1::uuid[]) AND discount_id = $2 RETURNING product_id`, [ids, discountId])).map(
    (r) => r.product_id,
  );

/** The slugs taken among these, or starting with one of them and a dash. */
export const takenSlugs = async (q: Queryable, bases: string[]) =>
  new Set(
    (
      await q.query<{ slug: string }>(`SELECT slug FROM products p WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS b WHERE p.slug = b OR starts_with(p.slug, b || '-'))`, [
        bases,
      ])
    ).map((r) => r.slug),
  );

export interface ImportedProduct {
  slug: string;
  title: string;
  description: string;
  tags: string[];
  imageUrls: string[];
  published: boolean;
  /** Minor units by currency id. */
  prices: Record<string, number>;
}
/**
 * Writes the products (one statement) and their prices (one more); answers their ids in order. Each
 * created a microsecond apart, in the file's order (the shop lists the newest first).
 */
export async function insertProducts(q: Queryable, products: ImportedProduct[]): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO products (slug, title, description, features, tags, image_urls, published, created_at)
     SELECT x.slug, x.title, x.description, '{}', ARRAY(SELECT json_array_elements_text(x.tags)), ARRAY(SELECT json_array_elements_text(x.images)), x.published,
            clock_timestamp() + (x.n * interval '1 microsecond')
       FROM json_to_recordset($1::json) AS x (n int, slug text, title text, description text, tags json, images json, published boolean)
     ORDER BY x.n RETURNING id`,
    [JSON.stringify(products.map((p, n) => ({ n, slug: p.slug, title: p.title, description: p.description, tags: p.tags, images: p.imageUrls, published: p.published })))],
  );
  // RETURNING keeps no order: each id is found again by its slug, unique per product.
  const bySlug = new Map((await q.query<{ id: string; slug: string }>(`SELECT id, slug FROM products WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)])).map((r) => [r.slug, r.id]));
  const ids = products.map((p) => bySlug.get(p.slug)!);
  const prices = products.flatMap((p, i) => Object.entries(p.prices).map(([currency, amount]) => ({ product: ids[i], currency, amount })));
  if (prices.length) {
    await q.query(
      `INSERT INTO product_prices (product_id, currency_id, amount) SELECT x.product, x.currency, x.amount FROM json_to_recordset($1::json) AS x (product uuid, currency uuid, amount bigint)`,
      [JSON.stringify(prices)],
    );
  }
  return ids;
}

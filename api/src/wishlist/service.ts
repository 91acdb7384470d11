import type { Db, Queryable } from '../db/client.js';
import { CURRENCY_IDS_JSON, productJson, toProductOut, type ProductJson } from '../catalog/products.js';
import { notFound } from '../lib/errors.js';

/** Wishlist items are products: _id is the product id (POST/DELETE /wishlist/:productId). One query. */
export async function wishlistOf(q: Queryable, userId: string) {
  const rows = await q.query<{ product: ProductJson | null; currency_ids: string[] }>(
    `SELECT ${productJson('w.product_id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids FROM wishlist_items w WHERE w.user_id = $1 ORDER BY w.created_at, w.id`,
    [userId],
  );
  return rows.flatMap((r) => (r.product ? [toProductOut(r.product, r.currency_ids)] : [])).map((p) => ({
    _id: p._id,
    slug: p.slug,
    title: p.title,
    imageUrls: p.imageUrls,
    basePrice: p.basePrice,
    discounts: p.discounts,
  }));
}

export function addToWishlist(db: Db, userId: string, productId: string) {
  return db.tx(async (q) => {
    if (!(await q.one(`SELECT id FROM products WHERE id = $1`, [productId]))) throw notFound('Product not found');
    await q.query(`INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, productId]);
    return wishlistOf(q, userId);
  });
}

export function removeFromWishlist(db: Db, userId: string, productId: string) {
  return db.tx(async (q) => {
    const gone = await q.one(`DELETE FROM wishlist_items WHERE user_id = $1 AND (product_id = $2 OR id = $2) RETURNING id`, [userId, productId]);
    if (!gone) throw notFound('Product is not in the wishlist');
    return wishlistOf(q, userId);
  });
}

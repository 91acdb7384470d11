import type { Locale } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { CURRENCY_IDS_JSON, shopProductJson, toProductOut, type ProductJson, type ProductOut } from '../catalog/productQueries.js';

/** The wishlist's products with their stock (its 'Add to cart' reads it), oldest first, in one query (a product deleted since is left out). */
export async function wishlistProducts(q: Queryable, userId: string, locale?: Locale): Promise<ProductOut[]> {
  const rows = await q.query<{ product: ProductJson | null; currency_ids: string[] }>(
    `SELECT ${shopProductJson('w.product_id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids FROM wishlist_items w WHERE w.user_id = $1 ORDER BY w.created_at, w.id`,
    [userId],
  );
  return rows.flatMap((r) => (r.product ? [toProductOut(r.product, r.currency_ids, { withStock: true, locale })] : []));
}

/** A product a shopper may add (a draft is not one, issue 19). */
export const productExists = (q: Queryable, productId: string) => q.one(`SELECT id FROM products WHERE id = $1 AND published`, [productId]);
/** The wishlist's items other than this product (adding one already there takes no room). */
export const countOtherItems = async (q: Queryable, userId: string, productId: string) =>
  Number((await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1 AND product_id <> $2`, [userId, productId]))!.n);
export const insertItem = (q: Queryable, userId: string, productId: string) =>
  q.query(`INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, productId]);
/** By product id (what the API shows as the item's _id) or by the row's own id. */
export const deleteItem = (q: Queryable, userId: string, productId: string) =>
  q.one(`DELETE FROM wishlist_items WHERE user_id = $1 AND (product_id = $2 OR id = $2) RETURNING id`, [userId, productId]);

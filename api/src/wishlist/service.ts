import type { Locale, WishlistItem } from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { makeRoom } from '../accounts/service.js';
import * as Q from './queries.js';

/**
 * Wishlist items are products: _id is the product id (POST/DELETE /wishlist/:productId). One query.
 * Discounts for the sale price, variants and stock for 'Add to cart' from the list (issue 22).
 */
export async function wishlistOf(q: Queryable, userId: string, locale?: Locale): Promise<WishlistItem[]> {
  return (await Q.wishlistProducts(q, userId, locale)).map((p) => ({
    _id: p._id,
    slug: p.slug,
    title: p.title,
    imageUrls: p.imageUrls,
    basePrice: p.basePrice,
    discounts: p.discounts,
    variants: p.variants,
    trackInventory: p.trackInventory,
    available: p.available,
    stock: p.stock ?? [],
  }));
}

export function addToWishlist(db: Db, userId: string, productId: string, locale?: Locale) {
  return db.tx(async (q) => {
    if (!(await Q.productExists(q, productId))) throw notFound('Product not found');
    await makeRoom(q, userId, 'wishlist', () => Q.countOtherItems(q, userId, productId));
    await Q.insertItem(q, userId, productId);
    return wishlistOf(q, userId, locale);
  });
}

export function removeFromWishlist(db: Db, userId: string, productId: string, locale?: Locale) {
  return db.tx(async (q) => {
    if (!(await Q.deleteItem(q, userId, productId))) throw notFound('Product is not in the wishlist');
    return wishlistOf(q, userId, locale);
  });
}

import type { Db, Queryable } from '../db/client.js';
import { cartOf, emptyCart } from '../cart/service.js';
import { getDiscount } from '../discounts/service.js';
import { forbidden, notFound } from '../lib/errors.js';
import { wishlistOf } from '../wishlist/service.js';
import * as Q from './queries.js';

async function mustGet(q: Queryable, id: string) {
  const u = await Q.getUser(q, id);
  if (!u) throw notFound('User not found');
  return u;
}

/** Live (or deleted) users whose name or email holds the keyword, newest first, one page. */
export async function searchUsers(q: Queryable, deleted: boolean, keyword: string | undefined, limit: number, page: number) {
  return { ...(await Q.searchUsers(q, deleted, keyword, limit, (page - 1) * limit)), page, limit };
}

export async function userDetails(q: Queryable, id: string) {
  const user = await Q.getUser(q, id, true);
  if (!user) throw notFound('User not found');
  return { user, cart: await cartOf(q, id), wishlist: await wishlistOf(q, id) };
}

/** Soft delete: the account can no longer log in and is listed with the deleted users. */
export function deleteUser(db: Db, id: string) {
  return db.tx(async (q) => {
    const u = await mustGet(q, id);
    if (u.isSuperAdmin) throw forbidden('A super admin cannot be deleted');
    await Q.markDeleted(q, id);
    await emptyCart(q, id);
  });
}

export async function changeRole(q: Queryable, id: string, role: 'admin' | 'customer') {
  const u = await mustGet(q, id);
  if (u.isSuperAdmin) throw forbidden('A super admin cannot be demoted');
  await Q.setRole(q, id, role);
  return mustGet(q, id);
}

export async function addDiscountToUser(q: Queryable, id: string, discountId: string) {
  await mustGet(q, id);
  await getDiscount(q, discountId); // 404 'Discount not found'
  await Q.insertUserDiscount(q, id, discountId);
  return mustGet(q, id);
}

export async function removeDiscountFromUser(q: Queryable, id: string, discountId: string) {
  await mustGet(q, id);
  await Q.deleteUserDiscount(q, id, discountId);
  return mustGet(q, id);
}

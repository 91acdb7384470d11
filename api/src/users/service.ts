import type { Queryable } from '../db/client.js';
import { cartOf } from '../cart/service.js';
import { getDiscountRow } from '../discounts/queries.js';
import { forbidden, notFound } from '../lib/errors.js';
import { wishlistOf } from '../wishlist/service.js';
import * as Q from './queries.js';

async function mustGet(q: Queryable, id: string) {
  const u = await Q.getUser(q, id);
  if (!u) throw notFound('User not found');
  return u;
}

export async function details(q: Queryable, id: string) {
  const user = await Q.getUser(q, id, true);
  if (!user) throw notFound('User not found');
  return { user, cart: await cartOf(q, id), wishlist: await wishlistOf(q, id) };
}

/** Soft delete: the account can no longer log in and is listed with the deleted users. */
export async function softDelete(q: Queryable, id: string) {
  const u = await mustGet(q, id);
  if (u.isSuperAdmin) throw forbidden('A super admin cannot be deleted');
  await q.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
  await q.query(`DELETE FROM cart_items WHERE user_id = $1`, [id]);
}

export async function changeRole(q: Queryable, id: string, role: 'admin' | 'customer') {
  const u = await mustGet(q, id);
  if (u.isSuperAdmin) throw forbidden('A super admin cannot be demoted');
  await q.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
  return mustGet(q, id);
}

export async function addDiscount(q: Queryable, id: string, discountId: string) {
  await mustGet(q, id);
  if (!(await getDiscountRow(q, discountId))) throw notFound('Discount not found');
  await q.query(`INSERT INTO user_discounts (user_id, discount_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, discountId]);
  return mustGet(q, id);
}

export async function removeDiscount(q: Queryable, id: string, discountId: string) {
  await mustGet(q, id);
  await q.query(`DELETE FROM user_discounts WHERE user_id = $1 AND discount_id = $2`, [id, discountId]);
  return mustGet(q, id);
}

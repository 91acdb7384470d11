import { recordAudit, recordChanges } from '../audit/service.js';
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
export function deleteUser(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const u = await mustGet(q, id);
    if (u.isSuperAdmin) throw forbidden('A super admin cannot be deleted');
    await Q.markDeleted(q, id);
    await emptyCart(q, id);
    const after = await Q.getUser(q, id, true);
    await recordAudit(q, { actorId, action: 'delete', entity: 'user', entityId: id, before: { fullName: u.fullName, email: u.email, role: u.role, deletedAt: null }, after: { deletedAt: after!.deletedAt } });
  });
}

/** Undoes a soft delete: the account can log in again and is listed with the live users. */
export function restoreUser(db: Db, id: string, actorId: string | null) {
  return db.tx(async (q) => {
    const before = await Q.getUser(q, id, true);
    if (!before?.deletedAt || !(await Q.markRestored(q, id))) throw notFound('Deleted user not found');
    const user = await mustGet(q, id);
    await recordAudit(q, { actorId, action: 'restore', entity: 'user', entityId: id, before: { deletedAt: before.deletedAt }, after: { deletedAt: null } });
    return user;
  });
}

export function changeRole(db: Db, id: string, role: 'admin' | 'customer', actorId: string) {
  return db.tx(async (q) => {
    const u = await mustGet(q, id);
    if (u.isSuperAdmin) throw forbidden('A super admin cannot be demoted');
    await Q.setRole(q, id, role);
    await recordChanges(q, { actorId, action: 'update', entity: 'user', entityId: id, about: { fullName: u.fullName, email: u.email } }, { role: u.role }, { role });
    return mustGet(q, id);
  });
}

/** A user's discounts as the audit log names them (titles, in the order they were given). */
const discountTitles = async (q: Queryable, u: Q.UserOut) => Promise.all(u.discounts.map(async (d) => (await getDiscount(q, d)).title));

/** Gives or takes one of the shop's discounts, recorded as the user's discount list before and after. */
function editDiscounts(db: Db, id: string, actorId: string, edit: (q: Queryable) => Promise<unknown>) {
  return db.tx(async (q) => {
    const before = await mustGet(q, id);
    await edit(q);
    const after = await mustGet(q, id);
    const about = { fullName: after.fullName, email: after.email };
    await recordChanges(q, { actorId, action: 'update', entity: 'user', entityId: id, about }, { discounts: await discountTitles(q, before) }, { discounts: await discountTitles(q, after) });
    return after;
  });
}

export const addDiscountToUser = (db: Db, id: string, discountId: string, actorId: string) =>
  editDiscounts(db, id, actorId, async (q) => {
    await getDiscount(q, discountId); // 404 'Discount not found'
    await Q.insertUserDiscount(q, id, discountId);
  });

export const removeDiscountFromUser = (db: Db, id: string, discountId: string, actorId: string) =>
  editDiscounts(db, id, actorId, (q) => Q.deleteUserDiscount(q, id, discountId));

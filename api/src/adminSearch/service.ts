import { ADMIN_SEARCH_LIMIT, formatOrderNumber, orderNumberDigits, type AdminSearchAnswer, type AdminSearchOrder, type OrderStatus } from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import { fromMinor } from '../lib/money.js';
import * as Q from './queries.js';

/** The widest order number looked for by prefix: numbers run from 100001, a shop of a billion orders has 10 digits. */
const WIDEST_NUMBER = 12;

/**
 * The [lo, hi) ranges of the order numbers that start with these digits: the number itself, then
 * every longer one up to WIDEST_NUMBER digits ('10004': 10004, 100040-100049, 1000400-1000499, …).
 * None for digits with a leading zero (no number has one).
 */
export function numberRanges(digits: string): Array<[string, string]> {
  if (digits.startsWith('0')) return [];
  const n = BigInt(digits);
  const ranges: Array<[string, string]> = [];
  for (let width = digits.length, scale = 1n; width <= Math.max(digits.length, WIDEST_NUMBER); width++, scale *= 10n) {
    ranges.push([String(n * scale), String((n + 1n) * scale)]);
  }
  return ranges;
}

const toOrder = (o: Q.OrderHit): AdminSearchOrder => ({
  _id: o.id,
  orderNumber: formatOrderNumber(o.number),
  status: o.status as OrderStatus,
  total: fromMinor(o.total),
  currencySymbol: o.currency_symbol,
  createdAt: new Date(o.created_at).toISOString(),
  customer: o.user_id ? { _id: o.user_id, fullName: o.full_name ?? '', email: o.email ?? '' } : null,
});

/** Below this many characters a text has no trigram: its matches are looked for by walking the newest first. */
const TRIGRAM = 3;

/** The accounts and products the text finds (Q.GATHER_CAP explains the two ways); one after the other: one transaction, one connection. */
async function textHits(q: Queryable, text: string, limit: number) {
  if (text.length < TRIGRAM) {
    return { orders: await Q.newestOrdersWalking(q, text, limit), products: await Q.newestProductsWalking(q, text, limit), users: await Q.newestUsersWalking(q, text, limit) };
  }
  const gatheredUsers = await Q.gatherUsers(q, text);
  const ids = gatheredUsers.map((u) => u.id);
  const live = gatheredUsers.filter((u) => u.live).map((u) => u.id);
  const usersCommon = gatheredUsers.length > Q.GATHER_CAP;
  const orders = usersCommon ? await Q.newestOrdersWalking(q, text, limit) : ids.length ? await Q.newestOrdersOf(q, ids, limit) : [];
  const users = usersCommon ? await Q.newestUsersWalking(q, text, limit) : live.length ? await Q.newestUsersOf(q, live, limit) : [];
  const gatheredProducts = await Q.gatherProducts(q, text);
  const products =
    gatheredProducts.length > Q.GATHER_CAP
      ? await Q.newestProductsWalking(q, text, limit)
      : gatheredProducts.sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at) || (a.id < b.id ? 1 : -1)).slice(0, limit);
  return { orders, products, users };
}

/**
 * What the back office's top bar offers for q: an order number as typed (AJ-100042, #100042, 100042 or
 * the start of one) finds the orders whose number starts with it; any other text up to
 * ADMIN_SEARCH_LIMIT orders of the accounts whose name or e-mail holds it, products whose title holds
 * it and live accounts whose name or e-mail holds it, the newest first. A blank q finds nothing.
 */
export async function searchAll(db: Db, query: string): Promise<AdminSearchAnswer> {
  const text = query.trim();
  if (!text) return { orders: [], products: [], customers: [] };
  const digits = orderNumberDigits(text);
  const limit = ADMIN_SEARCH_LIMIT;
  if (digits) return { orders: (await Q.ordersByNumberRanges(db, numberRanges(digits), limit)).map(toOrder), products: [], customers: [] };
  const hits = await db.tx(async (q) => {
    await Q.preferIndexes(q);
    return textHits(q, text, limit);
  });
  return {
    orders: hits.orders.map(toOrder),
    products: hits.products.map((p) => ({ _id: p.id, title: p.title, slug: p.slug, imageUrl: p.image_url })),
    customers: hits.users.map((u) => ({ _id: u.id, fullName: u.full_name, email: u.email, role: u.role })),
  };
}

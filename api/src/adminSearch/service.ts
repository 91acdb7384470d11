import { ADMIN_SEARCH_LIMIT, formatOrderNumber, orderNumberDigits, type AdminSearchAnswer, type AdminSearchOrder, type OrderStatus } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { fromMinor } from '../lib/money.js';
import { searchUsers } from '../users/service.js';
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

/**
 * What the back office's top bar offers for q: up to ADMIN_SEARCH_LIMIT orders (those whose number
 * starts with q's digits first, then the newest of the customers whose name or e-mail holds q),
 * products whose title holds q (newest first) and live accounts whose name or e-mail holds q (the
 * Users page's own search). A blank q finds nothing.
 */
export async function searchAll(q: Queryable, query: string): Promise<AdminSearchAnswer> {
  const text = query.trim();
  if (!text) return { orders: [], products: [], customers: [] };
  const digits = orderNumberDigits(text);
  const limit = ADMIN_SEARCH_LIMIT;
  const [byNumber, byCustomer, products, users] = await Promise.all([
    digits ? Q.ordersByNumberRanges(q, numberRanges(digits), limit) : Promise.resolve([]),
    Q.ordersByCustomer(q, text, limit),
    Q.productsByTitle(q, text, limit),
    searchUsers(q, false, text, limit, 1),
  ]);
  const seen = new Set<string>();
  const orders = [...byNumber, ...byCustomer].filter((o) => !seen.has(o.id) && seen.add(o.id)).slice(0, limit);
  return {
    orders: orders.map(toOrder),
    products: products.map((p) => ({ _id: p.id, title: p.title, slug: p.slug, imageUrl: p.image_url })),
    customers: users.items.map((u) => ({ _id: u._id, fullName: u.fullName, email: u.email, role: u.role })),
  };
}

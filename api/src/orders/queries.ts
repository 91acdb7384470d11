import type { Queryable } from '../db/client.js';
import { CURRENCY_IDS_JSON, DISCOUNT_JSON, toDiscountOut, type DiscountJson } from '../catalog/products.js';
import type { CurrencyRow } from '../currencies/queries.js';
import type { DiscountOut } from '../discounts/queries.js';
import { fromMinor } from '../lib/money.js';

export const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];

/** An order row as read, or as json (RETURNING of checkout's write: created_at then is text). */
interface OrderRow {
  id: string;
  user_id: string | null;
  status: Status;
  payment_method: string;
  currency_id: string | null;
  currency_code: string;
  currency_symbol: string;
  shipping_address: Record<string, string>;
  sub_total: number;
  product_discount: number;
  user_discount: number;
  total_discount: number;
  total: number;
  created_at: Date | string;
  full_name: string | null;
  email: string | null;
}
interface ItemRow {
  id: string;
  order_id: string;
  product_id: string | null;
  title: string;
  slug: string;
  image_url: string | null;
  options: Array<{ variantType: string; selectedOption: { _id: string; name: string } }>;
  quantity: number;
  unit_price: number;
  line_total: number;
  discount: number;
}

const SELECT = `SELECT o.*, u.full_name, u.email FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

/** An order as the API shows it; items are the order's rows of order_items in (seq, id) order. */
function toOrderOut(o: OrderRow, items: ItemRow[]) {
  const cur = o.currency_id ?? '';
  const price = (minor: number) => [{ currType: cur, amount: fromMinor(minor) }];
  return {
    _id: o.id,
    status: o.status,
    orderDate: new Date(o.created_at).toISOString(),
    paymentMethod: o.payment_method,
    currency: { symbol: o.currency_symbol, currType: cur, code: o.currency_code },
    shippingAddress: o.shipping_address,
    items: items.map((i) => ({
      _id: i.id,
      product: { _id: i.product_id ?? undefined, title: i.title, slug: i.slug, imageUrls: i.image_url ? [i.image_url] : [] },
      options: i.options,
      quantity: i.quantity,
      unitPrice: price(i.unit_price),
      totalPrice: price(i.line_total),
      discount: fromMinor(i.discount),
    })),
    subTotalPrice: fromMinor(o.sub_total),
    productDiscount: fromMinor(o.product_discount),
    userDiscount: fromMinor(o.user_discount),
    totalDiscount: fromMinor(o.total_discount),
    totalPrice: fromMinor(o.total),
    user: o.user_id ? { _id: o.user_id, fullName: o.full_name ?? '', email: o.email ?? '' } : undefined,
  };
}

async function withItems(q: Queryable, orders: OrderRow[]) {
  if (!orders.length) return [];
  const items = await q.query<ItemRow>(`SELECT * FROM order_items WHERE order_id = ANY($1::uuid[]) ORDER BY seq, id`, [orders.map((o) => o.id)]);
  return orders.map((o) => toOrderOut(o, items.filter((i) => i.order_id === o.id)));
}
export type OrderOut = ReturnType<typeof toOrderOut>;

export async function listOrders(q: Queryable, userId: string | null, status: string) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (userId) {
    params.push(userId);
    where.push(`o.user_id = $${params.length}`);
  }
  if (status !== 'all') {
    params.push(status);
    where.push(`o.status = $${params.length}`);
  }
  const rows = await q.query<OrderRow>(`${SELECT} ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY o.created_at DESC, o.id`, params);
  return withItems(q, rows);
}

export async function getOrder(q: Queryable, id: string): Promise<OrderOut | undefined> {
  return (await withItems(q, await q.query<OrderRow>(`${SELECT} WHERE o.id = $1`, [id])))[0];
}

export const lockOrder = (q: Queryable, id: string) =>
  q.one<{ id: string; user_id: string | null; status: Status }>(`SELECT id, user_id, status FROM orders WHERE id = $1 FOR UPDATE`, [id]);

export interface NewOrder {
  userId: string;
  paymentMethod: string;
  paymentRef: string | null;
  currency: { _id: string; code: string; symbol: string };
  address: Record<string, string | null>;
  subTotal: number;
  productDiscount: number;
  userDiscount: number;
  totalDiscount: number;
  total: number;
  status?: Status;
  createdAt?: Date;
}
export const insertOrder = (q: Queryable, o: NewOrder) =>
  q.one<{ id: string }>(
    `INSERT INTO orders (user_id, status, payment_method, payment_ref, currency_id, currency_code, currency_symbol, shipping_address,
       sub_total, product_discount, user_discount, total_discount, total, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) RETURNING id`,
    [o.userId, o.status ?? 'pending', o.paymentMethod, o.paymentRef, o.currency._id, o.currency.code, o.currency.symbol, JSON.stringify(o.address),
      o.subTotal, o.productDiscount, o.userDiscount, o.totalDiscount, o.total, o.createdAt ?? new Date()],
  );

export interface NewItem {
  productId: string;
  title: string;
  slug: string;
  imageUrl: string | null;
  options: unknown[];
  quantity: number;
  unit: number;
  lineTotal: number;
  discount: number;
}
export const insertItem = (q: Queryable, orderId: string, seq: number, i: NewItem) =>
  q.query(
    `INSERT INTO order_items (order_id, product_id, title, slug, image_url, options, quantity, unit_price, line_total, discount, seq)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [orderId, i.productId, i.title, i.slug, i.imageUrl, JSON.stringify(i.options), i.quantity, i.unit, i.lineTotal, i.discount, seq],
  );

/** What checkout needs besides the cart (see {@link checkoutContext}). */
export interface CheckoutContext {
  /** null when the account is gone. */
  buyer: { fullName: string; email: string } | null;
  currency: CurrencyRow | null;
  userDiscounts: DiscountOut[];
  /** The saved address asked for (the buyer's own), as an order keeps it; null when none was asked or it is not theirs. */
  address: Record<string, string> | null;
}

/**
 * Everything checkout reads besides the cart, in one statement: the buyer (lock: their row FOR
 * UPDATE, which makes one customer's checkouts wait for each other), the currency, the buyer's
 * discounts, and the saved address chosen.
 */
export async function checkoutContext(q: Queryable, userId: string, currencyId: string, addressId: string | null, lock: boolean): Promise<CheckoutContext> {
  const r = (await q.one<{ buyer: CheckoutContext['buyer']; currency: CurrencyRow | null; currency_ids: string[]; discounts: DiscountJson[] | null; address: Record<string, string> | null }>(
    `WITH buyer AS (SELECT full_name, email FROM users WHERE id = $1 ${lock ? 'FOR UPDATE' : ''})
     SELECT (SELECT json_build_object('fullName', full_name, 'email', email) FROM buyer) AS buyer,
            (SELECT json_build_object('_id', c.id, 'name', c.name, 'code', c.code, 'symbol', c.symbol) FROM currencies c WHERE c.id = $2) AS currency,
            ${CURRENCY_IDS_JSON} AS currency_ids,
            (SELECT json_agg(${DISCOUNT_JSON} ORDER BY ud.created_at) FROM user_discounts ud JOIN discounts d ON d.id = ud.discount_id WHERE ud.user_id = $1) AS discounts,
            (SELECT json_build_object('fullName', a.full_name, 'line1', a.line1, 'line2', coalesce(a.line2, ''), 'city', a.city, 'state', coalesce(a.state, ''),
                                      'postalCode', a.postal_code, 'country', a.country)
               FROM addresses a WHERE a.user_id = $1 AND a.id = $3) AS address`,
    [userId, currencyId, addressId],
  ))!;
  return { buyer: r.buyer, currency: r.currency, userDiscounts: (r.discounts ?? []).map((d) => toDiscountOut(d, r.currency_ids)), address: r.address };
}

/**
 * Writes the order, all its lines (one INSERT from a JSON array) and empties the buyer's cart, in
 * one statement, and answers the order from the rows just written (RETURNING), as getOrder shows it.
 */
export async function writeOrder(q: Queryable, o: NewOrder, items: NewItem[], buyer: CheckoutContext['buyer']): Promise<OrderOut> {
  const lines = items.map((i, seq) => ({
    product_id: i.productId, title: i.title, slug: i.slug, image_url: i.imageUrl, options: i.options, quantity: i.quantity,
    unit_price: i.unit, line_total: i.lineTotal, discount: i.discount, seq,
  }));
  const r = (await q.one<{ order: OrderRow; items: ItemRow[] | null }>(
    `WITH o AS (
       INSERT INTO orders (user_id, status, payment_method, payment_ref, currency_id, currency_code, currency_symbol, shipping_address,
         sub_total, product_discount, user_discount, total_discount, total, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) RETURNING *),
     i AS (
       INSERT INTO order_items (order_id, product_id, title, slug, image_url, options, quantity, unit_price, line_total, discount, seq)
       SELECT o.id, l.product_id, l.title, l.slug, l.image_url, l.options, l.quantity, l.unit_price, l.line_total, l.discount, l.seq
         FROM o CROSS JOIN json_to_recordset($15::json) AS l (product_id uuid, title text, slug text, image_url text, options jsonb, quantity integer,
                                                              unit_price bigint, line_total bigint, discount bigint, seq integer)
       RETURNING *),
     emptied AS (DELETE FROM cart_items WHERE user_id = $1)
     SELECT row_to_json(o) AS order, (SELECT json_agg(i ORDER BY i.seq, i.id) FROM i) AS items FROM o`,
    [o.userId, o.status ?? 'pending', o.paymentMethod, o.paymentRef, o.currency._id, o.currency.code, o.currency.symbol, JSON.stringify(o.address),
      o.subTotal, o.productDiscount, o.userDiscount, o.totalDiscount, o.total, o.createdAt ?? new Date(), JSON.stringify(lines)],
  ))!;
  return toOrderOut({ ...r.order, full_name: buyer?.fullName ?? null, email: buyer?.email ?? null }, r.items ?? []);
}

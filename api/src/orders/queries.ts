import type { Queryable } from '../db/client.js';
import { fromMinor } from '../lib/money.js';
import { formatOrderNumber, ORDER_STATUSES, trackingUrl, type Address, type Locale, type OrderStatus } from '@shop/contract';

export const STATUSES = ORDER_STATUSES;
export type Status = OrderStatus;

/** An order row as read, or as json (RETURNING of checkout's write: created_at then is text). */
export interface OrderRow {
  id: string;
  user_id: string | null;
  status: Status;
  payment_method: string;
  currency_id: string | null;
  currency_code: string;
  currency_symbol: string;
  shipping_address: Omit<Address, '_id'>;
  sub_total: number;
  product_discount: number;
  user_discount: number;
  total_discount: number;
  total: number;
  created_at: Date | string;
  number: number | string;
  refund_status: 'pending' | 'refunded' | 'failed' | null;
  refund_ref: string | null;
  refund_at: Date | string | null;
  coupon_code: string | null;
  coupon_discount: number;
  /** Issue 38: the shipment, as the admin wrote it when marking the order shipped. */
  carrier: string | null;
  tracking_number: string | null;
  full_name: string | null;
  email: string | null;
  /** The account's phone number (issue 38: the back office's order details show it). */
  contact: string | null;
}
export interface ItemRow {
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

const SELECT = `SELECT o.*, u.full_name, u.email, u.contact FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

/** An order as the API shows it; items are the order's rows of order_items in (seq, id) order. */
export function toOrderOut(o: OrderRow, items: ItemRow[]) {
  const cur = o.currency_id ?? '';
  const price = (minor: number) => [{ currType: cur, amount: fromMinor(minor) }];
  return {
    _id: o.id,
    orderNumber: formatOrderNumber(o.number),
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
    coupon: o.coupon_code ? { code: o.coupon_code, amount: fromMinor(o.coupon_discount) } : null,
    totalPrice: fromMinor(o.total),
    user: o.user_id ? { _id: o.user_id, fullName: o.full_name ?? '', email: o.email ?? '', phone: o.contact ?? '' } : undefined,
    refund: o.refund_status ? { status: o.refund_status, reference: o.refund_ref, at: new Date(o.refund_at ?? o.created_at).toISOString() } : null,
    shipment: o.carrier || o.tracking_number ? { carrier: o.carrier, trackingNumber: o.tracking_number, trackingUrl: trackingUrl(o.carrier, o.tracking_number) } : null,
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

export interface LockedOrder {
  id: string;
  user_id: string | null;
  status: Status;
  number: string;
  payment_method: string;
  payment_ref: string | null;
  currency_code: string;
  total: number;
  refund_status: string | null;
}
export const lockOrder = (q: Queryable, id: string) =>
  q.one<LockedOrder>(`SELECT id, user_id, status, number::text, payment_method, payment_ref, currency_code, total::float8 AS total, refund_status FROM orders WHERE id = $1 FOR UPDATE`, [id]);
/** A refund owed (pending), or how it went. */
export const setRefund = (q: Queryable, id: string, status: 'pending' | 'refunded' | 'failed', ref: string | null) =>
  q.query(`UPDATE orders SET refund_status = $2, refund_ref = $3, refund_at = now() WHERE id = $1`, [id, status, ref]);
/** Wallet refunds owed and not yet given (a crash between the status change and the provider's answer). */
export const pendingRefunds = (q: Queryable) =>
  q.query<LockedOrder>(`SELECT id, user_id, status, number::text, payment_method, payment_ref, currency_code, total::float8 AS total, refund_status FROM orders WHERE refund_status = 'pending' ORDER BY created_at LIMIT 100`);
export const setOrderStatus = (q: Queryable, id: string, status: Status) => q.query(`UPDATE orders SET status = $2 WHERE id = $1`, [id, status]);
/** A shipped order's carrier and tracking number (null: not given). */
export const setShipment = (q: Queryable, id: string, carrier: string | null, trackingNumber: string | null) =>
  q.query(`UPDATE orders SET carrier = $2, tracking_number = $3 WHERE id = $1`, [id, carrier, trackingNumber]);
export const deleteOrder = (q: Queryable, id: string) => q.one<{ id: string }>(`DELETE FROM orders WHERE id = $1 RETURNING id`, [id]);

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
  /** The coupon it used (issue 22): id, code as written, and what it took off. */
  coupon?: { id: string; code: string; discount: number } | null;
  status?: Status;
  createdAt?: Date;
  /** The language the customer checked out in (issue 37): its e-mails are written in it. */
  locale?: Locale;
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
/** An order as the checkout writes it (checkout-queries.ts writeOrder): its id, number and lines' ids chosen before. */
export interface WrittenOrder extends NewOrder {
  id: string;
  number: string;
  createdAt: Date;
  items: Array<NewItem & { id: string }>;
}

/** The order as getOrder shows it once written: toOrderOut of the rows writeOrder writes (their defaults: no refund). */
export function asWritten(o: WrittenOrder, buyer: { fullName: string; email: string; contact: string } | null): OrderOut {
  const row: OrderRow = {
    id: o.id, user_id: o.userId, status: o.status ?? 'pending', payment_method: o.paymentMethod,
    currency_id: o.currency._id, currency_code: o.currency.code, currency_symbol: o.currency.symbol, shipping_address: o.address as OrderRow['shipping_address'],
    sub_total: o.subTotal, product_discount: o.productDiscount, user_discount: o.userDiscount, total_discount: o.totalDiscount, total: o.total,
    created_at: o.createdAt, number: o.number, refund_status: null, refund_ref: null, refund_at: null,
    coupon_code: o.coupon?.code ?? null, coupon_discount: o.coupon?.discount ?? 0, carrier: null, tracking_number: null, full_name: buyer?.fullName ?? null, email: buyer?.email ?? null, contact: buyer?.contact ?? null,
  };
  return toOrderOut(row, itemRows(o));
}

/** The rows of order_items a written order has, in its lines' order. */
export const itemRows = (o: WrittenOrder): ItemRow[] =>
  o.items.map((i) => ({
    id: i.id, order_id: o.id, product_id: i.productId, title: i.title, slug: i.slug, image_url: i.imageUrl, options: i.options as ItemRow['options'],
    quantity: i.quantity, unit_price: i.unit, line_total: i.lineTotal, discount: i.discount,
  }));

export const insertItem = (q: Queryable, orderId: string, seq: number, i: NewItem) =>
  q.query(
    `INSERT INTO order_items (order_id, product_id, title, slug, image_url, options, quantity, unit_price, line_total, discount, seq)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [orderId, i.productId, i.title, i.slug, i.imageUrl, JSON.stringify(i.options), i.quantity, i.unit, i.lineTotal, i.discount, seq],
  );


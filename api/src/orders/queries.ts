import type { Queryable } from '../db/client.js';
import type { AddressInput } from '../accounts/queries.js';
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
  /** Issue 39 (migration 038): how it ships and its tax, as charged. */
  shipping_method_id: string | null;
  shipping_method_name: string | null;
  shipping_country: string | null;
  shipping_price: number;
  tax_total: number;
  tax_lines: StoredTaxLine[];
  prices_include_tax: boolean;
  shipping_tax: number;
  /** Issue 39: the invoice's number (null before it is issued, or on an order older than invoices) and the credit note's. */
  invoice_number: string | null;
  credit_note_number: string | null;
  /** Issue 40: the e-mail a guest gave at checkout (the order is a guest's when set). */
  guest_email?: string | null;
}
/** One rate of an order's tax summary as stored (minor units; rate a percent). */
export interface StoredTaxLine {
  classId: string;
  className: string;
  rate: number;
  base: number;
  amount: number;
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
  /** Issue 39: its class and rate when ordered (numeric: text from the driver), its share of the tax. */
  tax_class_name: string | null;
  tax_rate: string | number | null;
  tax_amount: number;
}

// A guest's order (issue 40) names its buyer by the address's name and the e-mail given at checkout.
const SELECT = `SELECT o.*, CASE WHEN o.guest_email IS NULL THEN u.full_name ELSE coalesce(o.shipping_address->>'fullName', u.full_name) END AS full_name,
  coalesce(o.guest_email, u.email) AS email, CASE WHEN o.guest_email IS NULL THEN u.contact END AS contact FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

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
      taxClassName: i.tax_class_name,
      taxRate: i.tax_rate === null || i.tax_rate === undefined ? null : Number(i.tax_rate),
      taxAmount: fromMinor(Number(i.tax_amount ?? 0)),
    })),
    subTotalPrice: fromMinor(o.sub_total),
    productDiscount: fromMinor(o.product_discount),
    userDiscount: fromMinor(o.user_discount),
    totalDiscount: fromMinor(o.total_discount),
    coupon: o.coupon_code ? { code: o.coupon_code, amount: fromMinor(o.coupon_discount) } : null,
    totalPrice: fromMinor(o.total),
    user: o.user_id || o.guest_email ? { _id: o.user_id ?? '', fullName: o.full_name ?? '', email: o.email ?? '', phone: o.contact ?? '' } : undefined,
    ...(o.guest_email ? { guest: true } : {}),
    refund: o.refund_status ? { status: o.refund_status, reference: o.refund_ref, at: new Date(o.refund_at ?? o.created_at).toISOString() } : null,
    shipment: o.carrier || o.tracking_number ? { carrier: o.carrier, trackingNumber: o.tracking_number, trackingUrl: trackingUrl(o.carrier, o.tracking_number) } : null,
    invoiceNumber: o.invoice_number ?? null,
    creditNoteNumber: o.credit_note_number ?? null,
    shippingMethod: o.shipping_method_name ? { _id: o.shipping_method_id, name: o.shipping_method_name } : null,
    shippingCountry: o.shipping_country,
    shippingPrice: fromMinor(Number(o.shipping_price ?? 0)),
    taxTotal: fromMinor(Number(o.tax_total ?? 0)),
    taxLines: (o.tax_lines ?? []).map((t) => ({ rate: Number(t.rate), base: fromMinor(t.base), amount: fromMinor(t.amount) })),
    pricesIncludeTax: !!o.prices_include_tax,
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

/** An order's rows as stored, every column (its invoice's PDF reads the shipping and tax ones too); undefined when there is none. */
export async function getOrderRows(q: Queryable, id: string): Promise<{ row: OrderRow; items: ItemRow[] } | undefined> {
  const row = await q.one<OrderRow>(`${SELECT} WHERE o.id = $1`, [id]);
  if (!row) return undefined;
  return { row, items: await q.query<ItemRow>(`SELECT * FROM order_items WHERE order_id = $1 ORDER BY seq, id`, [id]) };
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
  invoice_number: string | null;
  credit_note_number: string | null;
}
export const lockOrder = (q: Queryable, id: string) =>
  q.one<LockedOrder>(`SELECT id, user_id, status, number::text, payment_method, payment_ref, currency_code, total::float8 AS total, refund_status, invoice_number, credit_note_number FROM orders WHERE id = $1 FOR UPDATE`, [id]);
/** A refund owed (pending), or how it went. */
export const setRefund = (q: Queryable, id: string, status: 'pending' | 'refunded' | 'failed', ref: string | null) =>
  q.query(`UPDATE orders SET refund_status = $2, refund_ref = $3, refund_at = now() WHERE id = $1`, [id, status, ref]);
/** Wallet refunds owed and not yet given (a crash between the status change and the provider's answer). */
export const pendingRefunds = (q: Queryable, alsoFailedCards = false) =>
  q.query<LockedOrder>(
    `SELECT id, user_id, status, number::text, payment_method, payment_ref, currency_code, total::float8 AS total, refund_status, invoice_number, credit_note_number FROM orders
      WHERE refund_status = 'pending' OR ($1 AND refund_status = 'failed' AND payment_method = 'Card') ORDER BY created_at LIMIT 100`,
    [alsoFailedCards],
  );
/** Issue 40: what the back office has refunded of a card order so far (minor units; pending and failed ones count: they are retried). */
export const partlyRefunded = async (q: Queryable, orderId: string) =>
  Number((await q.one<{ n: string }>(`SELECT coalesce(sum(amount), 0)::text AS n FROM order_refunds WHERE order_id = $1`, [orderId]))!.n);
export const setOrderStatus = (q: Queryable, id: string, status: Status) => q.query(`UPDATE orders SET status = $2 WHERE id = $1`, [id, status]);
/** A shipped order's carrier and tracking number (null: not given). */
export const setShipment = (q: Queryable, id: string, carrier: string | null, trackingNumber: string | null) =>
  q.query(`UPDATE orders SET carrier = $2, tracking_number = $3 WHERE id = $1`, [id, carrier, trackingNumber]);
export const deleteOrder = (q: Queryable, id: string) => q.one<{ id: string }>(`DELETE FROM orders WHERE id = $1 RETURNING id`, [id]);

export interface NewOrder {
  userId: string;
  /** Issue 40: a guest's order: the e-mail given, and its private link's token hash. */
  guestEmail?: string | null;
  statusTokenHash?: string | null;
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
  /** Issue 39: how it ships (null: shipping not set up) and its tax; the currency's prices included tax. */
  shipping?: { methodId: string; methodName: string; country: string; price: number; tax: number } | null;
  tax?: { total: number; lines: StoredTaxLine[] } | null;
  pricesIncludeTax?: boolean;
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
  /** Issue 39: its tax class and rate (null: untaxed), and its share of the order's tax. */
  taxClassName?: string | null;
  taxRate?: number | null;
  taxAmount?: number;
}
/** An order as the checkout writes it (checkout-queries.ts writeOrder): its id, number and lines' ids chosen before. */
export interface WrittenOrder extends NewOrder {
  id: string;
  number: string;
  createdAt: Date;
  items: Array<NewItem & { id: string }>;
}

/** The order as getOrder shows it once written: toOrderOut of the rows writeOrder writes (their defaults: no refund). */
export const asWritten = (o: WrittenOrder, buyer: { fullName: string; email: string; contact: string } | null): OrderOut => toOrderOut(writtenRow(o, buyer), itemRows(o));

/** The orders row writeOrder writes (no invoice number yet: the order's last statement takes it). */
export function writtenRow(o: WrittenOrder, buyer: { fullName: string; email: string; contact: string } | null): OrderRow {
  return {
    id: o.id, user_id: o.userId, status: o.status ?? 'pending', payment_method: o.paymentMethod,
    currency_id: o.currency._id, currency_code: o.currency.code, currency_symbol: o.currency.symbol, shipping_address: o.address as OrderRow['shipping_address'],
    sub_total: o.subTotal, product_discount: o.productDiscount, user_discount: o.userDiscount, total_discount: o.totalDiscount, total: o.total,
    created_at: o.createdAt, number: o.number, refund_status: null, refund_ref: null, refund_at: null,
    coupon_code: o.coupon?.code ?? null, coupon_discount: o.coupon?.discount ?? 0, carrier: null, tracking_number: null, full_name: buyer?.fullName ?? null, email: buyer?.email ?? null, contact: buyer?.contact ?? null,
    invoice_number: null, credit_note_number: null, guest_email: o.guestEmail ?? null,
    shipping_method_id: o.shipping?.methodId ?? null, shipping_method_name: o.shipping?.methodName ?? null, shipping_country: o.shipping?.country ?? null,
    shipping_price: o.shipping?.price ?? 0, tax_total: o.tax?.total ?? 0, tax_lines: o.tax?.lines ?? [], prices_include_tax: o.pricesIncludeTax ?? false, shipping_tax: o.shipping?.tax ?? 0,
  };
}

/** The rows of order_items a written order has, in its lines' order. */
export const itemRows = (o: WrittenOrder): ItemRow[] =>
  o.items.map((i) => ({
    id: i.id, order_id: o.id, product_id: i.productId, title: i.title, slug: i.slug, image_url: i.imageUrl, options: i.options as ItemRow['options'],
    quantity: i.quantity, unit_price: i.unit, line_total: i.lineTotal, discount: i.discount,
    tax_class_name: i.taxClassName ?? null, tax_rate: i.taxRate ?? null, tax_amount: i.taxAmount ?? 0,
  }));

export const insertItem = (q: Queryable, orderId: string, seq: number, i: NewItem) =>
  q.query(
    `INSERT INTO order_items (order_id, product_id, title, slug, image_url, options, quantity, unit_price, line_total, discount, seq)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [orderId, i.productId, i.title, i.slug, i.imageUrl, JSON.stringify(i.options), i.quantity, i.unit, i.lineTotal, i.discount, seq],
  );


/** What a checkout asks for (POST /order; a card intent keeps it until its order is placed). */
export interface PlaceOrderInput {
  selectedCurr: string;
  shippingAddress?: AddressInput;
  addressId?: string;
  couponCode?: string;
  /** The language of the checkout (issue 37: the request's), kept on the order: its lines' texts and its confirmation are in it. */
  locale?: Locale;
  /** Issue 39: the shipping method chosen (absent: the cheapest for the address's country). */
  shippingMethodId?: string | null;
  /** Issue 40: a guest's checkout: the e-mail given (the confirmation and the order link go there), and the link's token (made by the caller, sealed in the e-mail, stored hashed). */
  guest?: { email: string; statusToken: string; publicUrl: string; seal: (secret: string) => string };
}

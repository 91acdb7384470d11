// The admin's orders list and CSV export (issue 19): what GET /order's paging parameters mean, who
// sees which orders, and the export's rows. SQL in listQueries.ts.
import type { Queryable } from '../db/client.js';
import { can, type AuthUser } from '../lib/auth.js';
import type { CsvCell } from '../lib/csv.js';
import { badRequest } from '../lib/errors.js';
import { dateField } from '../lib/schemas.js';
import { fromMinor } from '../lib/money.js';
import {
  DEFAULT_ORDER_SORT,
  formatOrderNumber,
  isDateOnly,
  ORDER_LIST_LIMIT,
  ORDER_PAGING_PARAMS,
  orderNumberOf,
  type OrderListItem,
  type OrderListQuery,
  type OrderSort,
  type OrderSortDirection,
  type OrderSortKey,
  type Paginated,
} from '@shop/contract';
import * as Q from './listQueries.js';
import type { Status } from './queries.js';

/** Whether GET /order was asked for a page (any paging parameter), rather than SPEC's whole array. */
export const wantsPage = (query: OrderListQuery) => ORDER_PAGING_PARAMS.some((k) => query[k] !== undefined);

const DAY_MS = 86_400_000;

/** A from/to bound: a date is a whole UTC day, a date-time the instant it names; refused when it is no real date. */
function bound(value: string | undefined, name: 'from' | 'to'): { start: Date; end: Date } | null {
  const start = dateField(value, name);
  if (!start) return null;
  return { start, end: new Date(start.getTime() + (isDateOnly(value!) ? DAY_MS : 1)) };
}

/** LIKE's own characters taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of a query, for a user: a customer only ever sees their own orders. Bad values are a 400. */
export function filterOf(user: AuthUser, query: OrderListQuery): Q.OrderFilter {
  const from = bound(query.from, 'from');
  const to = bound(query.to, 'to');
  if (from && to && from.start >= to.end) throw badRequest('from must be on or before to');
  const keyword = (query.keyword ?? '').trim();
  return {
    userId: can(user, 'orders') ? null : user.id,
    status: query.status && query.status !== 'all' ? (query.status as Status) : null,
    from: from?.start ?? null,
    before: to?.end ?? null,
    number: keyword ? orderNumberOf(keyword) : null,
    pattern: keyword ? `%${likeLiteral(keyword)}%` : null,
  };
}

function sortOf(sort: OrderSort | undefined): [OrderSortKey, OrderSortDirection] {
  const [key, dir] = (sort ?? DEFAULT_ORDER_SORT).split(':') as [OrderSortKey, OrderSortDirection];
  return [key, dir];
}

const refundOf = (r: Q.ListRow) => (r.refund_status ? { status: r.refund_status, reference: r.refund_ref, at: new Date(r.refund_at ?? r.created_at).toISOString() } : null);

function itemOf(r: Q.ListRow): OrderListItem {
  return {
    _id: r.id,
    orderNumber: formatOrderNumber(r.number),
    customer: r.user_id || r.guest_email ? { _id: r.user_id ?? '', fullName: r.full_name ?? '', email: r.email ?? '' } : null,
    shipTo: r.ship_to ?? '',
    itemCount: r.item_count,
    quantity: r.quantity,
    totalPrice: fromMinor(r.total),
    currency: { symbol: r.currency_symbol, currType: r.currency_id ?? '', code: r.currency_code },
    paymentMethod: r.payment_method,
    status: r.status,
    orderDate: new Date(r.created_at).toISOString(),
    refund: refundOf(r),
    ...(r.guest_email ? { guest: true } : {}),
  };
}

/** Matches above which a keyword's page walks the sort's index instead of sorting every match. */
const DENSE_MATCHES = 2_000;

/** GET /order with paging parameters: a page of the orders the user may see, filtered and sorted, and how many there are. */
export async function listOrderPage(q: Queryable, user: AuthUser, query: OrderListQuery): Promise<Paginated<OrderListItem>> {
  const filter = filterOf(user, query);
  const [key, dir] = sortOf(query.sort);
  const page = query.page ?? 1;
  const limit = query.limit ?? ORDER_LIST_LIMIT;
  if (filter.pattern === null) {
    const [rows, itemCount] = await Promise.all([Q.listPage(q, filter, key, dir, limit, (page - 1) * limit), Q.countOrders(q, filter)]);
    return { items: rows.map(itemOf), itemCount, page, limit };
  }
  // A keyword: how many match decides how the page is read. Matches found in many orders are met
  // soon walking the sort's index (a page of 'ring' reads a few dozen orders, not every match sorted).
  const itemCount = await Q.countOrders(q, filter);
  const dense = itemCount > DENSE_MATCHES && key !== 'customer';
  const rows = itemCount === 0 ? [] : await Q.listPage(q, filter, key, dir, limit, (page - 1) * limit, dense ? 'row' : 'set');
  return { items: rows.map(itemOf), itemCount, page, limit };
}

/** The orders export's columns: one row per line item, the order's own columns repeated on each. */
export const ORDER_EXPORT_HEADER = [
  'Order number', 'Date', 'Status', 'Customer', 'Customer e-mail', 'Payment method', 'Currency',
  'Order sub-total', 'Order discount', 'Coupon', 'Shipping method', 'Shipping', 'Tax', 'Prices include tax', 'Order total',
  'Line', 'Product', 'Options', 'Quantity', 'Unit price', 'Line total', 'Line tax class', 'Line tax rate', 'Line tax',
  'Ship to', 'Address line 1', 'Address line 2', 'City', 'State', 'Postal code', 'Country',
];

function exportRowOf(r: Q.ExportRow): CsvCell[] {
  const a = r.shipping_address ?? {};
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor).toFixed(2));
  return [
    formatOrderNumber(r.number), new Date(r.created_at).toISOString(), r.status, r.full_name, r.email, r.payment_method, r.currency_code,
    money(r.sub_total), money(r.total_discount), r.coupon_code, r.shipping_method_name, money(Number(r.shipping_price ?? 0)), money(Number(r.tax_total ?? 0)), r.prices_include_tax ? 'yes' : 'no', money(r.total),
    r.line_seq === null ? null : Number(r.line_seq) + 1, r.title, (r.options ?? []).map((o) => `${o.variantType}: ${o.selectedOption?.name ?? ''}`).join('; '),
    r.quantity, money(r.unit_price), money(r.line_total),
    r.line_seq === null ? null : r.tax_class_name, r.tax_rate === null || r.tax_rate === undefined ? null : String(Number(r.tax_rate)), r.line_seq === null ? null : money(Number(r.tax_amount ?? 0)),
    a.fullName ?? null, a.line1 ?? null, a.line2 ?? null, a.city ?? null, a.state ?? null, a.postalCode === undefined || a.postalCode === null ? null : String(a.postalCode), a.country ?? null,
  ];
}

/** Orders per page of the export: a page is one statement, its rows written before the next is read. */
export const EXPORT_PAGE_ORDERS = 200;

/**
 * The export of the orders a query's filter selects (admins), in its sort (customer: by number),
 * as pages of CSV rows read one after another: never more than one page of orders in memory.
 */
export async function* orderExportPages(q: Queryable, user: AuthUser, query: OrderListQuery, pageOrders = EXPORT_PAGE_ORDERS): AsyncGenerator<CsvCell[][]> {
  const filter = filterOf(user, query);
  const [key, dir] = sortOf(query.sort);
  let after: Q.ExportCursor | null = null;
  for (;;) {
    const rows = await Q.exportPage(q, filter, key, dir, after, pageOrders);
    if (!rows.length) return;
    yield rows.map(exportRowOf);
    const last = rows[rows.length - 1];
    const orders = new Set(rows.map((r) => r.id)).size;
    if (orders < pageOrders) return;
    after = { key: last.sort_key, number: last.number, currency: last.currency_code };
  }
}

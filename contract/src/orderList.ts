// The admin's orders list (issue 19): GET /order with paging parameters, and its CSV export with the
// same ones. Without any of them GET /order keeps SPEC's answer (every order, an array).
import { ORDER_NUMBER_PREFIX } from './stock';
import type { OrderRefund, OrderStatus } from './wire';

/** What the list sorts by; each ascending or descending ('date:desc', the default, is newest first). */
export const ORDER_SORT_KEYS = ['date', 'total', 'number', 'status', 'customer'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
export type OrderSortDirection = 'asc' | 'desc';
export type OrderSort = `${OrderSortKey}:${OrderSortDirection}`;
export const ORDER_SORTS = ORDER_SORT_KEYS.flatMap((k) => [`${k}:asc`, `${k}:desc`] as OrderSort[]);
export const DEFAULT_ORDER_SORT: OrderSort = 'date:desc';
export const ORDER_LIST_LIMIT = 20;
export const ORDER_LIST_MAX_LIMIT = 100;

/**
 * The query parameters that make GET /order answer a page ({ items, itemCount, page, limit }).
 * status alone does not: SPEC's `GET /order?status=` answers the array.
 */
export const ORDER_PAGING_PARAMS = ['page', 'limit', 'keyword', 'from', 'to', 'sort'] as const;

/** GET /order's and GET /order/export.csv's query: from and to are dates (YYYY-MM-DD, whole days in UTC) or date-times with a zone, both ends included. */
export interface OrderListQuery {
  page?: number;
  limit?: number;
  keyword?: string;
  status?: 'all' | OrderStatus;
  from?: string;
  to?: string;
  sort?: OrderSort;
}

/** One row of the admin's orders list. */
export interface OrderListItem {
  _id: string;
  /** 'AJ-100042'. */
  orderNumber: string;
  /** The customer's account; null once the account is gone (the shipping name remains). */
  customer: { _id: string; fullName: string; email: string } | null;
  /** The name the order ships to. */
  shipTo: string;
  /** How many lines (products with their options) it has. */
  itemCount: number;
  /** How many pieces in all. */
  quantity: number;
  totalPrice: number;
  currency: { symbol: string; currType: string; code: string };
  paymentMethod: string;
  status: OrderStatus;
  /** ISO date-time. */
  orderDate: string;
  refund: OrderRefund | null;
  /** Issue 40: placed by a guest (the list marks it). */
  guest?: boolean;
}

/** An order number as typed in a search: 'AJ-100042', 'aj100042', '#100042' or '100042'; null for anything else. */
export function orderNumberOf(keyword: string): number | null {
  const prefix = ORDER_NUMBER_PREFIX.replace('-', '');
  const m = new RegExp(`^\\s*(?:#|${prefix}-?)?\\s*(\\d{1,15})\\s*$`, 'i').exec(keyword);
  return m ? Number(m[1]) : null;
}

/** A date-only bound (the date input's value) as the instant the API reads it: from the start of the day, to its end, local time. */
export function dayBound(date: string, end: boolean): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = end ? new Date(y, m - 1, d + 1).getTime() - 1 : new Date(y, m - 1, d).getTime();
  return new Date(at).toISOString();
}

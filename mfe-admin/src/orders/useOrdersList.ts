import { useCallback, useMemo } from 'react';
import {
  call,
  urlOf,
  notify,
  ORDER_STATUSES,
  useLoad,
  useSearchParams,
  type OrderListItem,
  type OrderSort,
  type OrderStatus,
  type Paginated,
} from '@shop/shared';
import { DEFAULT_ORDER_SORT, ORDER_LIST_LIMIT, ORDER_SORTS, dayBound } from '@shop/shared/src/contract';

/** What the list shows, kept in the URL (/orders?keyword=AJ-100042: the global search and the dashboard link here). */
export interface OrdersFilter {
  keyword: string;
  status: 'all' | OrderStatus;
  /** YYYY-MM-DD (a date input's value), local days; '' for none. */
  from: string;
  to: string;
  sort: OrderSort;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const statusOf = (v: string | null): OrdersFilter['status'] => (v && (ORDER_STATUSES as string[]).includes(v) ? (v as OrderStatus) : 'all');
const sortOf = (v: string | null): OrderSort => (v && (ORDER_SORTS as string[]).includes(v) ? (v as OrderSort) : DEFAULT_ORDER_SORT);
const dateOf = (v: string | null) => (v && DATE.test(v) ? v : '');

/** The range is backwards: nothing is asked for until it is fixed. */
export const rangeIsBackwards = (f: OrdersFilter) => Boolean(f.from && f.to && f.from > f.to);

/** The filter in the URL, and a way to change part of it (anything but the page goes back to page 1). */
export function useOrdersFilter(): [OrdersFilter, (patch: Partial<OrdersFilter>, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<OrdersFilter>(
    () => ({
      keyword: params.get('keyword') ?? '',
      status: statusOf(params.get('status')),
      from: dateOf(params.get('from')),
      to: dateOf(params.get('to')),
      sort: sortOf(params.get('sort')),
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    }),
    [params],
  );
  const update = useCallback(
    (patch: Partial<OrdersFilter>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...Object.fromEntries(current), ...patch, ...('page' in patch ? {} : { page: 1 }) } as Record<string, unknown>;
          for (const [name, fallback] of [['keyword', ''], ['status', 'all'], ['from', ''], ['to', ''], ['sort', DEFAULT_ORDER_SORT], ['page', 1]] as const) {
            const value = merged[name];
            if (value === undefined || value === null || value === fallback || String(value) === String(fallback)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  return [filter, update];
}

/** The API's query for a filter: the list's and the export's (local days as instants). */
export function queryOf(f: OrdersFilter, paging = true): Record<string, string | number | undefined> {
  return {
    ...(paging ? { page: f.page, limit: ORDER_LIST_LIMIT } : {}),
    keyword: f.keyword.trim() || undefined,
    status: f.status === 'all' ? undefined : f.status,
    from: f.from ? dayBound(f.from, false) : undefined,
    to: f.to ? dayBound(f.to, true) : undefined,
    sort: f.sort,
  };
}

const NO_ORDERS: Paginated<OrderListItem> = { items: [], itemCount: 0, page: 1, limit: ORDER_LIST_LIMIT };

/** One page of orders for the filter, the last one kept on screen while the next loads. */
export function useOrdersList(filter: OrdersFilter) {
  const query = queryOf(filter);
  const key = rangeIsBackwards(filter) ? null : urlOf('orders', { query });
  // With paging parameters the answer is a page of list rows (the map's other answer: every order).
  const loaded = useLoad(key, () => call('orders', { query }).then(({ data }) => data as Paginated<OrderListItem>), {
    keep: true,
    onError: () => notify.error('Failed to fetch orders.'),
  });
  return { data: loaded.data ?? NO_ORDERS, loaded: Boolean(loaded.data), status: loaded.status, reload: loaded.reload };
}

/** "orders-2026-11-27.csv" (today, local). */
export function exportFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `orders-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/**
 * Downloads the filtered orders as CSV (one row per line item): fetched through the API client, so
 * the token goes with it, then saved from a Blob. The byte-order mark the browser's decoder took off
 * is put back (spreadsheets read UTF-8 by it).
 */
export async function downloadOrders(filter: OrdersFilter): Promise<void> {
  const { data } = await call('exportOrders', { query: queryOf(filter, false), headers: { Accept: 'text/csv' } });
  const blob = new Blob(['\uFEFF', typeof data === 'string' ? data : ''], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFilename();
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

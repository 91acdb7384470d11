import { useState } from 'react';
import { call, DataTable, notify, urlOf, useLoad, type Column, type Paginated } from '@shop/shared';

/** The lists a paged admin list reads: GET, `?page=&limit=` and filters, a Paginated answer. */
export type PagedListEndpoint = 'auditLog' | 'mails' | 'contactMessages' | 'couponRedemptions' | 'adminReviews';
import adminStyles from './admin.module.css';

/**
 * One page of an admin list read from endpoint `?page=&limit=` (newest first on the server), its failure
 * toasted once. `filters` go into the query too (empty ones left out); a change of them starts again
 * from the first page. `params`: the endpoint's path values (a coupon's id).
 */
export function usePagedList<T>(endpoint: PagedListEndpoint, limit: number, failed: string, filters: Record<string, string> = {}, params?: { id: string }) {
  const [page, setPage] = useState(1);
  const filtered = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  const [pagedFor, setPagedFor] = useState(filtered);
  if (pagedFor !== filtered) {
    setPagedFor(filtered);
    setPage(1);
  }
  const input = { params, query: { ...Object.fromEntries(new URLSearchParams(filtered)), page: pagedFor === filtered ? page : 1, limit } };
  const read = call as (name: PagedListEndpoint, what: typeof input) => Promise<{ data: Paginated<T> }>;
  const loaded = useLoad(urlOf(endpoint, input as never), () => read(endpoint, input).then(({ data }) => data), {
    keep: true,
    onError: () => notify.error(failed),
  });
  return { page, setPage, limit, failed, loaded };
}

export interface PagedListProps<T> {
  list: ReturnType<typeof usePagedList<T>>;
  columns: Column<T>[];
  caption: string;
  empty: string;
  /** A row's React key; rows without an `_id` (a coupon's redemptions: one order each) name theirs. */
  rowKey?: (row: T) => string;
}

const idOf = (row: unknown) => (row as { _id: string })._id;

/** The list's table with its pages, or the failure in words when nothing could be read. */
export function PagedList<T>({ list, columns, caption, empty, rowKey = idOf }: PagedListProps<T>) {
  const answer = list.loaded.data;
  if (list.loaded.status === 'failed' && !answer) return <p className={adminStyles.error} role="alert">{list.failed}</p>;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={answer?.items ?? []}
      rowKey={rowKey}
      loading={!answer}
      empty={empty}
      pagination={{ page: list.page, limit: list.limit, itemCount: answer?.itemCount ?? 0, onPageChange: list.setPage }}
    />
  );
}

import { useCallback, useEffect, useState } from 'react';
import { call, notify, urlOf, useLoad, useSearchParams, type Paginated } from '@shop/shared';

/** The searches a paged admin list reads: POST, `?keyword=&limit=&page=`, a Paginated answer. */
export type PagedSearchEndpoint = 'searchProducts' | 'searchUsers' | 'deletedUsers';

export interface PagedSearchOptions {
  /** The endpoint searched. */
  endpoint: PagedSearchEndpoint;
  limit: number;
  errorMessage: string;
  /** The request body (e.g. the selected currency); a change reloads. */
  body?: Record<string, unknown>;
  /** The address's `keyword` parameter sets the search, now and whenever it changes (the back office's global search opens /users?keyword=<e-mail>). */
  keywordFromUrl?: boolean;
  /**
   * The keyword and the page live in the address (?keyword=&page=, issue 38: the product list's filters,
   * like the orders'): a link, a reload or Back shows the same list. The typed words go there once
   * typing stops (replacing the entry); a page chosen is a new entry.
   */
  inUrl?: boolean;
}

/**
 * A searchable admin list: debounced keyword from page 1, paging, reload, in-place replace. Loaded with
 * the shared useLoad (an answer for a keyword or page no longer shown is dropped), the last page kept
 * on screen while the next one loads.
 */
export function usePagedSearch<T extends { _id: string }>({ endpoint, limit, errorMessage, body, keywordFromUrl = false, inUrl = false }: PagedSearchOptions) {
  const [params, setParams] = useSearchParams();
  const asked = inUrl ? (params.get('keyword') ?? '') : keywordFromUrl ? params.get('keyword') : null;
  const [keyword, setKeyword] = useState(asked ?? '');
  const [ownQuery, setOwnQuery] = useState((asked ?? '').trim());
  const [ownPage, setOwnPage] = useState(1);
  const bodyKey = JSON.stringify(body ?? {});
  const query = inUrl ? (asked ?? '').trim() : ownQuery;
  const page = inUrl ? Math.max(1, Math.floor(Number(params.get('page'))) || 1) : ownPage;

  /** Only these parameters change; the others (the list's filters, an edit open) stay. */
  const setInUrl = useCallback(
    (patch: { keyword?: string; page?: number }, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (patch.keyword !== undefined) {
            if (patch.keyword) next.set('keyword', patch.keyword);
            else next.delete('keyword');
          }
          if (patch.page !== undefined && patch.page > 1) next.set('page', String(patch.page));
          else next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const setQuery = useCallback((next: string) => (inUrl ? setInUrl({ keyword: next }, true) : setOwnQuery(next)), [inUrl, setInUrl]);
  const setPage = useCallback((next: number) => (inUrl ? setInUrl({ page: next }, false) : setOwnPage(next)), [inUrl, setInUrl]);

  // A keyword in the address is searched at once (no debounce), from the first page; in the address
  // already (inUrl), the box follows it (Back), unless it holds the same words being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: followed when the address changes, not on each key typed
  useEffect(() => {
    if (asked === null) return;
    if (inUrl) {
      if (asked.trim() !== keyword.trim()) setKeyword(asked);
      return;
    }
    setKeyword(asked);
    setOwnQuery(asked.trim());
    setOwnPage(1);
  }, [asked]);

  // The search runs shortly after typing stops, from the first page; only when it changed, or a page
  // chosen within 300 ms of the list opening (or after typing back to the same words) was lost.
  useEffect(() => {
    const next = keyword.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      if (!inUrl) setOwnPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword, query, inUrl, setQuery]);

  const search = { query: { keyword: query, limit, page }, body: JSON.parse(bodyKey) };
  // One call for the three searches: their query is the same, the users' take no body (an empty one is sent).
  const searchOnce = call as (name: PagedSearchEndpoint, input: typeof search) => Promise<{ data: Paginated<T> }>;
  const loaded = useLoad(`${urlOf(endpoint, search)} ${bodyKey}`, () => searchOnce(endpoint, search).then(({ data }) => data), {
    keep: true,
    // A page emptied by a delete falls back to the previous one.
    onSuccess: (answer) => {
      if (answer.items.length === 0 && page > 1 && answer.itemCount > 0) setPage(page - 1);
    },
    onError: () => notify.error(errorMessage),
  });
  const data = loaded.data ?? { items: [], itemCount: 0, page: 1, limit };
  const { setData } = loaded;
  const replace = useCallback((item: T) => setData((d) => d && { ...d, items: d.items.map((x) => (x._id === item._id ? { ...x, ...item } : x)) }), [setData]);
  return { keyword, setKeyword, page, setPage, data, loading: loaded.status === 'loading', reload: loaded.reload, replace };
}

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
}

/**
 * A searchable admin list: debounced keyword from page 1, paging, reload, in-place replace. Loaded with
 * the shared useLoad (an answer for a keyword or page no longer shown is dropped), the last page kept
 * on screen while the next one loads.
 */
export function usePagedSearch<T extends { _id: string }>({ endpoint, limit, errorMessage, body, keywordFromUrl = false }: PagedSearchOptions) {
  const [params] = useSearchParams();
  const asked = keywordFromUrl ? params.get('keyword') : null;
  const [keyword, setKeyword] = useState(asked ?? '');
  const [query, setQuery] = useState((asked ?? '').trim());
  const [page, setPage] = useState(1);
  const bodyKey = JSON.stringify(body ?? {});

  // A keyword in the address is searched at once (no debounce), from the first page.
  useEffect(() => {
    if (asked === null) return;
    setKeyword(asked);
    setQuery(asked.trim());
    setPage(1);
  }, [asked]);

  // The search runs shortly after typing stops, from the first page; only when it changed, or a page
  // chosen within 300 ms of the list opening (or after typing back to the same words) was lost.
  useEffect(() => {
    const next = keyword.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword, query]);

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

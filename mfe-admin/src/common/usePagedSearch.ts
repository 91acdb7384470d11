import { useCallback, useEffect, useState } from 'react';
import { api, notify, type Paginated } from '@shop/shared';

export interface PagedSearchOptions {
  /** POST path answering a Paginated list for `?keyword=&limit=&page=`. */
  path: string;
  limit: number;
  errorMessage: string;
  /** The request body (e.g. the selected currency); a change reloads. */
  body?: Record<string, unknown>;
}

/** A searchable admin list: debounced keyword from page 1, paging, reload, in-place replace. */
export function usePagedSearch<T extends { _id: string }>({ path, limit, errorMessage, body }: PagedSearchOptions) {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paginated<T>>({ items: [], itemCount: 0, page: 1, limit });
  const [loading, setLoading] = useState(true);
  const bodyKey = JSON.stringify(body ?? {});

  // The search runs shortly after typing stops, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(keyword.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword]);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const params = new URLSearchParams({ keyword: query, limit: String(limit), page: String(page) });
      const { data: answer } = await api.post<Paginated<T>>(`${path}?${params}`, JSON.parse(bodyKey));
      // A page emptied by a delete falls back to the previous one.
      if (answer.items.length === 0 && page > 1 && answer.itemCount > 0) setPage(page - 1);
      else setData(answer);
    } catch {
      notify.error(errorMessage);
    } finally {
      setLoading(false);
    }
  }, [path, limit, query, page, bodyKey, errorMessage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((item: T) => setData((d) => ({ ...d, items: d.items.map((x) => (x._id === item._id ? { ...x, ...item } : x)) })), []);
  return { keyword, setKeyword, page, setPage, data, loading, reload, replace };
}

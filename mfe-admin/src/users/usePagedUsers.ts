import { useCallback, useEffect, useState } from 'react';
import { api, notify, type Paginated, type User } from '@shop/shared';

export const USERS_PAGE_SIZE = 5;

/** A searchable user list paged by 5 (POST /user or /user/deleted ?keyword=&limit=5&page=). */
export function usePagedUsers(path: '/user' | '/user/deleted', errorMessage: string) {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paginated<User>>({ items: [], itemCount: 0, page: 1, limit: USERS_PAGE_SIZE });
  const [loading, setLoading] = useState(true);

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
      const params = new URLSearchParams({ keyword: query, limit: String(USERS_PAGE_SIZE), page: String(page) });
      const { data: answer } = await api.post<Paginated<User>>(`${path}?${params}`, {});
      // A page emptied by a delete falls back to the previous one.
      if (answer.items.length === 0 && page > 1 && answer.itemCount > 0) setPage(page - 1);
      else setData(answer);
    } catch {
      notify.error(errorMessage);
    } finally {
      setLoading(false);
    }
  }, [path, query, page, errorMessage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((user: User) => setData((d) => ({ ...d, items: d.items.map((u) => (u._id === user._id ? { ...u, ...user } : u)) })), []);
  return { keyword, setKeyword, page, setPage, data, loading, reload, replace };
}

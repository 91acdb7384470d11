import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@shop/shared';

/**
 * One admin list: fetched on mount (spinner while loading), the spec's error toast when the call
 * fails, `reload` after adds and deletes, `replace` after updates (SPEC §4 "After success").
 */
export function useAdminList<T extends { _id: string }>(fetchList: () => Promise<T[]>, errorMessage: string) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const fetchRef = useRef(fetchList);
  fetchRef.current = fetchList;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await fetchRef.current());
    } catch {
      notify.error(errorMessage);
    } finally {
      setLoading(false);
    }
  }, [errorMessage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((updated: T) => setItems((list) => list.map((item) => (item._id === updated._id ? updated : item))), []);
  return { items, loading, reload, replace, setItems };
}

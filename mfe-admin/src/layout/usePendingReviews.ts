import { useEffect } from 'react';
import { api, type ReviewAdminPage, useLoad } from '@shop/shared';

/** Reviews waiting for a decision (the admin menu's count next to Reviews), read again on each page change. */
export function usePendingReviews(pathname: string): number {
  const { data, reload } = useLoad('/reviews?status=pending&limit=1', (url) => api.get<ReviewAdminPage>(url).then(({ data }) => data.counts.pending), { keep: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to read it again
  useEffect(() => reload(), [pathname]);
  return data ?? 0;
}

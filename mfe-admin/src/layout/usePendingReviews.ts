import { useEffect } from 'react';
import { useLoad, call, urlOf, useSessionValue } from '@shop/shared';
import { mayOpen } from './sections';

const PENDING = { query: { status: 'pending', limit: 1 } } as const;

/** Reviews waiting for a decision (the admin menu's count next to Reviews), read again on each page change. */
export function usePendingReviews(pathname: string): number {
  // Issue 42: only for whom may open Reviews (marketing).
  const { data, reload } = useLoad(mayOpen(useSessionValue(), 'marketing') && urlOf('adminReviews', PENDING), () => call('adminReviews', PENDING).then(({ data }) => data.counts.pending), { keep: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to read it again
  useEffect(() => reload(), [pathname]);
  return data ?? 0;
}

import { act, renderHook, waitFor } from '@testing-library/react';
import { api, type ApiResponse } from '@shop/shared';
import { usePagedSearch } from './usePagedSearch';

afterEach(() => jest.restoreAllMocks());

type Row = { _id: string; title: string };
const answer = (title: string): ApiResponse => ({ data: { items: [{ _id: title, title }], itemCount: 1, page: 1, limit: 5 }, status: 200 }) as ApiResponse;

test('an answer for a keyword no longer asked for is dropped, even when it comes last', async () => {
  const pending = new Map<string, (r: ApiResponse) => void>();
  jest.spyOn(api, 'post').mockImplementation((url: string) => new Promise((resolve) => pending.set(new URL(url, 'http://x').searchParams.get('keyword') ?? '', resolve as (r: ApiResponse) => void)));
  const { result } = renderHook(() => usePagedSearch<Row>({ path: '/product/filter', limit: 5, errorMessage: 'Failed' }));
  await waitFor(() => expect(pending.has('')).toBe(true));
  act(() => result.current.setKeyword('ring'));
  await waitFor(() => expect(pending.has('ring')).toBe(true), { timeout: 2000 });
  // The new search answers first; the old one (the first page, no keyword) only afterwards.
  await act(async () => pending.get('ring')!(answer('Ruby Ring')));
  await act(async () => pending.get('')!(answer('Stale Necklace')));
  expect(result.current.data.items.map((r) => r.title)).toEqual(['Ruby Ring']);
  expect(result.current.loading).toBe(false);
});

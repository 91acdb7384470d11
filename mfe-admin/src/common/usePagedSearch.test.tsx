import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { api, type ApiResponse } from '@shop/shared';
import { usePagedSearch } from './usePagedSearch';

const at = (path: string) => ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;

afterEach(() => jest.restoreAllMocks());

type Row = { _id: string; title: string };
const answer = (title: string): ApiResponse => ({ data: { items: [{ _id: title, title }], itemCount: 1, page: 1, limit: 5 }, status: 200 }) as ApiResponse;

test('an answer for a keyword no longer asked for is dropped, even when it comes last', async () => {
  const pending = new Map<string, (r: ApiResponse) => void>();
  jest.spyOn(api, 'post').mockImplementation((url: string) => new Promise((resolve) => pending.set(new URL(url, 'http://x').searchParams.get('keyword') ?? '', resolve as (r: ApiResponse) => void)));
  const { result } = renderHook(() => usePagedSearch<Row>({ endpoint: 'searchProducts', limit: 5, errorMessage: 'Failed' }), { wrapper: at('/products?keyword=ignored') });
  await waitFor(() => expect(pending.has('')).toBe(true));
  act(() => result.current.setKeyword('ring'));
  await waitFor(() => expect(pending.has('ring')).toBe(true), { timeout: 2000 });
  // The new search answers first; the old one (the first page, no keyword) only afterwards.
  await act(async () => pending.get('ring')!(answer('Ruby Ring')));
  await act(async () => pending.get('')!(answer('Stale Necklace')));
  expect(result.current.data.items.map((r) => r.title)).toEqual(['Ruby Ring']);
  expect(result.current.loading).toBe(false);
});

test("keywordFromUrl: the address's keyword is searched at once, and again when it changes (the global search opens /users?keyword=<e-mail>)", async () => {
  const post = jest.spyOn(api, 'post').mockImplementation(() => Promise.resolve(answer('Jane')));
  const { result } = renderHook(
    () => ({ list: usePagedSearch<Row>({ endpoint: 'searchUsers', limit: 5, errorMessage: 'Failed', keywordFromUrl: true }), navigate: useNavigate() }),
    { wrapper: at('/users?keyword=jane%40shop.local') },
  );
  expect(result.current.list.keyword).toBe('jane@shop.local');
  await waitFor(() => expect(post).toHaveBeenCalledWith('/user?keyword=jane%40shop.local&limit=5&page=1', {}));
  expect(post).not.toHaveBeenCalledWith('/user?keyword=&limit=5&page=1', {});
  act(() => result.current.navigate('/users?keyword=bob'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/user?keyword=bob&limit=5&page=1', {}));
  expect(result.current.list.keyword).toBe('bob');
});

test('a page chosen as the list opens stays chosen: only a changed search goes back to page 1', async () => {
  jest.useFakeTimers();
  try {
    const post = jest.spyOn(api, 'post').mockImplementation(() => Promise.resolve(answer('Ring')));
    const { result } = renderHook(() => usePagedSearch<Row>({ endpoint: 'searchProducts', limit: 5, errorMessage: 'Failed' }), { wrapper: at('/products') });
    act(() => result.current.setPage(2));
    await act(async () => { jest.advanceTimersByTime(1000); });
    expect(result.current.page).toBe(2);
    expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=&limit=5&page=2', {});
    // Typing and taking it back within the pause is no new search either.
    act(() => result.current.setKeyword('ri'));
    act(() => result.current.setKeyword(' '));
    await act(async () => { jest.advanceTimersByTime(1000); });
    expect(result.current.page).toBe(2);
    act(() => result.current.setKeyword('ring'));
    await act(async () => { jest.advanceTimersByTime(1000); });
    expect(result.current.page).toBe(1);
    expect(post).toHaveBeenLastCalledWith('/product/filter?keyword=ring&limit=5&page=1', {});
  } finally {
    jest.useRealTimers();
  }
});

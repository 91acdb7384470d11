import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, ApiCallError, loadCurrencies, ToastArea, currenciesAtom, sessionAtom, shopStore, signedOutSession, type ApiResponse, type Session } from '@shop/shared';

/** Renders an admin screen inside a router, with the toast area, as a signed-in admin. */
export function renderAdmin(ui: ReactElement, { path = '/', session = {} }: { path?: string; session?: Partial<Session> } = {}) {
  act(() => shopStore.set(sessionAtom, { ...signedOutSession, auth: true, role: 'admin', name: 'Admin', token: 't', ...session }));
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <ToastArea />
    </MemoryRouter>,
  );
}

/** A resolved API answer for jest.spyOn(api, ...). */
export const ok = <T,>(data: T, status = 200) => Promise.resolve<ApiResponse<T>>({ data, status });

/** A rejected API call with the server's { message }. */
export const fail = (status = 500, message = 'boom') => Promise.reject(new ApiCallError({ status, data: { message } }, message));

export const USD = { _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' };
export const EUR = { _id: 'eur', name: 'Euro', code: 'EUR', symbol: '€' };

type Answer = unknown | ((url: string, body?: unknown) => unknown);
/** Answers calls by URL (exact, or the path without the query string); unknown URLs fail with 404. */
export function routeCalls(routes: Record<string, Answer>) {
  return (url: string, body?: unknown) => {
    const key = url in routes ? url : url.split('?')[0];
    if (!(key in routes)) return fail(404, `no mock for ${url}`);
    const answer = routes[key];
    const value = typeof answer === 'function' ? (answer as (u: string, b?: unknown) => unknown)(url, body) : answer;
    return value instanceof Promise ? value : ok(value);
  };
}

/** The shared currency list as if already loaded (the shared atom outlives one test). */
export async function setCurrencies(list: Array<typeof USD>) {
  const get = jest.spyOn(api, 'get').mockImplementationOnce(() => ok(list));
  await loadCurrencies(true);
  get.mockRestore();
  shopStore.set(currenciesAtom, list);
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionAtom, shopStore, signedOutSession, ToastArea, type Session } from '@shop/shared';

/** Shows where the router is, so tests can assert redirects. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders a page inside a router (at `path`) with the toast area, as the shell would. */
export function renderWithShop(ui: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
      <ToastArea />
    </MemoryRouter>,
  );
}

export function setSession(session: Partial<Session>) {
  shopStore.set(sessionAtom, { ...signedOutSession, ...session });
}

export function resetSession() {
  shopStore.set(sessionAtom, signedOutSession);
  localStorage.clear();
}

/** An axios error as the shared client would reject with. */
export function httpError(status: number, data: unknown = {}): AxiosError {
  const response = { status, data, statusText: String(status), headers: {}, config: {} } as unknown as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

/** Resolves like an axios call answering `data`. */
export const answer = <T,>(data: T) => Promise.resolve({ data, status: 200, statusText: 'OK', headers: {}, config: {} } as AxiosResponse<T>);

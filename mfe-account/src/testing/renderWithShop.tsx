import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiCallError, sessionAtom, shopStore, signedOutSession, ToastArea, type ApiResponse, type Session } from '@shop/shared';

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

/** An error as the shared client would reject with. */
export function httpError(status: number, data: unknown = {}): ApiCallError {
  return new ApiCallError({ status, data });
}

/** Resolves like an API call answering `data`. */
export const answer = <T,>(data: T) => Promise.resolve<ApiResponse<T>>({ data, status: 200 });

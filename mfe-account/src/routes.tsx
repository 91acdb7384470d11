import type { ReactElement } from 'react';
import { Navigate, useSessionValue } from '@shop/shared';
import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AddressesPage from './addresses/AddressesPage';
import LoginPage from './auth/LoginPage';
import RegisterPage from './auth/RegisterPage';
import OrdersPage from './orders/OrdersPage';

/** The shell's guards (SPEC §2), repeated for the standalone host: customers only, or anyone signed in. */
function Guarded({ need, children }: { need: 'customer' | 'signedIn'; children: ReactElement }) {
  const { auth, role } = useSessionValue();
  if (need === 'customer' && !(auth && role === 'customer')) return <Navigate to="/login" replace />;
  if (need === 'signedIn' && !auth) return <Navigate to="/" replace />;
  return children;
}

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/my-account/orders', element: <Guarded need="customer"><OrdersPage /></Guarded> },
  { path: '/my-account/addresses', element: <Guarded need="signedIn"><AddressesPage /></Guarded> },
];

import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AddressesPage from './pages/AddressesPage';
import LoginPage from './pages/LoginPage';
import OrdersPage from './pages/OrdersPage';
import RegisterPage from './pages/RegisterPage';

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/my-account/orders', element: <OrdersPage /> },
  { path: '/my-account/addresses', element: <AddressesPage /> },
];

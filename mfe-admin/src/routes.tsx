import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import CurrenciesPage from './pages/CurrenciesPage';
import DashboardPage from './pages/DashboardPage';
import DeletedUsersPage from './pages/DeletedUsersPage';
import DiscountsPage from './pages/DiscountsPage';
import FiltersPage from './pages/FiltersPage';
import OrdersPage from './pages/OrdersPage';
import ProductsPage from './pages/ProductsPage';
import UsersPage from './pages/UsersPage';

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/orders', element: <OrdersPage /> },
  { path: '/products', element: <ProductsPage /> },
  { path: '/filters', element: <FiltersPage /> },
  { path: '/discounts', element: <DiscountsPage /> },
  { path: '/currencies', element: <CurrenciesPage /> },
  { path: '/users', element: <UsersPage /> },
  { path: '/deleted-users', element: <DeletedUsersPage /> },
];

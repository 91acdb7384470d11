import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import CurrenciesPage from './currencies/CurrenciesPage';
import DashboardPage from './dashboard/DashboardPage';
import DiscountsPage from './discounts/DiscountsPage';
import FiltersPage from './filters/FiltersPage';
import OrdersPage from './orders/OrdersPage';
import ProductsPage from './products/ProductsPage';
import DeletedUsersPage from './users/DeletedUsersPage';
import UsersPage from './users/UsersPage';

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

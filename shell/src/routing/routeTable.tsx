import type { ReactElement } from 'react';

/** Who may open a route (SPEC §2 "Route guards"). */
export type Guard = 'admin' | 'customer' | 'signedIn' | 'signedOut' | 'none';

export interface ShopRoute {
  path: string;
  /** Federated module id: "<remote>/<exposed module>". */
  remote?: string;
  element?: () => ReactElement;
  guard: Guard;
}

const admin = (path: string, module: string): ShopRoute => ({ path, remote: `admin/${module}`, guard: 'admin' });

/** SPEC §2 route table mapped to lazily loaded remote modules. Only the remote a route needs is fetched. */
export const remoteRoutes: ShopRoute[] = [
  { path: '/', remote: 'catalog/HomePage', guard: 'none' },
  { path: '/shop', remote: 'catalog/ShopPage', guard: 'none' },
  { path: '/about', remote: 'catalog/AboutPage', guard: 'none' },
  { path: '/contact', remote: 'catalog/ContactPage', guard: 'none' },
  { path: '/login', remote: 'account/LoginPage', guard: 'signedOut' },
  { path: '/register', remote: 'account/RegisterPage', guard: 'signedOut' },
  { path: '/my-account/orders', remote: 'account/OrdersPage', guard: 'customer' },
  { path: '/my-account/addresses', remote: 'account/AddressesPage', guard: 'signedIn' },
  { path: '/cart', remote: 'checkout/CartPage', guard: 'none' },
  { path: '/checkout', remote: 'checkout/CheckoutPage', guard: 'none' },
  { path: '/wishlist', remote: 'checkout/WishlistPage', guard: 'none' },
  admin('/dashboard', 'DashboardPage'),
  admin('/orders', 'OrdersPage'),
  admin('/products', 'ProductsPage'),
  admin('/filters', 'FiltersPage'),
  admin('/discounts', 'DiscountsPage'),
  admin('/currencies', 'CurrenciesPage'),
  admin('/users', 'UsersPage'),
  admin('/deleted-users', 'DeletedUsersPage'),
  // The single-segment catch-all is the product page; it shows the 404 page for unknown slugs.
  { path: '/:slug', remote: 'catalog/ProductPage', guard: 'none' },
];

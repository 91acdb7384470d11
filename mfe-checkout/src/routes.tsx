import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import CartPage from './pages/CartPage';
import CheckoutPage from './pages/CheckoutPage';
import WishlistPage from './pages/WishlistPage';

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/wishlist', element: <WishlistPage /> },
];

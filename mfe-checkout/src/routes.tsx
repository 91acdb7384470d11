import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import CartPage from './cart/CartPage';
import CheckoutPage from './checkout/CheckoutPage';
import WishlistPage from './wishlist/WishlistPage';
import MiniCart from './minicart/MiniCart';

/** The routes this remote serves, as the shell maps them (used by the standalone host, with the mini cart on top). */
export const routes: StandaloneRoute[] = [
  { path: '/cart', element: <><MiniCart /><CartPage /></> },
  { path: '/checkout', element: <><MiniCart /><CheckoutPage /></> },
  { path: '/wishlist', element: <><MiniCart /><WishlistPage /></> },
];

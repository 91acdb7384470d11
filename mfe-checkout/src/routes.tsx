import type { ComponentType } from 'react';
import type { PageModuleOf } from '@shop/shared';
import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import CartPage from './cart/CartPage';
import CheckoutPage from './checkout/CheckoutPage';
import MiniCart from './minicart/MiniCart';
import OrderConfirmationPage from './confirmation/OrderConfirmationPage';
import { offers } from './offers';
import WishlistPage from './wishlist/WishlistPage';
import OrderStatusPage from './orderStatus/OrderStatusPage';
import FindOrderPage from './orderStatus/FindOrderPage';

const PAGES: Record<PageModuleOf<typeof offers>, ComponentType> = { CartPage, CheckoutPage, OrderConfirmationPage, WishlistPage, OrderStatusPage, FindOrderPage };

/** The routes this remote serves, as the shell maps them (its list, ./offers.ts; used by the standalone host, with the mini cart on top). */
export const routes: StandaloneRoute[] = offers.pages.map(({ path, module }) => {
  const Page = PAGES[module];
  return { path, element: <><MiniCart /><Page /></> };
});

import type { RemoteOffers } from '@shop/shared';

/**
 * What the checkout remote offers, in one list: its webpack `exposes` (webpack.config.js) and the
 * shell's route table (shell/public/routes.json, built from it) come from here. Read by Node too
 * (through tsx, scripts/webpack/offers.js): data only, type imports only.
 */
export const offers = {
  name: 'checkout',
  pages: [
    { path: '/cart', module: 'CartPage', file: './cart/CartPage.tsx', guard: 'none' },
    { path: '/checkout', module: 'CheckoutPage', file: './checkout/CheckoutPage.tsx', guard: 'none' },
    // Issue 38: where Place order lands; the server shows a customer only their own order.
    { path: '/order-confirmation/:id', module: 'OrderConfirmationPage', file: './confirmation/OrderConfirmationPage.tsx', guard: 'customer' },
    { path: '/wishlist', module: 'WishlistPage', file: './wishlist/WishlistPage.tsx', guard: 'none' },
    // Issue 40: a guest's order through its private link, and the page that e-mails a lost link.
    { path: '/order-status/:token', module: 'OrderStatusPage', file: './orderStatus/OrderStatusPage.tsx', guard: 'none' },
    { path: '/find-my-order', module: 'FindOrderPage', file: './orderStatus/FindOrderPage.tsx', guard: 'none' },
  ],
  // Fragments other apps embed: the shell's header (MiniCart), the product page (AddToCart,
  // WishlistButton), the admin's user modal (CartRow).
  fragments: [
    { module: 'MiniCart', file: './minicart/MiniCart.tsx' },
    { module: 'AddToCart', file: './cart/AddToCart.tsx' },
    { module: 'WishlistButton', file: './wishlist/WishlistButton.tsx' },
    { module: 'CartRow', file: './cart/CartRow.tsx' },
  ],
} as const satisfies RemoteOffers;

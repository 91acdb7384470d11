// The pages one app links to in another's keeping (the shop's "/shop" from the account's login, the
// back office's "/products?edit=" from its dashboard), written once. Each path is a page some remote
// offers (its ./offers.ts; shell/src/routing/routeTable.test.ts checks that every path here is offered).

/** Where each page of the shop is. */
export const ROUTE_PATHS = {
  home: '/',
  shop: '/shop',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy-policy',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation/:id',
  wishlist: '/wishlist',
  myOrders: '/my-account/orders',
  profile: '/my-account/profile',
  dashboard: '/dashboard',
  adminOrders: '/orders',
  adminProducts: '/products',
  adminShipping: '/shipping',
  adminTaxes: '/taxes',
} as const;

/** The shop's list searching for these words ("/shop?que=ring"); the plain list without them. */
export const shopSearchPath = (words: string) => (words ? `${ROUTE_PATHS.shop}?que=${encodeURIComponent(words)}` : ROUTE_PATHS.shop);

/** The shop's list of the products with this variant option ("/shop?options=…"). */
export const shopOptionPath = (optionId: string) => `${ROUTE_PATHS.shop}?options=${encodeURIComponent(optionId)}`;

/** An order's own page, where Place order lands (issue 38). */
export const orderConfirmationPath = (orderId: string) => ROUTE_PATHS.orderConfirmation.replace(':id', encodeURIComponent(orderId));

/** The back office's product list with this product's form open. */
export const productEditPath = (productId: string) => `${ROUTE_PATHS.adminProducts}?edit=${encodeURIComponent(productId)}`;

/** The back office's order list searching for this order's number. */
export const orderSearchPath = (orderNumber: string) => `${ROUTE_PATHS.adminOrders}?keyword=${encodeURIComponent(orderNumber)}`;

/** Where a signed-in user lands after signing in or registering: the dashboard for an admin, else the shop. */
export const homeOf = (role: string) => (role === 'admin' ? ROUTE_PATHS.dashboard : ROUTE_PATHS.shop);

import type { RemoteOffers } from '@shop/shared';

/**
 * What the account remote offers, in one list: its webpack `exposes` (webpack.config.js), the shell's
 * route table (shell/public/routes.json, built from it) and the shell's account menu come from here.
 * Pages in menu order. Read by Node too (through tsx, scripts/webpack/offers.js): data only, type imports only.
 */
export const offers = {
  name: 'account',
  pages: [
    { path: '/login', module: 'LoginPage', file: './auth/LoginPage.tsx', guard: 'signedOut', menu: { label: 'Login' } },
    { path: '/register', module: 'RegisterPage', file: './auth/RegisterPage.tsx', guard: 'signedOut', menu: { label: 'Register' } },
    // Reached from /login and from the e-mailed link; open to anyone (a link may be opened on a signed-in device).
    { path: '/forgot-password', module: 'ForgotPasswordPage', file: './forgotPassword/ForgotPasswordPage.tsx', guard: 'none' },
    { path: '/reset-password', module: 'ResetPasswordPage', file: './resetPassword/ResetPasswordPage.tsx', guard: 'none' },
    { path: '/my-account/orders', module: 'OrdersPage', file: './orders/OrdersPage.tsx', guard: 'customer', menu: { label: 'Orders' } },
    // Any signed-in user may open it; the menu offers it to customers.
    { path: '/my-account/addresses', module: 'AddressesPage', file: './addresses/AddressesPage.tsx', guard: 'signedIn', menu: { label: 'Addresses', shownTo: 'customer' } },
    // Name, contact and password: anyone signed in may open it (an admin too); the menu offers it to customers.
    { path: '/my-account/profile', module: 'ProfilePage', file: './profile/ProfilePage.tsx', guard: 'signedIn', menu: { label: 'Profile', shownTo: 'customer' } },
  ],
  // Fragments the admin remote embeds on /orders with mode 'admin'.
  fragments: [
    { module: 'OrdersList', file: './orders/OrdersList.tsx' },
    { module: 'OrderDetailsModal', file: './orders/OrderDetailsModal.tsx' },
  ],
} as const satisfies RemoteOffers;

import type { RemoteOffers } from '@shop/shared';

/**
 * What the admin remote offers, in one list: its webpack `exposes` (webpack.config.js), the shell's
 * route table (shell/public/routes.json, built from it), the shell's account menu and this remote's
 * side nav (layout/AdminLayout.tsx) come from here. Pages in menu order. Read by Node too (through
 * tsx, scripts/webpack/offers.js): data only, type imports only.
 */
export const offers = {
  name: 'admin',
  pages: [
    { path: '/dashboard', module: 'DashboardPage', file: './dashboard/DashboardPage.tsx', guard: 'admin', menu: { label: 'Dashboard' } },
    { path: '/orders', module: 'OrdersPage', file: './orders/OrdersPage.tsx', guard: 'admin', menu: { label: 'Orders' } },
    { path: '/products', module: 'ProductsPage', file: './products/ProductsPage.tsx', guard: 'admin', menu: { label: 'Products' } },
    { path: '/filters', module: 'FiltersPage', file: './filters/FiltersPage.tsx', guard: 'admin', menu: { label: 'Filters' } },
    { path: '/discounts', module: 'DiscountsPage', file: './discounts/DiscountsPage.tsx', guard: 'admin', menu: { label: 'Discounts' } },
    { path: '/coupons', module: 'CouponsPage', file: './coupons/CouponsPage.tsx', guard: 'admin', menu: { label: 'Coupons' } },
    { path: '/currencies', module: 'CurrenciesPage', file: './currencies/CurrenciesPage.tsx', guard: 'admin', menu: { label: 'Currencies' } },
    { path: '/users', module: 'UsersPage', file: './users/UsersPage.tsx', guard: 'admin', menu: { label: 'Users' } },
    { path: '/deleted-users', module: 'DeletedUsersPage', file: './users/DeletedUsersPage.tsx', guard: 'admin', menu: { label: 'Deleted Users' } },
    { path: '/messages', module: 'MessagesPage', file: './messages/MessagesPage.tsx', guard: 'admin', menu: { label: 'Messages' } },
    { path: '/emails', module: 'EmailsPage', file: './mail/EmailsPage.tsx', guard: 'admin', menu: { label: 'Emails' } },
    { path: '/audit-log', module: 'AuditLogPage', file: './audit/AuditLogPage.tsx', guard: 'admin', menu: { label: 'Audit log' } },
    { path: '/releases', module: 'ReleasesPage', file: './releases/ReleasesPage.tsx', guard: 'superAdmin', menu: { label: 'Releases' } },
    { path: '/reviews', module: 'ReviewsPage', file: './reviews/ReviewsPage.tsx', guard: 'admin', menu: { label: 'Reviews' } },
  ],
  // The frame around every page of the back office (issue 19): the shell renders it for admin routes.
  fragments: [{ module: 'AdminFrame', file: './layout/AdminFrame.tsx' }],
} as const satisfies RemoteOffers;

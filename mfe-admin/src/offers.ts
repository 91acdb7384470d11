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
    { path: '/dashboard', module: 'DashboardPage', file: './dashboard/DashboardPage.tsx', guard: 'admin', permission: 'orders', menu: { label: 'Dashboard' } },
    { path: '/orders', module: 'OrdersPage', file: './orders/OrdersPage.tsx', guard: 'admin', permission: 'orders', menu: { label: 'Orders' } },
    { path: '/products', module: 'ProductsPage', file: './products/ProductsPage.tsx', guard: 'admin', permission: 'catalog', menu: { label: 'Products' } },
    { path: '/filters', module: 'FiltersPage', file: './filters/FiltersPage.tsx', guard: 'admin', permission: 'catalog', menu: { label: 'Filters' } },
    { path: '/discounts', module: 'DiscountsPage', file: './discounts/DiscountsPage.tsx', guard: 'admin', permission: 'marketing', menu: { label: 'Discounts' } },
    { path: '/coupons', module: 'CouponsPage', file: './coupons/CouponsPage.tsx', guard: 'admin', permission: 'marketing', menu: { label: 'Coupons' } },
    { path: '/currencies', module: 'CurrenciesPage', file: './currencies/CurrenciesPage.tsx', guard: 'admin', permission: 'settings', menu: { label: 'Currencies' } },
    { path: '/shipping', module: 'ShippingPage', file: './shipping/ShippingPage.tsx', guard: 'admin', permission: 'settings', menu: { label: 'Shipping' } },
    { path: '/taxes', module: 'TaxesPage', file: './taxes/TaxesPage.tsx', guard: 'admin', permission: 'settings', menu: { label: 'Taxes' } },
    { path: '/users', module: 'UsersPage', file: './users/UsersPage.tsx', guard: 'admin', permission: 'customers', menu: { label: 'Users' } },
    { path: '/deleted-users', module: 'DeletedUsersPage', file: './users/DeletedUsersPage.tsx', guard: 'admin', permission: 'customers', menu: { label: 'Deleted Users' } },
    { path: '/messages', module: 'MessagesPage', file: './messages/MessagesPage.tsx', guard: 'admin', permission: 'content', menu: { label: 'Messages' } },
    { path: '/emails', module: 'EmailsPage', file: './mail/EmailsPage.tsx', guard: 'admin', permission: 'content', menu: { label: 'Emails' } },
    { path: '/content', module: 'ContentPage', file: './content/ContentPage.tsx', guard: 'admin', permission: 'content', menu: { label: 'Content' } },
    { path: '/audit-log', module: 'AuditLogPage', file: './audit/AuditLogPage.tsx', guard: 'admin', permission: 'audit', menu: { label: 'Audit log' } },
    { path: '/releases', module: 'ReleasesPage', file: './releases/ReleasesPage.tsx', guard: 'superAdmin', permission: 'releases', menu: { label: 'Releases' } },
    { path: '/store-settings', module: 'StoreSettingsPage', file: './settings/StoreSettingsPage.tsx', guard: 'superAdmin', permission: 'settings', menu: { label: 'Store settings' } },
    { path: '/staff', module: 'StaffPage', file: './staff/StaffPage.tsx', guard: 'admin', permission: 'staff', menu: { label: 'Staff' } },
    { path: '/roles', module: 'RolesPage', file: './staff/RolesPage.tsx', guard: 'admin', permission: 'staff', menu: { label: 'Roles' } },
    { path: '/reviews', module: 'ReviewsPage', file: './reviews/ReviewsPage.tsx', guard: 'admin', permission: 'marketing', menu: { label: 'Reviews' } },
  ],
  // The frame around every page of the back office (issue 19): the shell renders it for admin routes.
  fragments: [{ module: 'AdminFrame', file: './layout/AdminFrame.tsx' }],
} as const satisfies RemoteOffers;

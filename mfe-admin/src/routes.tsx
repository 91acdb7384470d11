import type { ComponentType } from 'react';
import type { PageModuleOf } from '@shop/shared';
import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AuditLogPage from './audit/AuditLogPage';
import ContentPage from './content/ContentPage';
import CouponsPage from './coupons/CouponsPage';
import CurrenciesPage from './currencies/CurrenciesPage';
import DashboardPage from './dashboard/DashboardPage';
import DiscountsPage from './discounts/DiscountsPage';
import FiltersPage from './filters/FiltersPage';
import EmailsPage from './mail/EmailsPage';
import MessagesPage from './messages/MessagesPage';
import { offers } from './offers';
import OrdersPage from './orders/OrdersPage';
import ProductsPage from './products/ProductsPage';
import ReleasesPage from './releases/ReleasesPage';
import ReviewsPage from './reviews/ReviewsPage';
import StoreSettingsPage from './settings/StoreSettingsPage';
import ShippingPage from './shipping/ShippingPage';
import RolesPage from './staff/RolesPage';
import StaffPage from './staff/StaffPage';
import TaxesPage from './taxes/TaxesPage';
import DeletedUsersPage from './users/DeletedUsersPage';
import UsersPage from './users/UsersPage';

const PAGES: Record<PageModuleOf<typeof offers>, ComponentType> = {
  DashboardPage, OrdersPage, ProductsPage, FiltersPage, DiscountsPage, CouponsPage, CurrenciesPage, ShippingPage, TaxesPage, UsersPage, DeletedUsersPage, ReviewsPage, MessagesPage, EmailsPage, ContentPage, AuditLogPage, ReleasesPage, StoreSettingsPage, StaffPage, RolesPage,
};

/** The routes this remote serves, as the shell maps them (its list, ./offers.ts; used by the standalone host). */
export const routes: StandaloneRoute[] = offers.pages.map(({ path, module }) => {
  const Page = PAGES[module];
  return { path, element: <Page /> };
});

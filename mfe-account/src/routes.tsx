import type { ComponentType } from 'react';
import { RouteGuard, type PageModuleOf } from '@shop/shared';
import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AddressesPage from './addresses/AddressesPage';
import LoginPage from './auth/LoginPage';
import RegisterPage from './auth/RegisterPage';
import ForgotPasswordPage from './forgotPassword/ForgotPasswordPage';
import { offers } from './offers';
import OrdersPage from './orders/OrdersPage';
import ProfilePage from './profile/ProfilePage';
import ResetPasswordPage from './resetPassword/ResetPasswordPage';

const PAGES: Record<PageModuleOf<typeof offers>, ComponentType> = { LoginPage, RegisterPage, ForgotPasswordPage, ResetPasswordPage, OrdersPage, AddressesPage, ProfilePage };

/** The routes this remote serves, as the shell maps them (its list, ./offers.ts; used by the standalone host). */
export const routes: StandaloneRoute[] = offers.pages.map(({ path, module, guard }) => {
  const Page = PAGES[module];
  // Guarded as the shell guards them (SPEC §2).
  return { path, element: <RouteGuard guard={guard}><Page /></RouteGuard> };
});

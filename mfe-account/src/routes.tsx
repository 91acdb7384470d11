import type { ComponentType, ReactElement } from 'react';
import { Navigate, useSessionValue, type Guard, type PageModuleOf } from '@shop/shared';
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

/** The shell's guards (SPEC §2), repeated for the standalone host: customers only, or anyone signed in (the others let all in). */
function Guarded({ need, children }: { need: Guard; children: ReactElement }) {
  const { auth, role } = useSessionValue();
  if (need === 'customer' && !(auth && role === 'customer')) return <Navigate to="/login" replace />;
  if (need === 'signedIn' && !auth) return <Navigate to="/" replace />;
  return children;
}

/** The routes this remote serves, as the shell maps them (its list, ./offers.ts; used by the standalone host). */
export const routes: StandaloneRoute[] = offers.pages.map(({ path, module, guard }) => {
  const Page = PAGES[module];
  return { path, element: <Guarded need={guard}><Page /></Guarded> };
});

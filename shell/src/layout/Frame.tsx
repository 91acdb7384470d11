import type { ReactNode } from 'react';
import { RemoteComponent, useLocation, useSessionValue, type ShopRoute, guardRedirect } from '@shop/shared';
import { Footer } from '../footer/Footer';
import { MobileFooterBar } from '../footer/MobileFooterBar';
import { AccountMenu } from '../header/AccountMenu';
import { Header } from '../header/Header';
import { shopRoutes } from '../routing/routeTable';
import styles from '../App.module.css';
import { Breadcrumb } from './Breadcrumb';

/** The paths of the back office (the routes an admin or super-admin guard keeps): they get the admin remote's frame. */
export const adminPathsOf = (routes: readonly ShopRoute[]): ReadonlySet<string> =>
  new Set(routes.filter((route) => (route.guard === 'admin' || route.guard === 'superAdmin') && !route.path.includes(':')).map((route) => route.path));

/** Whether this page is shown in the back office's frame: an admin route, and an admin to enter it (anyone else is sent away by its guard). */
export function useAdminFrame(adminPaths: ReadonlySet<string> = adminPathsOf(shopRoutes)): boolean {
  const { pathname } = useLocation();
  const session = useSessionValue();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return adminPaths.has(path) && guardRedirect('admin', session) === null;
}

/**
 * What surrounds the page. The storefront's: header, breadcrumb, the page in <main>, footer and the
 * phones' bar. The back office's (issue 19): the admin remote's frame (admin/AdminFrame: a compact top
 * bar with the global search, the side navigation or the phones' drawer, the page in its <main>, a
 * slim footer), given the page and the shell's account menu. The frame is fetched with the admin
 * remote only when an admin opens a back-office page: the storefront's bundles hold none of it.
 */
export function Frame({ page }: { page: ReactNode }) {
  if (useAdminFrame()) {
    return <RemoteComponent id="admin/AdminFrame" props={{ page, accountMenu: <AccountMenu /> }} />;
  }
  return (
    <>
      <Header />
      <Breadcrumb />
      <main id="main" className={styles.main}>
        {page}
      </main>
      <Footer />
      <MobileFooterBar />
    </>
  );
}

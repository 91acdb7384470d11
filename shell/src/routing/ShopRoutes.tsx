import type { ReactElement } from 'react';
import { DEFAULT_LOCALE, LOCALE_CODES, Route, Routes, NotFound, RemoteComponent, RouteGuard } from '@shop/shared';
import { PolicyPage } from '../pages/PolicyPage';
import { shopRoutes, type ShellPage } from './routeTable';

const SHELL_PAGES: Record<ShellPage, () => ReactElement> = { PrivacyPage: () => <PolicyPage slug="privacy-policy" />, PolicyPage: () => <PolicyPage /> };

/** The route table's pages at today's paths (the router reads them below a locale's prefix too). */
function PageRoutes() {
  return (
    <Routes>
      {shopRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RouteGuard guard={route.guard}>
              {/* key: a new route gets a fresh boundary, so one page's failure never sticks to the next. */}
              {route.remote ? <RemoteComponent key={route.remote} id={route.remote} /> : SHELL_PAGES[route.page!]()}
            </RouteGuard>
          }
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** English at today's paths, every other locale the same pages under its code: /fr/shop, /fr/<slug> (issue 37). */
export function ShopRoutes() {
  return (
    <Routes>
      {LOCALE_CODES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => (
        <Route key={locale} path={`/${locale}/*`} element={<PageRoutes />} />
      ))}
      <Route path="*" element={<PageRoutes />} />
    </Routes>
  );
}

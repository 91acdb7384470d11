import type { ReactElement } from 'react';
import { Route, Routes, NotFound, RemoteComponent } from '@shop/shared';
import { PrivacyPage } from '../pages/PrivacyPage';
import { RouteGuard } from './RouteGuard';
import { shopRoutes, type ShellPage } from './routeTable';

const SHELL_PAGES: Record<ShellPage, () => ReactElement> = { PrivacyPage: () => <PrivacyPage /> };

export function ShopRoutes() {
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

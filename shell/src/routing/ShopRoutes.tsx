import { Route, Routes, NotFound, RemoteComponent } from '@shop/shared';
import { PrivacyPage } from '../pages/PrivacyPage';
import { RouteGuard } from './RouteGuard';
import { remoteRoutes } from './routeTable';

export function ShopRoutes() {
  return (
    <Routes>
      {remoteRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RouteGuard guard={route.guard}>
              {/* key: a new route gets a fresh boundary, so one page's failure never sticks to the next. */}
              <RemoteComponent key={route.remote} id={route.remote!} />
            </RouteGuard>
          }
        />
      ))}
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/privacy-&-policy" element={<PrivacyPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

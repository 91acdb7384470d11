import { remoteRoutes } from './routeTable';

// The route table is data the server also reads (api/src/static/hints.ts): keep its shape honest.
test('every route names one exposed module of a known remote, a known guard, once; the product catch-all last', () => {
  const guards = ['admin', 'customer', 'signedIn', 'signedOut', 'none'];
  for (const route of remoteRoutes) {
    expect(route.remote).toMatch(/^(catalog|checkout|account|admin)\/[A-Z][A-Za-z]+Page$/);
    expect(guards).toContain(route.guard);
    expect(route.path).toMatch(/^\/([a-z-]+(\/[a-z-]+)*|:slug)?$/);
  }
  expect(new Set(remoteRoutes.map((r) => r.path)).size).toBe(remoteRoutes.length);
  expect(remoteRoutes.at(-1)).toMatchObject({ path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product' } });
  expect(remoteRoutes.find((r) => r.path === '/dashboard')).toEqual({ path: '/dashboard', remote: 'admin/DashboardPage', guard: 'admin' });
});

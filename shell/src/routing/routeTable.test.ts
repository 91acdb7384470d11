import { shopRoutes } from './routeTable';

// The route table is data the server also reads (api/src/static/hints.ts): keep its shape honest.
test('every route names one exposed module of a known remote or a shell page, a known guard, once; the product catch-all last', () => {
  const guards = ['admin', 'customer', 'signedIn', 'signedOut', 'none'];
  for (const route of shopRoutes) {
    if (route.page) expect([route.path, route.page, route.remote]).toEqual([route.path, 'PrivacyPage', undefined]);
    else expect(route.remote).toMatch(/^(catalog|checkout|account|admin)\/[A-Z][A-Za-z]+Page$/);
    expect(guards).toContain(route.guard);
    expect(route.path).toMatch(/^\/([a-z&-]+(\/[a-z-]+)*|:slug)?$/);
  }
  expect(new Set(shopRoutes.map((r) => r.path)).size).toBe(shopRoutes.length);
  expect(shopRoutes.at(-1)).toMatchObject({ path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product' } });
  expect(shopRoutes.find((r) => r.path === '/dashboard')).toEqual({ path: '/dashboard', remote: 'admin/DashboardPage', guard: 'admin' });
});

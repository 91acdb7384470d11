import fs from 'node:fs';
import path from 'node:path';
import { offers as account } from '../../../mfe-account/src/offers';
import { offers as admin } from '../../../mfe-admin/src/offers';
import { offers as catalog } from '../../../mfe-catalog/src/offers';
import { offers as checkout } from '../../../mfe-checkout/src/offers';
import { ROUTE_PATHS } from '@shop/shared';
import { shopRoutes } from './routeTable';
import { ROUTED_REMOTES, routeTableJson, routeTableOf } from './routeTableOf';

const lists = { 'mfe-catalog': catalog, 'mfe-account': account, 'mfe-checkout': checkout, 'mfe-admin': admin };

// public/routes.json is written by the shell's build (scripts/webpack/offers.js) from the remotes' lists.
test('the route table is what the remotes\' lists say (npx webpack --config shell/webpack.config.js writes it)', () => {
  const file = fs.readFileSync(path.join(__dirname, '../../public/routes.json'), 'utf8');
  expect(file).toBe(routeTableJson(routeTableOf(lists)));
  expect(shopRoutes).toEqual(routeTableOf(lists));
});

test('every offered file is there, and each routed remote has a list here', () => {
  expect(Object.keys(lists).sort()).toEqual([...ROUTED_REMOTES].sort());
  const missing = Object.entries(lists).flatMap(([dir, list]) =>
    [...list.pages, ...('fragments' in list ? list.fragments : [])].map(({ file }) => path.join(dir, 'src', file)).filter((file) => !fs.existsSync(path.join(__dirname, '../../..', file))),
  );
  expect(missing).toEqual([]);
});

// The route table is data the server also reads (api/src/web/preloadHints.ts): keep its shape honest.
test('every route names one exposed module of a known remote or a shell page, a known guard, once; the product catch-all last', () => {
  const guards = ['admin', 'superAdmin', 'customer', 'signedIn', 'signedOut', 'none'];
  for (const route of shopRoutes) {
    if (route.page) expect([route.path, route.remote, ['PrivacyPage', 'PolicyPage'].includes(route.page)]).toEqual([route.path, undefined, true]);
    else expect(route.remote).toMatch(/^(catalog|checkout|account|admin)\/[A-Z][A-Za-z]+Page$/);
    expect(guards).toContain(route.guard);
    expect(route.path).toMatch(/^\/([a-z&-]+(\/([a-z-]+|:id|:slug|:token))*|:slug)?$/);
  }
  expect(new Set(shopRoutes.map((r) => r.path)).size).toBe(shopRoutes.length);
  expect(shopRoutes.at(-1)).toMatchObject({ path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product' } });
  expect(shopRoutes.find((r) => r.path === '/dashboard')).toEqual({ path: '/dashboard', remote: 'admin/DashboardPage', guard: 'admin', menu: { label: 'Dashboard' }, permission: 'orders' });
});

// Apps link to each other's pages through the contract's ROUTE_PATHS: each must be a page of the table.
test('every path of ROUTE_PATHS is a route of the table', () => {
  const paths = shopRoutes.map((r) => r.path);
  expect(Object.values(ROUTE_PATHS).filter((p) => !paths.includes(p))).toEqual([]);
});

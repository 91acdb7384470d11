import * as browser from './browser';
import * as contract from './index';
import { ENDPOINT_ROUTES } from './api/routeTable';
import { endpoints } from './api';

// The browser's contract (browser.ts) is the whole contract's values but the endpoint map's schemas and
// their builders, which only the API runs.
const API_ONLY = ['endpoints', 'endpoint', 'schemas', 'Type', 'ProductForm', 'StoreSettings', 'StoreSettingsBody', 'ContentHomeBody', 'ContentFooterBody', 'ContentPageBody', 'MessageAnswer', 'UUID'];

test('the browser gets every value of the contract but the endpoint map’s schemas', () => {
  const all = Object.keys(contract).filter((name) => !API_ONLY.includes(name)).sort();
  expect(Object.keys(browser).sort()).toEqual(all);
  for (const name of all) expect([name, (browser as Record<string, unknown>)[name]]).toEqual([name, (contract as Record<string, unknown>)[name]]);
});

test('ENDPOINT_ROUTES is the map’s method, path, body type and ?locale= (else: npm run endpoint-routes)', () => {
  for (const [name, e] of Object.entries(endpoints)) {
    const route = ENDPOINT_ROUTES[name as keyof typeof ENDPOINT_ROUTES];
    const query = (e as { query?: { properties?: Record<string, unknown> } }).query;
    expect([name, route]).toEqual([name, { method: e.method, path: e.path, ...('consumes' in e && e.consumes ? { consumes: e.consumes } : {}), ...(query?.properties?.locale ? { locale: true } : {}) }]);
  }
  expect(Object.keys(ENDPOINT_ROUTES)).toEqual(Object.keys(endpoints));
});

test('the singleton’s core (browserCore.ts) is a part of the browser’s contract, value for value', async () => {
  const core = await import('./browserCore');
  expect(Object.keys(core).length).toBeGreaterThan(20);
  for (const [name, value] of Object.entries(core)) expect([name, value]).toEqual([name, (browser as Record<string, unknown>)[name]]);
});

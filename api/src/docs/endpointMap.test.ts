import { endpoints, type Endpoint } from '@shop/contract';
import { apiRoutesOf } from '../lib/answerCheck';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 35: every endpoint of the API is in the endpoint map (@shop/contract) and every endpoint of the
// map is served, with the method and path it declares.

let t: TestApp;
const served: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, methods] of Object.entries(doc.paths)) for (const method of Object.keys(methods)) served.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
});
afterAll(() => t.close());

const declared = () => Object.values(endpoints).map((e: Endpoint) => `${e.method} /api${e.path}`);

test('every route the API serves is in the endpoint map', () => {
  const missing = served.filter((r) => !declared().includes(r));
  expect(missing).toEqual([]);
  expect(served.length).toBeGreaterThan(80);
});

// The document leaves out hidden routes: every route under /api, as registered, is in the map too, but the
// API reference's own pages and the metrics (for a browser and a scraper, not endpoints of the shop).
const NOT_ENDPOINTS = ['GET /api/docs/json', 'GET /api/docs', 'GET /api/docs/scalar.js', 'GET /api/metrics'];
test('every route registered under /api, hidden ones too, is in the endpoint map', () => {
  const registered = apiRoutesOf(t.app);
  expect(registered.length).toBeGreaterThan(80);
  expect(registered.filter((r) => !declared().includes(r) && !NOT_ENDPOINTS.includes(r))).toEqual([]);
  expect(NOT_ENDPOINTS.filter((r) => !registered.includes(r))).toEqual([]);
});

test('every endpoint of the map is served, once', () => {
  const keys = declared();
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  expect(keys.filter((k) => !served.includes(k))).toEqual([]);
  for (const e of Object.values(endpoints) as Endpoint[]) expect({ e: `${e.method} ${e.path}`, served: t.app.hasRoute({ method: e.method, url: `/api${e.path}` }) }).toEqual({ e: `${e.method} ${e.path}`, served: true });
});


test("a query's number is finite: page=Infinity is a 400 naming it, not a search (ajv's coercion lets it through)", async () => {
  for (const url of ['/api/product/filter?keyword=a&page=Infinity', '/api/product/filter?page=-Infinity', '/api/product/1a2b/reviews?limit=Infinity']) {
    const res = await t.call('GET', url.replace('1a2b', '00000000-0000-4000-8000-000000000000'));
    expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 400, body: { message: expect.stringMatching(/^querystring\/(page|limit) must be a finite number$/) } });
  }
});

// Issue 42: the route × role matrix, generated from the endpoint map itself (@shop/contract's
// `endpoints`): every back-office endpoint ('admin', 'superAdmin', 'deployer') is called by a staff
// member of each role the shop starts with, and must let exactly the roles holding its permission
// through. A back-office endpoint that names no permission fails the first test, by name.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the harness).
import { randomUUID } from 'node:crypto';
import { BUILT_IN_ROLES, type BuiltInRole, type Endpoint, endpoints, PERMISSION_MISSING, type Permission, pathOf, TWO_FACTOR_SETUP_REQUIRED } from '@shop/contract';
import { insertUser } from '../accounts/queries';
import { startTestApp, type TestApp } from '../test/harness';
import { writeOrders } from '../test/orderFixtures';

const BACK_OFFICE = new Set(['admin', 'superAdmin', 'deployer']);
const backOffice = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => BACK_OFFICE.has(e.access));

test('every back-office endpoint of the map names the permission it needs', () => {
  const unnamed = backOffice.filter(([, e]) => !e.permission).map(([name, e]) => `${name} (${e.method} /api${e.path})`);
  if (unnamed.length) {
    throw new Error(
      `These back-office endpoints name no permission, so only Owners may call them: add \`permission: '<one of catalog, orders, customers, marketing, content, settings, staff, releases, audit>'\` to each in contract/src/api/*.ts:\n  ${unnamed.join('\n  ')}`,
    );
  }
  expect(backOffice.length).toBeGreaterThan(60);
});

let t: TestApp;
const tokens = {} as Record<BuiltInRole, string>;
beforeAll(async () => {
  t = await startTestApp();
  for (const key of Object.keys(BUILT_IN_ROLES) as BuiltInRole[]) {
    const role = await t.ctx.db.one<{ id: string }>(`SELECT id FROM roles WHERE key = $1`, [key]);
    const user = await insertUser(t.ctx.db, {
      fullName: `Matrix ${key}`,
      email: `matrix-${key}@test.local`,
      contact: `77${Math.floor(Math.random() * 1e8)}`,
      passwordHash: '!none',
      role: 'admin',
      isSuperAdmin: key === 'owner',
      roleId: role!.id,
    });
    tokens[key] = t.ctx.auth.sign(user!.id);
  }
});
afterAll(() => t.close());

/** Values that pass a path's own patterns: a period, a remote, an image's index; ids are unknown uuids. */
const PARAMS: Record<string, string> = { period: 'weekly', remote: 'catalog', index: '0' };
const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, PARAMS[name] ?? randomUUID()]));

describe.each(Object.keys(BUILT_IN_ROLES) as BuiltInRole[])('%s', (key) => {
  const held = new Set<Permission>(BUILT_IN_ROLES[key].permissions);
  test.each(backOffice.map(([name, e]) => [name, e] as const))('%s', async (_name, e) => {
    const r = await t.call(e.method, `/api${pathOf(e.path, paramsOf(e.path))}`, { token: tokens[key], body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {} });
    const mayCall = e.permission !== undefined && held.has(e.permission) && (e.access !== 'superAdmin' || key === 'owner');
    if (mayCall) {
      // Let through: whatever the call's own answer (a 400 for the empty body, a 404 for the unknown id), never refused for who asks.
      expect({ status: r.status, code: r.body?.code }).not.toEqual(expect.objectContaining({ status: 401 }));
      expect(r.body?.code).not.toBe(PERMISSION_MISSING);
      expect(r.body?.code).not.toBe(TWO_FACTOR_SETUP_REQUIRED);
      expect(r.status).not.toBe(403);
    } else {
      expect(r.status).toBe(403);
      if (e.access !== 'superAdmin' || !e.permission || !held.has(e.permission)) expect(r.body.code).toBe(PERMISSION_MISSING);
    }
  });
});

describe('Support cannot open Products by API; the orders it handles it sees', () => {
  test('every product write and the admin product list are 403; orders are all listed', async () => {
    const support = tokens.support;
    const product = await t.product({ title: 'Matrix Ring' });
    for (const [method, path, body] of [
      ['POST', '/api/product', {}],
      ['PUT', `/api/product/${product._id}`, { title: 'Changed' }],
      ['DELETE', `/api/product/${product._id}`, undefined],
      ['POST', '/api/product/filter', { status: 'all' }],
      ['GET', '/api/product/export.csv', undefined],
      ['GET', '/api/stock/low', undefined],
    ] as const) {
      const r = await t.call(method, path, { token: support, body });
      expect({ path, status: r.status, message: r.body?.message }).toEqual({ path, status: 403, message: 'You do not have access' });
    }
    // An order of a customer: Support (orders) sees it, a Catalogue editor (no orders) only their own, none.
    const c = await t.customer();
    const cur = await t.currency('EUR', '€');
    await writeOrders(t, product._id, [{ user: c, at: new Date().toISOString(), status: 'pending', currency: cur, lines: [{ title: 'Matrix Ring', unit: 100 }] }]);
    const all = await t.call('GET', '/api/order?page=1', { token: support });
    expect(all.status).toBe(200);
    expect(all.body.itemCount).toBeGreaterThan(0);
    const own = await t.call('GET', '/api/order?page=1', { token: tokens['catalog-editor'] });
    expect(own.status).toBe(200);
    expect(own.body.itemCount).toBe(0);
  });
});

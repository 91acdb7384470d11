import { startTestApp, type TestApp } from '../test/harness';

// Filters, currencies and discounts: CRUD and permissions (one app for the three small modules).
let t: TestApp;
let customer: { token: string };
beforeAll(async () => {
  t = await startTestApp();
  customer = await t.customer();
});
afterAll(() => t.close());

test('filters and their options', async () => {
  const made = await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: ' Stone ', filterOptions: [{ name: 'Ruby ' }, { name: '' }, { name: 'Jade' }] } });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name: 'Stone', filterOptions: [{ name: 'Ruby' }, { name: 'Jade' }] });
  const id = made.body._id;
  expect((await t.call('GET', `/api/filter/${id}`)).body.name).toBe('Stone');
  expect((await t.call('PATCH', `/api/filter/${id}`, { token: t.adminToken, body: { name: 'Gem' } })).body.name).toBe('Gem');
  const added = await t.call('POST', `/api/filter/${id}/filterOptions`, { token: t.adminToken, body: { name: 'Onyx' } });
  expect(added.body.filterOptions.map((o: any) => o.name)).toEqual(['Ruby', 'Jade', 'Onyx']);
  const onyx = added.body.filterOptions[2]._id;
  expect((await t.call('PUT', `/api/filter/filterOptions/${onyx}`, { token: t.adminToken, body: { name: 'Black Onyx' } })).body.filterOptions[2].name).toBe('Black Onyx');
  expect((await t.call('DELETE', `/api/filter/filterOptions/${onyx}`, { token: t.adminToken })).body.filterOptions).toHaveLength(2);
  expect((await t.call('DELETE', `/api/filter/filterOptions/${onyx}`, { token: t.adminToken })).status).toBe(404);
  for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'ok', filterOptions: [{}] }]) {
    expect((await t.call('POST', '/api/filter', { token: t.adminToken, body })).status).toBe(400);
  }
  expect((await t.call('POST', '/api/filter', { token: customer.token, body: { name: 'x' } })).status).toBe(403);
  expect((await t.call('PATCH', `/api/filter/${id}`, { body: { name: 'x' } })).status).toBe(401);
  expect((await t.call('DELETE', `/api/filter/${id}`, { token: t.adminToken })).status).toBe(200);
  expect((await t.call('GET', `/api/filter/${id}`)).status).toBe(404);
  expect((await t.call('GET', `/api/filter/xyz`)).status).toBe(400);
});

test('currencies (the cached list follows every change at once)', async () => {
  expect((await t.call('GET', '/api/currencies')).body).toEqual([]);
  const made = await t.call('POST', '/api/currencies', { token: t.adminToken, body: { name: 'Yen', code: 'jpy', symbol: '¥' } });
  expect(made.status).toBe(201);
  expect(made.body).toEqual({ _id: expect.any(String), name: 'Yen', code: 'JPY', symbol: '¥', pricesIncludeTax: false });
  // A new currency is a draft (issue 38): shoppers get it once published.
  expect((await t.call('GET', '/api/currencies')).body).toEqual([]);
  expect((await t.call('PUT', `/api/currencies/${made.body._id}/status`, { token: t.adminToken, body: { status: 'published' } })).status).toBe(200);
  expect((await t.call('POST', '/api/currencies', { token: t.adminToken, body: { name: 'Yen 2', code: 'JPY', symbol: 'Y' } })).status).toBe(409);
  expect((await t.call('POST', '/api/currencies', { token: t.adminToken, body: { name: 'X', code: 'TOOLONG', symbol: 'X' } })).status).toBe(400);
  expect((await t.call('POST', '/api/currencies', { token: customer.token, body: { name: 'X', code: 'XXX', symbol: 'X' } })).status).toBe(403);
  const upd = await t.call('PUT', `/api/currencies/${made.body._id}`, { token: t.adminToken, body: { name: 'Japanese Yen', code: 'JPY', symbol: '¥' } });
  expect(upd.body.name).toBe('Japanese Yen');
  expect((await t.call('GET', '/api/currencies')).body).toEqual([{ _id: made.body._id, name: 'Japanese Yen', code: 'JPY', symbol: '¥', pricesIncludeTax: false }]);
  expect((await t.call('DELETE', `/api/currencies/${made.body._id}`, { token: t.adminToken })).status).toBe(200);
  expect((await t.call('GET', '/api/currencies')).body).toEqual([]);
  expect((await t.call('DELETE', `/api/currencies/${made.body._id}`, { token: t.adminToken })).status).toBe(404);
  expect((await t.call('PUT', `/api/currencies/${made.body._id}`, { token: t.adminToken, body: { name: 'a', code: 'AAA', symbol: 'a' } })).status).toBe(404);
});

test('discounts: one value per currency (0 by default), time limit, types', async () => {
  const usd = await t.currency('USD', '$');
  const eur = await t.currency('EUR', '€');
  const body = { title: 'Spring', discountType: 'percentage', timeLimit: '2031-03-01T10:30', value: [{ currType: { _id: usd._id }, amount: 12.5 }] };
  const made = await t.call('POST', '/api/discounts', { token: t.adminToken, body });
  expect(made.status).toBe(201);
  // One value per currency the shop has, drafts included (issue 38: the admin prices them before publishing).
  const every = (await t.call('GET', '/api/currencies/all', { token: t.adminToken })).body.map((c: { _id: string }) => ({ currType: c._id, amount: c._id === usd._id ? 12.5 : 0 }));
  expect(every.slice(0, 2)).toEqual([{ currType: usd._id, amount: 12.5 }, { currType: eur._id, amount: 0 }]);
  expect(made.body).toEqual({ _id: expect.any(String), title: 'Spring', discountType: 'percentage', timeLimit: '2031-03-01T10:30:00.000Z', value: every });
  const upd = await t.call('PUT', `/api/discounts/${made.body._id}`, { token: t.adminToken, body: { ...body, discountType: 'fixed', value: [{ currType: eur._id, amount: 3 }] } });
  expect(upd.body).toMatchObject({ discountType: 'fixed', value: [{ currType: usd._id, amount: 0 }, { currType: eur._id, amount: 3 }] });
  expect((await t.call('GET', '/api/discounts', { token: t.adminToken })).body).toHaveLength(1);
  expect((await t.call('GET', '/api/discounts', { token: customer.token })).status).toBe(403);
  for (const bad of [{ ...body, discountType: 'bogo' }, { ...body, timeLimit: 'someday soon' }, { ...body, value: [{ currType: usd._id, amount: 101 }] }, { ...body, title: '' }, { ...body, value: [{ currType: usd._id, amount: -1 }] }]) {
    expect((await t.call('POST', '/api/discounts', { token: t.adminToken, body: bad })).status).toBe(400);
  }
  expect((await t.call('DELETE', `/api/discounts/${made.body._id}`, { token: t.adminToken })).status).toBe(200);
  expect((await t.call('DELETE', `/api/discounts/${made.body._id}`, { token: t.adminToken })).status).toBe(404);
});

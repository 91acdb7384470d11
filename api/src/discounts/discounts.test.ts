import { startTestApp, type TestApp } from '../test/harness';

// Issue 16, finding 10: a discount's timeLimit outside what the database can hold was a 500
// (PostgreSQL 22009). Every such date is a 400 that names the field, and changes nothing.

let t: TestApp;
let usd: string;
beforeAll(async () => {
  t = await startTestApp();
  usd = (await t.currency('USD', '$'))._id;
});
afterAll(() => t.close());

const discount = (timeLimit: unknown) => ({ title: 'Sale', discountType: 'percentage', timeLimit, value: [{ currType: usd, amount: 10 }] });

test.each(['+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z', 'not a date', '', '2026-13-45'])(
  'timeLimit %p is a 400 naming timeLimit, on create and on update, and nothing changes',
  async (timeLimit) => {
    const existing = await t.call('POST', '/api/discounts', { token: t.adminToken, body: discount('2030-01-01T00:00:00Z') });
    expect(existing.status).toBe(201);
    const before = await t.fingerprint();
    const created = await t.call('POST', '/api/discounts', { token: t.adminToken, body: discount(timeLimit) });
    const updated = await t.call('PUT', `/api/discounts/${existing.body._id}`, { token: t.adminToken, body: discount(timeLimit) });
    for (const r of [created, updated]) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/timeLimit/);
    }
    expect(await t.fingerprint()).toBe(before);
  },
);

test('dates inside the range are kept as sent, at both ends', async () => {
  for (const timeLimit of ['1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.000Z', '2031-06-01T12:30:00.000Z']) {
    const r = await t.call('POST', '/api/discounts', { token: t.adminToken, body: discount(timeLimit) });
    expect(r.status).toBe(201);
    expect(r.body.timeLimit).toBe(timeLimit);
  }
});

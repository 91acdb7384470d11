import { startTestApp, type TestApp } from '../../test/harness';

// A read-only transaction (the catalogue's background reads, memory/facets.ts) is not a write that
// the catalogue cache must look past (CountedDb.writes), and the database refuses a write inside one.
let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

test('a read-only transaction reads, refuses writes and does not count as a write', async () => {
  const before = t.ctx.db.writes;
  const n = await t.ctx.db.readOnly(async (q) => (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM products`))!.n);
  expect(n).toBe(0);
  expect(t.ctx.db.writes).toBe(before);
  await expect(t.ctx.db.readOnly((q) => q.query(`INSERT INTO filters (name) VALUES ('Metal')`))).rejects.toThrow(/read-only/);
  expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM filters`))!.n).toBe(0);
  await t.ctx.db.tx((q) => q.query(`SELECT 1`));
  expect(t.ctx.db.writes).toBe(before + 1);
});

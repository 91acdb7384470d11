import { randomUUID } from 'node:crypto';
import { startTestApp, within, type TestApp } from '../../test/harness';

// Issue 16, findings 1 and 3: an anonymous visitor must not be able to grow the catalogue cache (or
// the heap) with fields nothing reads, nor make one search answer the whole catalogue. Counts, never
// timings. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.

const BUDGET = 400_000;
let t: TestApp;
let usd: string;
let options: string[];
beforeAll(async () => {
  t = await startTestApp({ catalogCacheBytes: BUDGET });
  usd = (await t.currency('USD', '$'))._id;
  for (let i = 0; i < 15; i++) await t.product({ title: `Abuse Ring ${i}`, basePrice: [{ currType: usd, amount: 10 + i }] });
  const filter = await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Metal', options: [{ name: 'Gold' }, { name: 'Silver' }] } });
  options = (filter.body.options ?? filter.body.filterOptions ?? []).map((o: { _id: string }) => o._id);
  // The product pages are put in memory a moment after the last change: counted before the tests, not during one.
  await within(10_000, () => !t.ctx.catalog.memory.status().productPages.filling);
});
afterAll(() => t.close());

const kept = () => t.ctx.catalog.memory.status().answers;
const entries = () => kept().entries;
const search = (body: unknown, query = 'limit=12&page=1') => t.call('POST', `/api/product/filter?${query}`, { body });

test('fields nothing reads are dropped: they make no cache entry of their own', async () => {
  const first = await search({ sortBy: 'title', selectedCurr: usd });
  expect(first.status).toBe(200);
  const before = entries();
  for (let i = 0; i < 50; i++) {
    const junk = await search({ sortBy: 'title', selectedCurr: usd, [`junk${i}`]: 'x'.repeat(10_000), basePrice: { gte: null, extra: i } });
    expect(junk.status).toBe(200);
    expect(junk.body.itemCount).toBe(first.body.itemCount);
  }
  const viaQuery = await search({ sortBy: 'title', selectedCurr: usd }, `limit=12&page=1&junk=${'y'.repeat(8_000)}`);
  expect(viaQuery.status).toBe(200);
  expect(entries()).toBe(before);
});

test('the same search asked in other words shares one entry (option order, duplicates, blank keyword)', async () => {
  const a = await search({ selectedCurr: usd, filterOptions: options });
  const before = entries();
  const b = await search({ selectedCurr: usd.toUpperCase(), filterOptions: [...options].reverse().concat(options), sortBy: '-createdAt' });
  const c = await search({ selectedCurr: usd, filterOptions: [...options, 'not-an-id'] }, 'limit=12&page=1&keyword=%20');
  expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
  expect(b.body).toEqual(a.body);
  expect(c.body).toEqual(a.body);
  expect(entries()).toBe(before);
});

test('limit, page and keyword come from the checked query; the body cannot override or unbound them', async () => {
  for (const body of [{ limit: null }, { limit: 1_000_000 }, { limit: -1, page: -5 }, { keyword: { $ne: 1 } }, { page: 'x', limit: {} }]) {
    const res = await search(body, 'limit=5&page=1');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(5);
    expect(res.body.page).toBe(1);
    expect(res.body.items).toHaveLength(5);
    expect(res.body.itemCount).toBe(15);
  }
  for (const query of ['limit=101', 'limit=0', 'limit=-1', 'page=0', 'page=-3', 'limit=abc']) {
    const res = await search({}, query);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  }
  // No limit at all: the default page of 12, never the whole catalogue.
  const bare = await t.call('POST', '/api/product/filter', { body: { limit: null } });
  expect(bare.status).toBe(200);
  expect(bare.body.items).toHaveLength(12);
});

test('a few thousand junk-laden searches keep the counted bytes under the budget', async () => {
  const junk = 'j'.repeat(100_000);
  let served = 0;
  for (let round = 0; round < 500; round++) {
    const answers = await Promise.all([
      search({ junk, selectedCurr: usd, sortBy: 'title' }),
      search({ selectedCurr: usd }, `limit=12&page=1&keyword=${round}${'k'.repeat(190)}`),
      search({ selectedCurr: usd, filterOptions: Array.from({ length: 200 }, () => randomUUID()) }),
      search({ selectedCurr: usd, basePrice: { gte: round, lte: round + 1 } }, `limit=12&page=${(round % 50) + 1}&z=${'q'.repeat(4_000)}`),
    ]);
    for (const a of answers) expect(a.status).toBe(200);
    served += answers.length;
    // The keys (up to 7.6 KB of option ids each) are inside the count, and the count inside the budget.
    expect(kept().keyBytes).toBeGreaterThan(0);
    expect(kept().keyBytes).toBeLessThanOrEqual(kept().bytes);
    expect(kept().bytes).toBeLessThanOrEqual(BUDGET);
  }
  expect(served).toBe(2_000);
  // Everything kept fits the budget, and the junk added nothing beyond it.
  expect(kept().bytes).toBeLessThanOrEqual(BUDGET);
  expect(kept().entries).toBeLessThan(2_000);
});

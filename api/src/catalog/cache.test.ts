import { CatalogCache, cacheBudgetBytes } from './cache';

// The catalogue cache's memory: a budget in bytes, least recently used answers first out. Its
// freshness (versions, read-your-writes, other processes' writes) is freshness.test.ts's.

const version = { current: async () => 1 };
const answer = (length: number) => async () => ({ bytes: Buffer.alloc(length, 'x') });
/** An answer of 1,000 bytes is counted as 2,012 (room for its compressed copies and the entry). */
const COUNTED = 1_000 * 1.5 + 512;

test('answers are counted by their size, and the least recently used go first beyond the budget', async () => {
  const cache = new CatalogCache(version, 30_000, 3 * COUNTED);
  for (const k of ['a', 'b', 'c']) await cache.remember([k], answer(1_000));
  expect(cache.size).toEqual({ entries: 3, bytes: 3 * COUNTED });
  // a is used again: b is now the least recently used.
  await cache.remember(['a'], answer(1_000));
  await cache.remember(['d'], answer(1_000));
  await Promise.resolve();
  expect(cache.size).toEqual({ entries: 3, bytes: 3 * COUNTED });
  const { misses } = cache;
  await cache.remember(['a'], answer(1_000));
  await cache.remember(['c'], answer(1_000));
  await cache.remember(['d'], answer(1_000));
  expect(cache.misses).toBe(misses);
  await cache.remember(['b'], answer(1_000));
  expect(cache.misses).toBe(misses + 1);
});

test('a large answer makes room by sending out several small ones; failures are not kept nor counted', async () => {
  const cache = new CatalogCache(version, 30_000, 4 * COUNTED);
  for (const k of ['a', 'b', 'c', 'd']) await cache.remember([k], answer(1_000));
  await cache.remember(['list'], answer(2_000));
  await Promise.resolve();
  expect(cache.size).toEqual({ entries: 3, bytes: 2 * COUNTED + (3_000 + 512) });
  await expect(cache.remember(['broken'], async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  await Promise.resolve();
  expect(cache.size).toEqual({ entries: 3, bytes: 2 * COUNTED + 3_512 });
});

test('an answer over the whole budget is still kept alone, and a stale entry is replaced, not counted twice', async () => {
  let v = 1;
  const cache = new CatalogCache({ current: async () => v }, 30_000, 1_000);
  await cache.remember(['huge'], answer(10_000));
  await Promise.resolve();
  expect(cache.size.entries).toBe(1);
  v = 2;
  await cache.remember(['huge'], answer(10_000));
  await Promise.resolve();
  expect(cache.size).toEqual({ entries: 1, bytes: 15_512 });
});

test('CATALOG_CACHE_MB sets the budget, 32 MB by default', () => {
  expect(cacheBudgetBytes({})).toBe(32 * 1024 * 1024);
  expect(cacheBudgetBytes({ CATALOG_CACHE_MB: '8' })).toBe(8 * 1024 * 1024);
  expect(cacheBudgetBytes({ CATALOG_CACHE_MB: 'lots' })).toBe(32 * 1024 * 1024);
});

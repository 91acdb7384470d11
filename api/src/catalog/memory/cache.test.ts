import { CatalogCache, ENTRY_BYTES, FOUND_NOTHING_MAX, cacheBudgetBytes, foundNothing, keyBytes } from './cache';

// The catalogue cache's memory: a budget in bytes, least recently used answers first out. Its
// freshness (versions, read-your-writes, other processes' writes) is freshness.test.ts's.

const version = { current: async () => 1 };
/** An answer kept as `length` bytes of gzip. */
const answer = (length: number) => async () => ({ body: Buffer.alloc(length, 'x'), gzipped: true });
/** An answer kept as 1,000 bytes under a one-letter key ('["a"]') is counted as those, the entry's own and its key's. */
const COUNTED = 1_000 + ENTRY_BYTES + '["a"]'.length;

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
  expect(cache.size).toEqual({ entries: 3, bytes: 2 * COUNTED + (2_000 + ENTRY_BYTES + '["list"]'.length) });
  await expect(cache.remember(['broken'], async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  await Promise.resolve();
  expect(cache.size).toEqual({ entries: 3, bytes: 2 * COUNTED + 2_000 + ENTRY_BYTES + '["list"]'.length });
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
  expect(cache.size).toEqual({ entries: 1, bytes: 10_000 + ENTRY_BYTES + '["huge"]'.length });
});

test('CATALOG_CACHE_MB sets the budget, 384 MB by default', () => {
  expect(cacheBudgetBytes({})).toBe(384 * 1024 * 1024);
  expect(cacheBudgetBytes({ CATALOG_CACHE_MB: '8' })).toBe(8 * 1024 * 1024);
  expect(cacheBudgetBytes({ CATALOG_CACHE_MB: 'lots' })).toBe(384 * 1024 * 1024);
});

test('an answer that does not change with time is kept past the ttl; others are made again', async () => {
  const cache = new CatalogCache(version, 0);
  await cache.remember(['product'], answer(1_000), Infinity);
  await cache.remember(['on sale'], answer(1_000));
  const { misses } = cache;
  await cache.remember(['product'], answer(1_000), Infinity);
  expect(cache.misses).toBe(misses);
  await cache.remember(['on sale'], answer(1_000));
  expect(cache.misses).toBe(misses + 1);
});

test('a value kept from elsewhere is served under its version only, and replaces an older entry', async () => {
  let v = 1;
  const cache = new CatalogCache({ current: async () => v }, 30_000);
  cache.keep(JSON.stringify(['p']), 1, 'read in bulk');
  expect(cache.has(JSON.stringify(['p']), 1)).toBe(true);
  await expect(cache.remember(['p'], async () => 'read alone')).resolves.toBe('read in bulk');
  v = 2;
  expect(cache.has(JSON.stringify(['p']), 2)).toBe(false);
  await expect(cache.remember(['p'], async () => 'read alone')).resolves.toBe('read alone');
  cache.keep(JSON.stringify(['p']), 2, 'read in bulk again');
  await Promise.resolve();
  expect(cache.size.entries).toBe(1);
  await expect(cache.remember(['p'], async () => 'read alone')).resolves.toBe('read in bulk again');
});

test('a key counts as memory: thousands of long keys a visitor chose stay within the budget', async () => {
  const budget = 200_000;
  const cache = new CatalogCache(version, 30_000, budget);
  for (let i = 0; i < 3_000; i++) {
    await cache.remember(['filter', `${i}-${'k'.repeat(8_000)}`], answer(10));
    expect(cache.size.bytes).toBeLessThanOrEqual(budget);
  }
  // Each kept entry is counted with its 8 KB key, so only a couple dozen fit.
  expect(cache.size.entries).toBeLessThanOrEqual(Math.ceil(budget / 8_000));
  expect(keyBytes('€'.repeat(10))).toBe(20);
});

test('a flood of searches that found nothing never sends a real page out, and stays in its small pool', async () => {
  const budget = 20 * COUNTED;
  const cache = new CatalogCache(version, 30_000, budget);
  // The budget filled with real pages, none read again since.
  for (let i = 0; i < 19; i++) await cache.answer(['page', i], async () => ({ title: `Ring ${i}`, text: 'x'.repeat(900) }));
  const { misses } = cache;
  for (let i = 0; i < 5_000; i++) {
    await cache.answer(['filter', { keyword: `zzq${i}-${'j'.repeat(200)}` }], async () => ({ items: [], itemCount: 0, page: 1, limit: 20 }));
    await cache.remember(['count', `junk ${i}`], async () => 0);
  }
  expect(cache.foundNothingSize.entries).toBeLessThanOrEqual(FOUND_NOTHING_MAX);
  // A sixty-fourth of the budget, or the one newest entry alone (a count is reckoned as 4 KB).
  const pool = Math.max(budget / 64, 4_096 + 300);
  expect(cache.foundNothingSize.bytes).toBeLessThanOrEqual(pool);
  expect(cache.size.bytes).toBeLessThanOrEqual(budget);
  for (let i = 0; i < 19; i++) await cache.answer(['page', i], async () => ({ title: 'made again' }));
  expect(cache.misses).toBe(misses + 10_000);
});

test('an empty answer asked again is served from the pool; real answers still take the budget (a page asked twice is kept)', async () => {
  const cache = new CatalogCache(version, 30_000, 1_000_000);
  await cache.answer(['suggest', 'gold anklet'], async () => ({ products: [], options: [] }));
  await cache.answer(['page', 'ring'], async () => ({ title: 'Ring' }));
  const { misses } = cache;
  await cache.answer(['suggest', 'gold anklet'], async () => ({ products: [], options: [] }));
  await cache.answer(['page', 'ring'], async () => ({ title: 'Ring' }));
  expect(cache.misses).toBe(misses);
  expect(cache.foundNothingSize.entries).toBe(1);
  expect(foundNothing({ items: [{ _id: 'p1' }], itemCount: 1 })).toBe(false);
  expect(foundNothing({ title: 'Ring' })).toBe(false);
  expect(foundNothing([])).toBe(true);
});

test('keptAt answers only what is kept under exactly the version asked for, with no load; keepAt never replaces a later one', async () => {
  let v = 5;
  const cache = new CatalogCache({ current: async () => v }, 30_000);
  expect(cache.keptAt(['setup'], 5)).toBeUndefined();
  await cache.remember(['setup'], async () => 'five');
  await expect(cache.keptAt(['setup'], 5)).resolves.toBe('five');
  // A transaction that read another version takes nothing kept under 5.
  expect(cache.keptAt(['setup'], 4)).toBeUndefined();
  expect(cache.keptAt(['setup'], 6)).toBeUndefined();
  // What a transaction read at 6 is kept under 6, and served to readers once the memory is at 6.
  cache.keepAt(['setup'], 6, 'six');
  await expect(cache.keptAt(['setup'], 6)).resolves.toBe('six');
  v = 6;
  await expect(cache.remember(['setup'], async () => 'made again')).resolves.toBe('six');
  // A slower transaction that read 5 does not put its older read back over 6's.
  cache.keepAt(['setup'], 5, 'five again');
  await expect(cache.keptAt(['setup'], 6)).resolves.toBe('six');
  expect(cache.keptAt(['setup'], 5)).toBeUndefined();
  // A whole answer, by its own key.
  await cache.answer(['slug', 'ring'], async () => ({ title: 'Ring' }), true);
  expect(cache.answerAt(['slug', 'ring'], 6)).toBeDefined();
  expect(cache.answerAt(['slug', 'ring'], 7)).toBeUndefined();
});

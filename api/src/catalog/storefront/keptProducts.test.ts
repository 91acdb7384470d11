import { keepBody } from '../../lib/compression';
import type { Queryable } from '../../db/client';
import { cacheBudgetBytes } from '../memory/cache';
import { keptProducts, PARSED_SHARE } from './keptProducts';

// Issue 43: a cart's products are parsed from the kept product pages once and kept parsed while the page is
// the one kept, within a memory counted in bytes; read again in a cycle, a cart of many products is
// served from that memory when it fits (the fixed 16 MB of before kept none of 2,000 read in turn).
const noDb = {} as Queryable; // every product is kept: nothing is read from the database

/** A shop of `count` products whose pages are kept (each ~`length` bytes of JSON), and its parsed memory (parsedBytes: the default's when not given). */
function shopOf(count: number, length: number, parsedBytes?: number) {
  const ids = Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const pages = new Map(ids.map((id, i) => [`piece-${i}`, keepBody(Buffer.from(JSON.stringify({ _id: id, slug: `piece-${i}`, title: `Piece ${i}`, description: `${i} `.repeat(length).slice(0, length) })))]));
  const shop = { ids, pagesRead: 0 };
  const page = (slug: string) => {
    shop.pagesRead++;
    return Promise.resolve(pages.get(slug)!);
  };
  return { ...shop, shop, ...keptProducts(noDb, (id) => `piece-${ids.indexOf(id)}`, page, { withStock: true }, () => page, parsedBytes) };
}

/** How many products a second read of all of them answers with the objects of the first (parsed once). */
async function sameOnSecondRead({ ids, byId }: ReturnType<typeof shopOf>) {
  const first = await byId(ids);
  const again = await byId(ids);
  return ids.filter((id) => first.get(id) === again.get(id)).length;
}

test('a cycle of products that fits the memory is parsed once: the second read answers the same objects', async () => {
  const s = shopOf(40, 2_000, 1024 * 1024);
  expect(await sameOnSecondRead(s)).toBe(s.ids.length);
  expect(s.shop.pagesRead).toBe(2 * s.ids.length);
  expect((await s.byId([s.ids[3]])).get(s.ids[3])).toMatchObject({ _id: s.ids[3], title: 'Piece 3' });
});

test('a cycle larger than the memory is parsed again (least recently used first), and answered all the same', async () => {
  const s = shopOf(40, 2_000, 10 * 2 * 2_100);
  expect(await sameOnSecondRead(s)).toBe(0);
  const all = await s.byId(s.ids);
  expect([...all.keys()].sort()).toEqual([...s.ids].sort());
});

test('products kept under a version come from the same parsed memory', async () => {
  const { ids, byId, at } = shopOf(40, 2_000, 1024 * 1024);
  const first = await byId(ids.slice(0, 5));
  const kept = await at(7)(ids.slice(0, 5));
  expect(ids.slice(0, 5).every((id) => kept.get(id) === first.get(id))).toBe(true);
});

test('by default (a share of CATALOG_CACHE_MB) a cycle of 2,000 products of ~3 KB, as the preview bench reads them, is parsed once', async () => {
  expect(PARSED_SHARE).toBeGreaterThan(0);
  expect(cacheBudgetBytes()).toBe(384 * 1024 * 1024);
  const s = shopOf(2_000, 2_900);
  expect(await sameOnSecondRead(s)).toBe(s.ids.length);
});

import { keepBody, type KeptBody } from '../../lib/compression';
import type { Queryable } from '../../db/client';
import { cacheBudgetBytes } from '../memory/cache';
import { keptProducts, PARSED_SHARE } from './keptProducts';

// Issue 43: a cart's products are parsed from the kept product pages once and kept parsed while the page is
// the one kept, within a memory counted in bytes; read again in a cycle, a cart of many products is
// served from that memory when it fits (the fixed 16 MB of before kept none of 2,000 read in turn).
const ids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const pages = new Map<string, KeptBody>(
  ids.map((id, i) => [`piece-${i}`, keepBody(Buffer.from(JSON.stringify({ _id: id, slug: `piece-${i}`, title: `Piece ${i}`, description: 'x'.repeat(2_000) })))]),
);
const noDb = {} as Queryable; // every product is kept: nothing is read from the database
let pagesRead = 0;
const memoryOf = (parsedBytes: number) =>
  keptProducts(
    noDb,
    (id) => `piece-${ids.indexOf(id)}`,
    async (slug) => {
      pagesRead++;
      return pages.get(slug)!;
    },
    { withStock: true },
    () => (slug) => Promise.resolve(pages.get(slug)!),
    parsedBytes,
  );

async function readInCycles(byId: ReturnType<typeof memoryOf>['byId']) {
  const first = await byId(ids);
  const again = await byId(ids);
  return ids.filter((id) => first.get(id) === again.get(id)).length;
}

test('a cycle of products that fits the memory is parsed once: the second read answers the same objects', async () => {
  pagesRead = 0;
  const { byId } = memoryOf(1024 * 1024);
  expect(await readInCycles(byId)).toBe(ids.length);
  expect(pagesRead).toBe(2 * ids.length);
  expect((await byId([ids[3]])).get(ids[3])).toMatchObject({ _id: ids[3], title: 'Piece 3' });
});

test('a cycle larger than the memory is parsed again (least recently used first), and answered all the same', async () => {
  const { byId } = memoryOf(10 * 2 * 2_100);
  expect(await readInCycles(byId)).toBe(0);
  const all = await byId(ids);
  expect([...all.keys()].sort()).toEqual([...ids].sort());
});

test('products kept under a version come from the same parsed memory', async () => {
  const { byId, at } = memoryOf(1024 * 1024);
  const first = await byId(ids.slice(0, 5));
  const kept = await at(7)(ids.slice(0, 5));
  expect(ids.slice(0, 5).every((id) => kept.get(id) === first.get(id))).toBe(true);
});

test('by default (a share of CATALOG_CACHE_MB) a cycle of 2,000 products of ~3 KB, as the preview bench reads them, is parsed once', async () => {
  expect(PARSED_SHARE).toBeGreaterThan(0);
  const many = Array.from({ length: 2_000 }, (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`);
  const bodies = new Map(many.map((id, i) => [id, keepBody(Buffer.from(JSON.stringify({ _id: id, slug: `many-${i}`, title: `Piece ${i}`, description: `${i} `.repeat(1_400).slice(0, 2_900) })))]));
  const slugs = new Map(many.map((id, i) => [`many-${i}`, id]));
  const page = (slug: string) => Promise.resolve(bodies.get(slugs.get(slug)!)!);
  const { byId } = keptProducts(noDb, (id) => `many-${many.indexOf(id)}`, page, { withStock: true }, () => page);
  expect(cacheBudgetBytes()).toBe(384 * 1024 * 1024);
  const first = await byId(many);
  const again = await byId(many);
  expect(many.filter((id) => first.get(id) === again.get(id)).length).toBe(many.length);
});

// Filtered searches without a keyword are answered from memory (facets.ts): they must be the very
// pages and counts the database makes, for any price range, options (several of one filter, products
// with none), sort and page, with products without a price in the currency, prices of 0, equal prices
// and equal creation times; and never from a catalogue that has changed since the index was built.
import { startTestApp, type TestApp } from '../../test/harness';
import { searchProductIds } from '../storefront/queries';
import { FacetIndex, type FacetQuery, type FacetSearch } from './facets';
import { facetLists } from './queries';

let t: TestApp;
let currencies: string[];
let groups: string[][];

/** A small deterministic generator. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  currencies = [(await t.currency('USD', '$'))._id, (await t.currency('EUR', '€'))._id];
  groups = [];
  for (const [name, options] of [
    ['Material', ['Gold', 'Silver', 'Platinum']],
    ['Stone', ['Ruby', 'Pearl', 'Opal', 'Jade']],
  ] as const) {
    const f = await t.call('POST', '/api/filter', { token: t.adminToken, body: { name, filterOptions: options } });
    expect(f.status).toBe(201);
    groups.push(f.body.filterOptions.map((o: { _id: string }) => o._id));
  }
  const random = lcg(7);
  for (let i = 0; i < 40; i++) {
    // Some products have no price in a currency, some cost 0, many the same; some have no option, or two of a filter.
    const basePrice = currencies.flatMap((currType) => (random(5) === 0 ? [] : [{ currType, amount: random(6) === 0 ? 0 : 10 * random(30) }]));
    const filterOptions = groups.flatMap((g) => g.filter(() => random(3) === 0));
    await t.product({ title: `Jewel ${i}`, basePrice, filterOptions });
  }
  // Creation-time ties: the shop then orders by id.
  await t.ctx.db.query(`UPDATE products SET created_at = '2026-01-01T00:00:00.123456Z' WHERE title = ANY($1)`, [['Jewel 3', 'Jewel 9', 'Jewel 17', 'Jewel 30']]);
});
afterAll(() => t.close());

/** What the database answers (no facets given: SQL only). */
const sqlSearch = (f: FacetSearch) =>
  searchProductIds(t.ctx.db, { currencyId: f.currencyId, optionGroups: f.optionGroups, gte: f.gte, lte: f.lte, sortBy: f.sortBy, limit: f.limit, offset: f.offset });
const sqlCount = async (f: FacetQuery) => (await sqlSearch({ ...f, sortBy: '-createdAt', limit: 1, offset: 0 })).total;

test('the index pages and counts every range, option choice and sort as the database does', async () => {
  const index = await FacetIndex.fromLists(await facetLists(t.ctx.db));
  expect(index.total).toBe(40);
  const random = lcg(11);
  const pick = (g: string[]) => g.filter(() => random(2) === 0);
  const bound = () => [undefined, 0, random(30_000), random(30_000)][random(4)];
  let nonZero = 0;
  for (let i = 0; i < 120; i++) {
    const optionGroups = [pick(groups[0]), pick(groups[1])].filter((g) => g.length && random(3) > 0);
    let [gte, lte] = [bound(), bound()];
    if (gte !== undefined && lte !== undefined && gte > lte) [gte, lte] = [lte, gte];
    const sortBy = ['-createdAt', 'basePrice', '-basePrice'][random(3)];
    const f: FacetSearch = { currencyId: currencies[random(2)], optionGroups, gte, lte, sortBy, limit: 1 + random(6), offset: [0, 0, random(8)][random(3)] };
    const expected = await sqlSearch(f);
    if (expected.total > 0) nonZero++;
    expect([f, index.search(f)]).toEqual([f, expected]);
    expect(index.count(f)).toBe(expected.total);
  }
  expect(nonZero).toBeGreaterThan(60); // the cases are not all empty
  // An option no product has, an unknown currency (every product unpriced, counted as 0).
  expect(index.count({ currencyId: currencies[0], optionGroups: [['00000000-0000-4000-8000-000000000000']] })).toBe(0);
  expect(index.count({ currencyId: '00000000-0000-4000-8000-000000000000', optionGroups: [], gte: 0, lte: 10 })).toBe(40);
  expect(index.count({ currencyId: null, optionGroups: [], gte: 1 })).toBe(0);
  const unknown: FacetSearch = { currencyId: '00000000-0000-4000-8000-000000000000', optionGroups: [groups[0]], gte: 0, sortBy: '-basePrice', limit: 5, offset: 1 };
  expect(index.search(unknown)).toEqual(await sqlSearch(unknown));
  // Every product in price order, both ways: the unpriced ones first going up, last going down.
  const unpriced = (await t.ctx.db.query<{ id: string }>(`SELECT id FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.currency_id = $1)`, [currencies[0]])).map((r) => r.id);
  expect(unpriced.length).toBeGreaterThan(1);
  for (const sortBy of ['basePrice', '-basePrice']) {
    const all: FacetSearch = { currencyId: currencies[0], optionGroups: [], gte: 0, sortBy, limit: 40, offset: 0 };
    const expected = await sqlSearch(all);
    expect(index.search(all)).toEqual(expected);
    const ends = sortBy === 'basePrice' ? expected.ids.slice(0, unpriced.length) : expected.ids.slice(-unpriced.length);
    expect(new Set(ends)).toEqual(new Set(unpriced));
  }
  // By title: the database's collation decides, so the database answers.
  expect(index.search({ ...unknown, sortBy: 'title' })).toBeNull();
});

test('the shop answers from the index once it is built, and a change on the very next search', async () => {
  const search = (body: object) => t.call('POST', '/api/product/filter?limit=12&page=1', { body: { sortBy: 'basePrice', selectedCurr: currencies[0], ...body } });
  const f = { filterOptions: [groups[0][0], groups[1][1]], basePrice: { gte: 1, lte: 250 } };
  const expected = await sqlCount({ currencyId: currencies[0], optionGroups: [[groups[0][0]], [groups[1][1]]], gte: 100, lte: 25_000 });
  const end = Date.now() + 10_000;
  while (t.ctx.catalog.memory.status().facets.building && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(t.ctx.catalog.memory.status().facets.building).toBe(false);
  const inMemory = await t.ctx.catalog.memory.search({ currencyId: currencies[0], optionGroups: [[groups[0][0]], [groups[1][1]]], gte: 100, lte: 25_000, sortBy: 'basePrice', offset: 0, limit: 12 });
  expect(inMemory?.total).toBe(expected);
  const before = await search(f);
  expect(before.body.itemCount).toBe(expected);
  expect(before.body.items.map((p: { _id: string }) => p._id)).toEqual(inMemory?.ids);
  // A new product that matches, the cheapest: shown and counted at once, though the index has not been built again yet.
  const cheapest = await t.product({ title: 'New Jewel', basePrice: [{ currType: currencies[0], amount: 1 }], filterOptions: [groups[0][0], groups[1][1]] });
  const after = await search(f);
  expect(after.body.itemCount).toBe(expected + 1);
  expect(after.body.items[0]._id).toBe(cheapest._id);
});

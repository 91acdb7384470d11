// The counts of searches without a keyword come from memory (facets.ts): they must be the very
// counts the database makes, for any price range and options (several options of one filter, products
// with none, products without a price in the currency, a price of 0), and never from a catalogue
// that has changed since the index was built.
import { startTestApp, type TestApp } from '../test/harness';
import { FacetIndex, type FacetQuery } from './facets';
import { facetLists, searchProductIds } from './queries';

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
    // Some products have no price in a currency, some cost 0; some have no option, or two of a filter.
    const basePrice = currencies.flatMap((currType) => (random(5) === 0 ? [] : [{ currType, amount: random(6) === 0 ? 0 : random(300) }]));
    const filterOptions = groups.flatMap((g) => g.filter(() => random(3) === 0));
    await t.product({ title: `Jewel ${i}`, basePrice, filterOptions });
  }
});
afterAll(() => t.close());

/** What the database counts (no facets given: SQL only). */
const sqlCount = async (f: FacetQuery) =>
  (await searchProductIds(t.ctx.db, { currencyId: f.currencyId, optionGroups: f.optionGroups, gte: f.gte, lte: f.lte, sortBy: '-createdAt', limit: 1, offset: 0 })).total;

test('the index counts every range and option choice as the database does', async () => {
  const index = FacetIndex.fromLists(await facetLists(t.ctx.db));
  expect(index.total).toBe(40);
  const random = lcg(11);
  const pick = (g: string[]) => g.filter(() => random(2) === 0);
  const bound = () => [undefined, 0, random(30_000), random(30_000)][random(4)];
  let nonZero = 0;
  for (let i = 0; i < 80; i++) {
    const optionGroups = [pick(groups[0]), pick(groups[1])].filter((g) => g.length && random(3) > 0);
    let [gte, lte] = [bound(), bound()];
    if (gte !== undefined && lte !== undefined && gte > lte) [gte, lte] = [lte, gte];
    const f: FacetQuery = { currencyId: currencies[random(2)], optionGroups, gte, lte };
    const expected = await sqlCount(f);
    if (expected > 0) nonZero++;
    expect([f, index.count(f)]).toEqual([f, expected]);
  }
  expect(nonZero).toBeGreaterThan(40); // the cases are not all empty
  // An option no product has, an unknown currency (every product unpriced, counted as 0).
  expect(index.count({ currencyId: currencies[0], optionGroups: [['00000000-0000-4000-8000-000000000000']] })).toBe(0);
  expect(index.count({ currencyId: '00000000-0000-4000-8000-000000000000', optionGroups: [], gte: 0, lte: 10 })).toBe(40);
  expect(index.count({ currencyId: null, optionGroups: [], gte: 1 })).toBe(0);
});

test('the shop counts from the index once it is built, and counts a change on the very next search', async () => {
  const search = (body: object) => t.call('POST', '/api/product/filter?limit=12&page=1', { body: { sortBy: 'basePrice', selectedCurr: currencies[0], ...body } });
  const f = { filterOptions: [groups[0][0], groups[1][1]], basePrice: { gte: 1, lte: 250 } };
  const expected = await sqlCount({ currencyId: currencies[0], optionGroups: [[groups[0][0]], [groups[1][1]]], gte: 100, lte: 25_000 });
  const end = Date.now() + 10_000;
  while (t.ctx.catalogFacets.building && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(t.ctx.catalogFacets.building).toBe(false);
  expect(await t.ctx.catalogFacets.count({ currencyId: currencies[0], optionGroups: [[groups[0][0]], [groups[1][1]]], gte: 100, lte: 25_000 })).toBe(expected);
  expect((await search(f)).body.itemCount).toBe(expected);
  // A new product that matches: counted at once, though the index has not been built again yet.
  await t.product({ title: 'New Jewel', basePrice: [{ currType: currencies[0], amount: 120 }], filterOptions: [groups[0][0], groups[1][1]] });
  expect((await search(f)).body.itemCount).toBe(expected + 1);
});

// Search paths that depend on what is in the catalogue: products without a price in the selected
// currency (they count as the cheapest, 0), keywords as words (wordSearch.test.ts has the rest), and
// the counts kept by triggers (migration 004).
import { startTestApp, type TestApp } from '../../test/harness';
import { searchProducts, type SearchMemory } from './service';

let t: TestApp;
let usd: { _id: string };
const day = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  await t.product({ title: 'Pearl Brooch', description: 'vintage', tags: ['brooch'], basePrice: [{ currType: usd._id, amount: 40 }], createdAt: at(3) });
  await t.product({ title: 'Onyx Cufflinks', description: 'black', tags: ['men'], basePrice: [{ currType: usd._id, amount: 0 }], createdAt: at(2) });
  await t.product({ title: 'Topaz Bangle', description: 'golden', tags: ['bangle'], basePrice: [{ currType: usd._id, amount: 250 }], createdAt: at(1) });
});
afterAll(() => t.close());

const search = (query: string, body: object = {}) => t.call('POST', `/api/product/filter?limit=12&page=1&${query}`, { body });
const titles = (r: any) => r.body.items.map((p: any) => p.title);

test('every product priced: price sorts and ranges, with exact counts', async () => {
  expect(titles(await search('', { sortBy: 'basePrice', selectedCurr: usd._id }))).toEqual(['Onyx Cufflinks', 'Pearl Brooch', 'Topaz Bangle']);
  expect(titles(await search('', { sortBy: '-basePrice', selectedCurr: usd._id }))).toEqual(['Topaz Bangle', 'Pearl Brooch', 'Onyx Cufflinks']);
  const r = await search('', { sortBy: 'basePrice', selectedCurr: usd._id, basePrice: { gte: 0, lte: 40 } });
  expect(titles(r)).toEqual(['Onyx Cufflinks', 'Pearl Brooch']);
  expect(r.body.itemCount).toBe(2);
  expect((await search('', { selectedCurr: usd._id, basePrice: { gte: 0.01 } })).body).toMatchObject({ itemCount: 2 });
  const withKeyword = await search('keyword=topaz%20or%20pearl%20or%20onyx', { selectedCurr: usd._id, basePrice: { gte: 1 }, sortBy: '-basePrice' });
  expect(titles(withKeyword)).toEqual(['Topaz Bangle', 'Pearl Brooch']);
  expect(withKeyword.body.itemCount).toBe(2);
  expect((await search('')).body.itemCount).toBe(3);
});

test('a product without a price in the currency sorts as the cheapest and matches a range only when it holds 0', async () => {
  const eur = await t.currency('EUR', '€');
  const charm = await t.product({ title: 'Coral Charm', description: 'pink', tags: ['charm'], basePrice: [{ currType: eur._id, amount: 5 }], createdAt: at(0.5) });
  expect(titles(await search('', { sortBy: 'basePrice', selectedCurr: usd._id }))).toEqual(['Coral Charm', 'Onyx Cufflinks', 'Pearl Brooch', 'Topaz Bangle']);
  expect(titles(await search('', { sortBy: '-basePrice', selectedCurr: usd._id }))).toEqual(['Topaz Bangle', 'Pearl Brooch', 'Onyx Cufflinks', 'Coral Charm']);
  const holdsZero = await search('', { sortBy: 'basePrice', selectedCurr: usd._id, basePrice: { lte: 40 } });
  expect(titles(holdsZero)).toEqual(['Coral Charm', 'Onyx Cufflinks', 'Pearl Brooch']);
  expect(holdsZero.body.itemCount).toBe(3);
  const aboveZero = await search('', { sortBy: 'basePrice', selectedCurr: usd._id, basePrice: { gte: 1 } });
  expect(titles(aboveZero)).toEqual(['Pearl Brooch', 'Topaz Bangle']);
  expect(aboveZero.body.itemCount).toBe(2);
  expect(titles(await search('', { sortBy: '-createdAt', selectedCurr: usd._id, basePrice: { gte: 0, lte: 0 } }))).toEqual(['Coral Charm', 'Onyx Cufflinks']);
  // The other currency: only the charm has a price, the rest count as 0.
  expect(titles(await search('', { sortBy: '-basePrice', selectedCurr: eur._id }))[0]).toBe('Coral Charm');
  // Priced again: the fast path gives the same order.
  await t.call('PUT', `/api/product/${charm._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 1 }, { currType: eur._id, amount: 5 }] } });
  expect(titles(await search('', { sortBy: 'basePrice', selectedCurr: usd._id }))).toEqual(['Onyx Cufflinks', 'Coral Charm', 'Pearl Brooch', 'Topaz Bangle']);
  await t.call('DELETE', `/api/product/${charm._id}`, { token: t.adminToken });
});

test("keyword: words, each in any field; parts of words only as a typo's correction", async () => {
  expect(titles(await search('keyword=BROOCH'))).toEqual(['Pearl Brooch']);
  expect(titles(await search('keyword=bangle'))).toEqual(['Topaz Bangle']);
  expect(titles(await search('keyword=cufflinks%20black'))).toEqual(['Onyx Cufflinks']); // the title + the description
  expect(titles(await search('keyword=en'))).toEqual([]); // not a word of golden or men
  expect((await search('keyword=vint')).body.itemCount).toBe(1); // like 'vintage' (the typo fallback)
});

test('counts kept by triggers follow inserts, deletes and new currencies', async () => {
  const counts = async () => t.ctx.db.one<{ products: number; unpriced: number }>(
    `SELECT (SELECT products FROM catalog_counts) AS products, (SELECT sum(products) FROM unpriced_counts)::int AS unpriced`,
  );
  const real = async () => t.ctx.db.one<{ products: number; unpriced: number }>(
    `SELECT (SELECT count(*) FROM products)::int AS products,
            (SELECT count(*) FROM products p CROSS JOIN currencies c WHERE NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.currency_id = c.id))::int AS unpriced`,
  );
  expect(await counts()).toEqual(await real());
  const gbp = await t.currency('GBP', '£');
  expect(await counts()).toEqual(await real());
  const p = await t.product({ title: 'Amber Ring', basePrice: [{ currType: gbp._id, amount: 9 }] });
  expect(await counts()).toEqual(await real());
  await t.call('PUT', `/api/product/${p._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 9 }] } });
  expect(await counts()).toEqual(await real());
  await t.call('DELETE', `/api/product/${p._id}`, { token: t.adminToken });
  await t.call('DELETE', `/api/currencies/${gbp._id}`, { token: t.adminToken });
  expect(await counts()).toEqual(await real());
  expect((await search('')).body.itemCount).toBe(3);
});

test('the pages of one search share its count (kept by the catalogue cache)', async () => {
  const kept = new Map<string, Promise<unknown>>();
  let loads = 0;
  const remember: SearchMemory['remember'] = (key, load) => {
    const k = JSON.stringify(key);
    if (!kept.has(k)) {
      if (key[0] === 'count') loads++;
      kept.set(k, load());
    }
    return kept.get(k) as Promise<any>;
  };
  const page = (n: number) => searchProducts(t.ctx.db, { keyword: 'pearl or onyx or topaz', limit: 1, page: n, sortBy: 'title' }, { remember, search: async () => null, searchWords: async () => null });
  const [one, two] = [await page(1), await page(2)];
  expect([one.itemCount, two.itemCount]).toEqual([3, 3]);
  expect([one.items[0].title, two.items[0].title]).toEqual(['Onyx Cufflinks', 'Pearl Brooch']);
  expect(loads).toBe(1);
});

import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
let gold: string, silver: string, diamond: string, ruby: string;
const P = (usdAmount: number, eurAmount: number) => [{ currType: usd._id, amount: usdAmount }, { currType: eur._id, amount: eurAmount }];

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
  const material = (await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Material', filterOptions: [{ name: 'Gold' }, { name: 'Silver' }] } })).body;
  const stone = (await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Stone', filterOptions: [{ name: 'Diamond' }, { name: 'Ruby' }] } })).body;
  [gold, silver] = material.filterOptions.map((o: any) => o._id);
  [diamond, ruby] = stone.filterOptions.map((o: any) => o._id);
  const day = 86400000;
  await t.product({ title: 'Gold Diamond Ring', description: 'brilliant', tags: ['New', 'ring'], basePrice: P(500, 450), filterOptions: [gold, diamond], createdAt: new Date(Date.now() - 4 * day) });
  await t.product({ title: 'Silver Ruby Ring', description: 'red stone', tags: ['ring'], basePrice: P(120, 130), filterOptions: [silver, ruby], createdAt: new Date(Date.now() - 3 * day) });
  await t.product({ title: 'Gold Ruby Pendant', description: 'a PENDANT', tags: ['pendant'], basePrice: P(300.5, 280), filterOptions: [gold, ruby], createdAt: new Date(Date.now() - 2 * day) });
  await t.product({ title: 'Anklet 100%_off', description: 'chain', tags: ['Sale'], basePrice: P(49.99, 45), createdAt: new Date(Date.now() - 1 * day) });
});
afterAll(() => t.close());

const search = (query: string, body: object = {}) => t.call('POST', `/api/product/filter?${query}`, { body });
const titles = (r: any) => r.body.items.map((p: any) => p.title);

describe('POST /product/filter', () => {
  test('default: newest first, paginated with items, itemCount, page, limit', async () => {
    const r = await search('limit=2&page=1');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ itemCount: 4, page: 1, limit: 2 });
    expect(titles(r)).toEqual(['Anklet 100%_off', 'Gold Ruby Pendant']);
    expect(titles(await search('limit=2&page=2'))).toEqual(['Silver Ruby Ring', 'Gold Diamond Ring']);
    const past = await search('limit=2&page=9');
    expect(past.body).toMatchObject({ items: [], itemCount: 4, page: 9 });
  });

  test('the product shape of types.ts', async () => {
    const p = (await search('limit=12&page=1&keyword=diamond')).body.items[0];
    expect(p).toMatchObject({ title: 'Gold Diamond Ring', slug: 'gold-diamond-ring', isNew: true, tags: ['New', 'ring'], features: [], imageUrls: [], discounts: [], variants: [] });
    expect(p.basePrice).toEqual(P(500, 450));
    expect(p.filterOptions.sort()).toEqual([gold, diamond].sort());
    expect(typeof p._id).toBe('string');
  });

  test('keyword matches words of title, description and tags, case-insensitively; % and _ are no wildcards', async () => {
    expect(titles(await search('keyword=RING&limit=12&page=1'))).toEqual(['Silver Ruby Ring', 'Gold Diamond Ring']);
    expect(titles(await search('keyword=pendant&limit=12&page=1'))).toEqual(['Gold Ruby Pendant']);
    expect(titles(await search('keyword=sale&limit=12&page=1'))).toEqual(['Anklet 100%_off']);
    expect(titles(await search('keyword=100%25_off&limit=12&page=1'))).toEqual(['Anklet 100%_off']);
    expect(titles(await search('keyword=%25_&limit=12&page=1'))).toEqual([]);
    expect((await search('keyword=zzz&limit=12&page=1')).body).toMatchObject({ items: [], itemCount: 0 });
  });

  test('sorts: title, -title, basePrice, -basePrice in the selected currency', async () => {
    expect(titles(await search('limit=12&page=1', { sortBy: 'title' }))).toEqual(['Anklet 100%_off', 'Gold Diamond Ring', 'Gold Ruby Pendant', 'Silver Ruby Ring']);
    expect(titles(await search('limit=12&page=1', { sortBy: '-title' }))).toEqual(['Silver Ruby Ring', 'Gold Ruby Pendant', 'Gold Diamond Ring', 'Anklet 100%_off']);
    expect(titles(await search('limit=12&page=1', { sortBy: 'basePrice', selectedCurr: usd._id }))).toEqual(['Anklet 100%_off', 'Silver Ruby Ring', 'Gold Ruby Pendant', 'Gold Diamond Ring']);
    expect(titles(await search('limit=12&page=1', { sortBy: '-basePrice', selectedCurr: eur._id }))).toEqual(['Gold Diamond Ring', 'Gold Ruby Pendant', 'Silver Ruby Ring', 'Anklet 100%_off']);
  });

  test('price range compares the base price in the selected currency', async () => {
    expect(titles(await search('limit=12&page=1', { selectedCurr: usd._id, basePrice: { gte: 100, lte: 300.5 }, sortBy: 'basePrice' }))).toEqual(['Silver Ruby Ring', 'Gold Ruby Pendant']);
    expect(titles(await search('limit=12&page=1', { selectedCurr: eur._id, basePrice: { gte: 125, lte: 300 }, sortBy: 'basePrice' }))).toEqual(['Silver Ruby Ring', 'Gold Ruby Pendant']);
  });

  test('filter options: OR inside a filter, AND across filters', async () => {
    expect(titles(await search('limit=12&page=1', { filterOptions: [gold], sortBy: 'title' }))).toEqual(['Gold Diamond Ring', 'Gold Ruby Pendant']);
    expect(titles(await search('limit=12&page=1', { filterOptions: [gold, silver], sortBy: 'title' }))).toEqual(['Gold Diamond Ring', 'Gold Ruby Pendant', 'Silver Ruby Ring']);
    expect(titles(await search('limit=12&page=1', { filterOptions: [gold, ruby], sortBy: 'title' }))).toEqual(['Gold Ruby Pendant']);
    expect(titles(await search('limit=12&page=1', { filterOptions: [silver, diamond] }))).toEqual([]);
  });

  test('validation: bad sort, limit, page, negative prices are 400', async () => {
    expect((await search('limit=12&page=1', { sortBy: 'price' })).status).toBe(400);
    expect((await search('limit=0&page=1')).status).toBe(400);
    expect((await search('limit=12&page=-1')).status).toBe(400);
    expect((await search('limit=abc&page=1')).status).toBe(400);
    expect((await search('limit=12&page=1', { basePrice: { gte: -5 } })).status).toBe(400);
    expect((await search('limit=12&page=1', { filterOptions: 'gold' })).status).toBe(200); // coerced to a list; unknown ids match nothing
  });

  test('GET /product/filter (admin list) answers the same shape', async () => {
    const r = await t.call('GET', '/api/product/filter?keyword=&limit=12&page=1', { token: t.adminToken });
    expect(r.body).toMatchObject({ itemCount: 4, page: 1, limit: 12 });
  });
});

describe('other catalogue calls', () => {
  test('slugSearch: the product, or 404', async () => {
    expect((await t.call('GET', '/api/product/slugSearch/silver-ruby-ring')).body.title).toBe('Silver Ruby Ring');
    expect((await t.call('GET', '/api/product/slugSearch/nothing-here')).status).toBe(404);
  });

  test('hBasePrice: the highest base price, rounded up; unknown currency 404, bad id 400', async () => {
    expect((await t.call('GET', `/api/product/hBasePrice/${usd._id}`)).body).toBe(500);
    const extra = await t.product({ title: 'Pricy', basePrice: [{ currType: usd._id, amount: 500.01 }] });
    expect((await t.call('GET', `/api/product/hBasePrice/${usd._id}`)).body).toBe(501);
    await t.call('DELETE', `/api/product/${extra._id}`, { token: t.adminToken });
    expect((await t.call('GET', `/api/product/hBasePrice/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    expect((await t.call('GET', `/api/product/hBasePrice/usd`)).status).toBe(400);
  });

  test('home sections answer {type, products}', async () => {
    for (const type of ['featured', 'onSale', 'bestSeller']) {
      const r = await t.call('GET', `/api/product/${type}`);
      expect(r.status).toBe(200);
      expect(r.body.type).toBe(type);
      expect(Array.isArray(r.body.products)).toBe(true);
    }
    expect((await t.call('GET', '/api/product/featured')).body.products[0].title).toBe('Anklet 100%_off');
    expect((await t.call('GET', '/api/product/onSale')).body.products).toEqual([]);
    expect((await t.call('GET', '/api/product/popular')).status).toBe(400);
  });

  test('filters and currencies are public', async () => {
    const f = await t.call('GET', '/api/filter');
    expect(f.body.map((x: any) => x.name)).toEqual(['Material', 'Stone']);
    expect(f.body[0].filterOptions.map((o: any) => o.name)).toEqual(['Gold', 'Silver']);
    const c = await t.call('GET', '/api/currencies');
    expect(c.body).toEqual([{ _id: usd._id, name: 'USD money', code: 'USD', symbol: '$', pricesIncludeTax: false }, { _id: eur._id, name: 'EUR money', code: 'EUR', symbol: '€', pricesIncludeTax: false }]);
  });

  test('config: the wallet client id is null when unset', async () => {
    expect((await t.call('GET', '/api/config/getPaypalClient')).body).toEqual({ clientId: null });
  });
});

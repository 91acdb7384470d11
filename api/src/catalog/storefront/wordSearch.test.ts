// Search that understands words (issue 20), over the demo's 42 pieces: stems, accents, typos, the
// relevance tiers (title, then tags, then description; newest first within), the five sorts with a
// keyword, one-word counts from search_lexemes following edits, and the header's suggestions.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { CATEGORY, DEMO_PRODUCTS, MATERIAL, STONES } from '../../seed/catalog-data';
import { startTestApp, type TestApp } from '../../test/harness';
import { FacetIndex, type WordSearch } from '../memory/facets';
import { facetLists } from '../memory/queries';
import { searchProducts } from './service';

let t: TestApp;
let usd: { _id: string };
const option: Record<string, string> = {};
const day = 86_400_000;
const now = Date.now();
/** The demo's texts (seed/demo.ts), each piece a day newer than the one before. */
const pieces = DEMO_PRODUCTS.map((p, i) => ({
  title: p.title,
  description: `${p.blurb} Crafted in ${MATERIAL[p.metal].toLowerCase()}${p.stone !== 'None' ? ` with ${p.stone.toLowerCase()}` : ''}, finished by hand.`,
  tags: [CATEGORY[p.kind].replace(/s$/, ''), MATERIAL[p.metal], ...(p.stone !== 'None' ? [p.stone] : [])],
  usd: p.usd,
  createdAt: new Date(now - (DEMO_PRODUCTS.length - i) * day),
}));

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  for (const [name, names] of [['Material', Object.values(MATERIAL)], ['Stone', STONES], ['Category', Object.values(CATEGORY)]] as const) {
    const f = (await t.call('POST', '/api/filter', { token: t.adminToken, body: { name, filterOptions: names.map((n) => ({ name: n })) } })).body;
    for (const o of f.filterOptions) option[o.name] = o._id;
  }
  const sale = await t.discount({ title: 'Sale', discountType: 'percentage', timeLimit: new Date(now + 30 * day).toISOString(), value: [{ currType: usd._id, amount: 10 }] });
  for (const [i, p] of pieces.entries()) {
    const d = DEMO_PRODUCTS[i];
    const filterOptions = [option[MATERIAL[d.metal]], option[d.stone], option[CATEGORY[d.kind]]];
    await t.product({ ...p, basePrice: [{ currType: usd._id, amount: p.usd }], imageUrls: [`/uploads/demo-${i}.jpg`], filterOptions, discounts: i % 5 === 1 ? [sale._id] : [] });
  }
});
afterAll(() => t.close());

const search = (keyword: string, body: object = {}, limit = 100, page = 1) =>
  t.call('POST', `/api/product/filter?limit=${limit}&page=${page}&keyword=${encodeURIComponent(keyword)}`, { body: { selectedCurr: usd._id, ...body } });
const titles = async (keyword: string, body: object = {}) => (await search(keyword, body)).body.items.map((p: any) => p.title) as string[];
const hasWord = (text: string, word: RegExp) => text.split(/[^A-Za-z]+/).some((w) => word.test(w));
const newestFirst = (list: typeof pieces) => [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.title);

describe('words, not parts of words', () => {
  test('stems: rings finds ring, necklaces finds necklace, and the same as the singular', async () => {
    const rings = await titles('rings');
    expect(rings).toContain('Aurora Solitaire Ring');
    expect(rings).toEqual(await titles('ring'));
    const necklaces = await titles('necklaces');
    expect(necklaces).toContain('Pearl Cascade Necklace');
    expect(necklaces).toEqual(await titles('necklace'));
    expect(await titles('Necklaces')).toEqual(necklaces);
  });

  test('ring: every ring, the rings named so first, never an earring or the Herringbone Bracelet', async () => {
    const found = await titles('ring');
    const ringKind = pieces.filter((p) => p.tags[0] === 'Ring');
    expect([...found].sort()).toEqual(ringKind.map((p) => p.title).sort());
    const inTitle = found.filter((title) => hasWord(title, /^Ring$/));
    expect(found.slice(0, inTitle.length)).toEqual(inTitle);
    expect(found).not.toContain('Herringbone Bracelet');
    expect(found.some((title) => /Earrings|Hoops/.test(title))).toBe(false);
  });

  test('accents do not matter: pave finds the pavé pieces', async () => {
    // Celeste's halo is of pavé stones (its description).
    expect(await titles('pave')).toEqual(['Huggie Pavé Hoops', 'Luna Pavé Eternity Ring', 'Celeste Sapphire Halo Ring']);
    expect(await titles('PAVÉ')).toEqual(await titles('pave'));
  });

  test('every word must match, in any field; "or" between two words takes either; punctuation is no word', async () => {
    expect(await titles('sapphire ring')).toEqual(['Celeste Sapphire Halo Ring']);
    // Every word in the title or the tags: the same tier, newest first.
    expect(await titles('ring rose gold')).toEqual(newestFirst(pieces.filter((p) => p.tags[0] === 'Ring' && p.tags[1] === 'Rose Gold')));
    const either = await titles('necklace or pendant');
    expect(either).toContain('Pearl Cascade Necklace');
    expect(either).toContain('Teardrop Sapphire Pendant');
    expect(either).toHaveLength(pieces.filter((p) => p.tags[0] === 'Necklace' || p.tags[0] === 'Pendant').length);
    expect((await search('%_')).body).toMatchObject({ items: [], itemCount: 0 });
    expect((await search('ear')).body.itemCount).toBe(0); // a part of a word finds nothing on the shop page
  });
});

describe('typos', () => {
  test('saphire finds the sapphire pieces, as sapphire does', async () => {
    const sapphire = await titles('sapphire');
    expect(sapphire.length).toBeGreaterThan(4);
    expect(await titles('saphire')).toEqual(sapphire);
    expect((await search('saphire')).body.itemCount).toBe(sapphire.length);
    expect(await titles('emrald')).toEqual(await titles('emerald'));
    expect(await titles('braclets')).toEqual(await titles('bracelet'));
  });

  test('a word like nothing in the catalogue finds nothing; a filter that leaves nothing is no typo', async () => {
    expect((await search('zzxq')).body).toMatchObject({ items: [], itemCount: 0 });
    expect((await search('saphire qqzzx')).body.itemCount).toBe(0);
    // Sapphire pieces exist, none in Rose Gold among the bracelets: nothing, and no other reading.
    expect((await search('bracelet', { filterOptions: [option['Rose Gold'], option.Sapphire] })).body.itemCount).toBe(0);
  });
});

describe('relevance', () => {
  /** The rule: every word in the title, then in the title or the tags, then anywhere; newest first within. */
  const tier = (p: (typeof pieces)[number], word: RegExp) => (hasWord(p.title, word) ? 0 : p.tags.some((tag) => hasWord(tag, word)) ? 1 : 2);
  const ranked = (word: RegExp) =>
    pieces
      .filter((p) => tier(p, word) < 2 || hasWord(p.description, word))
      .sort((a, b) => tier(a, word) - tier(b, word) || b.createdAt.getTime() - a.createdAt.getTime())
      .map((p) => p.title);

  test('title above tags above description, newest first within each, the default with a keyword', async () => {
    for (const [keyword, word] of [['sapphire', /^Sapphires?$/i], ['emerald', /^Emeralds?$/i], ['pearl', /^Pearls?$/i], ['gold', /^Gold$/i]] as const) {
      expect([keyword, await titles(keyword)]).toEqual([keyword, ranked(word)]);
      expect(await titles(keyword, { sortBy: '' })).toEqual(ranked(word));
      expect(await titles(keyword, { sortBy: 'relevance' })).toEqual(ranked(word));
    }
  });

  test('pages of a relevance order, across the tiers, make the whole list; the count is exact', async () => {
    const all = await titles('gold');
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 5); page++) {
      const r = await search('gold', {}, 5, page);
      expect(r.body.itemCount).toBe(all.length);
      pages.push(...r.body.items.map((p: any) => p.title));
    }
    expect(pages).toEqual(all);
  });

  test('without a keyword the default stays newest first; with one, the five sorts still sort', async () => {
    expect((await t.call('POST', '/api/product/filter?limit=3&page=1', { body: { selectedCurr: usd._id } })).body.items.map((p: any) => p.title)).toEqual(newestFirst(pieces).slice(0, 3));
    const matched = pieces.filter((p) => /necklace/i.test(`${p.title} ${p.tags.join(' ')} ${p.description}`));
    const byTitle = matched.map((p) => p.title).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const byPrice = [...matched].sort((a, b) => a.usd - b.usd || b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.title);
    expect(await titles('necklace', { sortBy: '-createdAt' })).toEqual(newestFirst(matched));
    expect(await titles('necklace', { sortBy: 'title' })).toEqual(byTitle);
    expect(await titles('necklace', { sortBy: '-title' })).toEqual([...byTitle].reverse());
    expect(await titles('necklace', { sortBy: 'basePrice' })).toEqual(byPrice);
    expect(await titles('necklace', { sortBy: '-basePrice' })).toEqual([...matched].sort((a, b) => b.usd - a.usd || b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.title));
    // With a price range and an option too.
    const ranged = await titles('necklace', { basePrice: { gte: 200, lte: 400 }, filterOptions: [option.Gold] });
    expect(ranged.sort()).toEqual(matched.filter((p) => p.usd >= 200 && p.usd <= 400 && p.tags[1] === 'Gold').map((p) => p.title).sort());
  });
});

describe('common words from the memory\'s word lists (catalog/memory/facets.ts searchWords)', () => {
  test('a keyword search answered from the word lists is the very page and count the database makes', async () => {
    const index = await FacetIndex.fromLists(await facetLists(t.ctx.db));
    // The common words have lists (every lexeme held by 1 % of the products, the 256 most held).
    const total = (groups: string[][]) => index.searchWords({ groups, sortBy: 'title', offset: 0, limit: 1 })?.total;
    expect(total([['ring']])).toBe(pieces.filter((p) => p.tags[0] === 'Ring').length);
    expect(total([['gold']])).toBeGreaterThan(0);
    expect(total([['zzxq']])).toBeUndefined(); // no list: the database answers
    const noMemory = { remember: <T,>(_key: unknown[], load: () => Promise<T>) => load(), search: async () => null, searchWords: async () => null };
    let fromLists = 0;
    const lists = { ...noMemory, searchWords: async (f: WordSearch) => { const found = index.searchWords(f); if (found) fromLists++; return found; } };
    const keywords = ['ring', 'rings', 'sapphire ring', 'ring rose gold', 'necklace or pendant', 'the ring', 'gold pearl', 'ring necklace', 'pearl sapphire ring', 'saphire', 'pave', 'rings or earrings gold'];
    for (const keyword of keywords) {
      for (const f of [{ sortBy: 'relevance' }, { sortBy: 'relevance', page: 3, limit: 2 }, { sortBy: 'title' }, { sortBy: '-createdAt', page: 2, limit: 2 }]) {
        const query = { keyword, limit: 5, page: 1, filterOptions: [], basePrice: {}, ...f };
        const [db, memory] = await Promise.all([searchProducts(t.ctx.db, query, noMemory), searchProducts(t.ctx.db, query, lists)]);
        expect({ keyword, ...f, total: memory.itemCount, ids: memory.items.map((p) => p._id) }).toEqual({ keyword, ...f, total: db.itemCount, ids: db.items.map((p) => p._id) });
      }
    }
    expect(fromLists).toBeGreaterThan(30);
  });
});

describe('on sale (the home banner: rings on sale)', () => {
  test('only pieces a running discount takes something off in the currency, with a keyword or without', async () => {
    const onSale = pieces.filter((_, i) => i % 5 === 1);
    expect(await titles('ring', { onSale: true })).toEqual(newestFirst(onSale.filter((p) => p.tags[0] === 'Ring')));
    const all = await t.call('POST', '/api/product/filter?limit=100&page=1', { body: { selectedCurr: usd._id, onSale: true } });
    expect(all.body.items.map((p: any) => p.title)).toEqual(newestFirst(onSale));
    expect(all.body.itemCount).toBe(onSale.length);
    // A currency the discount has no amount in: it takes nothing off there.
    const gbp = await t.currency('GBP', '£');
    expect((await t.call('POST', '/api/product/filter?limit=100&page=1', { body: { selectedCurr: gbp._id, onSale: true } })).body.itemCount).toBe(0);
    await t.call('DELETE', `/api/currencies/${gbp._id}`, { token: t.adminToken });
  });
});

describe('one-word counts (search_lexemes) follow the catalogue', () => {
  test('added, renamed, deleted', async () => {
    const count = async (keyword: string) => (await search(keyword)).body.itemCount as number;
    const rings = await count('ring');
    const zircon = await t.product({ title: 'Zircon Ring', description: 'A blue zircon.', tags: ['Ring'], basePrice: [{ currType: usd._id, amount: 99 }] });
    expect([await count('zircon'), await count('ring'), await count('rings')]).toEqual([1, rings + 1, rings + 1]);
    expect((await t.call('PUT', `/api/product/${zircon._id}`, { token: t.adminToken, body: { title: 'Zircon Brooch', tags: ['Brooch'] } })).status).toBe(200);
    expect([await count('zircon'), await count('ring'), await count('brooch')]).toEqual([1, rings, 1]);
    await t.call('DELETE', `/api/product/${zircon._id}`, { token: t.adminToken });
    expect([await count('zircon'), await count('brooch'), await count('zircons')]).toEqual([0, 0, 0]);
    const counted = await t.ctx.db.query<{ lexeme: string; products: number }>(`SELECT lexeme, products::int FROM search_lexemes WHERE lexeme IN ('zircon', 'ring', 'brooch') ORDER BY lexeme`);
    expect(counted).toEqual([{ lexeme: 'brooch', products: 0 }, { lexeme: 'ring', products: rings }, { lexeme: 'zircon', products: 0 }]);
  });
});

describe('GET /product/suggest', () => {
  const suggest = (q: string) => t.call('GET', `/api/product/suggest?q=${encodeURIComponent(q)}`);

  test('products as a shopper types (the last word as its start), with photo, prices and discounts, and the matching options', async () => {
    const r = await suggest('saph');
    expect(r.status).toBe(200);
    expect(r.body.products.map((p: any) => p.title)).toEqual((await titles('sapphire')).slice(0, 6));
    const celeste = r.body.products.find((p: any) => p.title === 'Celeste Sapphire Halo Ring');
    expect(celeste).toEqual({
      _id: expect.any(String), slug: 'celeste-sapphire-halo-ring', title: 'Celeste Sapphire Halo Ring', imageUrl: '/uploads/demo-1.jpg',
      basePrice: [{ currType: usd._id, amount: 640 }], discounts: [expect.objectContaining({ title: 'Sale', discountType: 'percentage' })], available: true,
    });
    expect(r.body.options).toEqual([{ filter: 'Stone', filterId: expect.any(String), option: 'Sapphire', optionId: option.Sapphire }]);
  });

  test('at most six products; options holding more of the words first', async () => {
    const gold = await suggest('gold');
    expect(gold.body.products).toHaveLength(6);
    expect(gold.body.options.map((o: any) => o.option)).toEqual(['Gold', 'Rose Gold']);
    expect((await suggest('rose go')).body.options.map((o: any) => `${o.filter}: ${o.option}`)).toEqual(['Material: Rose Gold', 'Material: Gold']);
    expect((await suggest('rings')).body.options).toEqual([{ filter: 'Category', filterId: expect.any(String), option: 'Rings', optionId: option.Rings }]);
  });

  test('typos corrected; nothing below two characters; q is required and bounded', async () => {
    expect((await suggest('saphire')).body.products.map((p: any) => p.title)).toEqual((await titles('sapphire')).slice(0, 6));
    expect((await suggest('saphire')).body.options.map((o: any) => o.option)).toEqual(['Sapphire']);
    for (const q of ['r', ' r ', '', '%']) expect(await suggest(q)).toMatchObject({ status: 200, body: { products: [], options: [] } });
    expect((await suggest('ri')).body.products.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/product/suggest')).status).toBe(400);
    expect((await suggest('x'.repeat(201))).status).toBe(400);
  });

  // Issue 38: the suggestions forgive what Enter forgives.
  test('typos the full search corrects are corrected in the suggestions too (neklace, braclet, emrald)', async () => {
    for (const [typo, word] of [['neklace', 'necklace'], ['braclet', 'bracelet'], ['emrald', 'emerald'], ['necklaces', 'necklace']]) {
      const found = (await suggest(typo)).body.products.map((p: any) => p.title);
      const searched = (await titles(typo)).slice(0, 6);
      expect([typo, found.length > 0]).toEqual([typo, true]);
      expect([typo, found]).toEqual([typo, searched]);
      expect([typo, searched]).toEqual([typo, (await titles(word)).slice(0, 6)]);
    }
    expect((await suggest('zzxq')).body).toEqual({ products: [], options: [] });
  });
});

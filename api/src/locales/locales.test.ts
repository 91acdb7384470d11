// Issue 37: the shop in English and French. Reads in the asked locale (?locale= wins over
// Accept-Language; anything else is English), each text falling back to English on its own, every
// kept answer kept per locale, French searches stemmed the French way, and the admin's translation
// writes checked (a 400 naming the locale or field, nothing changed).
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let ring: any, necklace: any, plain: any, filter: any, sale: any;
const later = new Date(Date.now() + 30 * 86400000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  sale = await t.discount({ title: 'Spring Sale', discountType: 'percentage', timeLimit: later, value: [{ currType: usd._id, amount: 10 }], translations: { fr: { name: 'Soldes de printemps' } } });
  filter = (
    await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Metal', filterOptions: [{ name: 'Gold' }, { name: 'Silver' }] } })
  ).body;
  const day = 86400000;
  ring = await t.product({
    title: 'Diamond Ring',
    description: 'A solitaire on a thin band.',
    basePrice: [{ currType: usd._id, amount: 900 }],
    discounts: [sale._id],
    filterOptions: [filter.filterOptions[0]._id],
    variants: [
      { type: 'Size', translations: { fr: { name: 'Taille' } }, options: [{ name: 'Small', translations: { fr: { name: 'Petite' } } }, { name: 'Large' }] },
    ],
    translations: { fr: { title: 'Bague en diamant', description: 'Un solitaire sur un anneau fin.' } },
    createdAt: new Date(Date.now() - 3 * day),
  });
  // Only a French title: its description falls back to English.
  necklace = await t.product({ title: 'Pearl Necklace', description: 'Freshwater pearls.', translations: { fr: { title: 'Collier de perles' } }, createdAt: new Date(Date.now() - 2 * day) });
  plain = await t.product({ title: 'Silver Anklet', description: 'A fine chain.', createdAt: new Date(Date.now() - day) });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', path, { headers });
const search = (query: string, headers: Record<string, string> = {}) => t.call('POST', `/api/product/filter?limit=12&page=1&${query}`, { body: {}, headers });
const titles = (r: any) => r.body.items.map((p: any) => p.title);

test('GET /api/locales lists the shop\'s languages, English the default', async () => {
  const r = await get('/api/locales');
  expect(r.status).toBe(200);
  expect(r.body).toEqual([
    { code: 'en', name: 'English', default: true },
    { code: 'fr', name: 'Français', default: false },
  ]);
});

describe('the locale of a read', () => {
  test('?locale=fr: the translated fields in place, and locale', async () => {
    const r = await get(`/api/product/${ring._id}?locale=fr`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Bague en diamant', description: 'Un solitaire sur un anneau fin.', locale: 'fr' });
    expect(r.headers.get('vary')).toMatch(/Accept-Language/);
  });
  test('Accept-Language chooses when there is no ?locale=, by its weights; the query wins over it', async () => {
    expect((await get(`/api/product/${ring._id}`, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).body).toMatchObject({ title: 'Bague en diamant', locale: 'fr' });
    expect((await get(`/api/product/${ring._id}`, { 'accept-language': 'de, en;q=0.4, fr;q=0.8' })).body).toMatchObject({ locale: 'fr' });
    expect((await get(`/api/product/${ring._id}?locale=en`, { 'accept-language': 'fr' })).body).toMatchObject({ title: 'Diamond Ring', locale: 'en' });
  });
  test('an unknown locale, or junk, is English: never an error or an empty answer', async () => {
    for (const locale of ['de', 'xx-YY', '%00', '']) {
      const r = await get(`/api/product/${ring._id}?locale=${locale}`, { 'accept-language': 'zz;q=abc, ,;' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ title: 'Diamond Ring', locale: 'en' });
    }
    const list = await search('locale=klingon');
    expect(list.status).toBe(200);
    expect(list.body.itemCount).toBe(3);
    expect(list.body.locale).toBe('en');
    // Too long to be a language tag: refused like any bad query parameter, with a 4xx.
    expect((await get(`/api/product/${ring._id}?locale=${'x'.repeat(100)}`)).status).toBe(400);
  });
});

describe('fallback to English, field by field', () => {
  test("a product's description with only its title translated", async () => {
    expect((await get(`/api/product/${necklace._id}?locale=fr`)).body).toMatchObject({ title: 'Collier de perles', description: 'Freshwater pearls.' });
  });
  test('a product with no translation at all', async () => {
    expect((await get(`/api/product/${plain._id}?locale=fr`)).body).toMatchObject({ title: 'Silver Anklet', description: 'A fine chain.', locale: 'fr' });
  });
  test("a variant's name and its options', each on its own", async () => {
    const [size] = (await get(`/api/product/${ring._id}?locale=fr`)).body.variants;
    expect(size.type).toBe('Taille');
    expect(size.options.map((o: any) => o.name)).toEqual(['Petite', 'Large']);
  });
  test("a discount's name shown to shoppers", async () => {
    expect((await get(`/api/product/${ring._id}?locale=fr`)).body.discounts[0].title).toBe('Soldes de printemps');
    expect((await get(`/api/product/${ring._id}`)).body.discounts[0].title).toBe('Spring Sale');
  });
  test("a filter's name and its options' names", async () => {
    const set = await t.call('PATCH', `/api/filter/${filter._id}`, { token: t.adminToken, body: { translations: { fr: { name: 'Métal' } } } });
    expect(set.status).toBe(200);
    const opt = await t.call('PUT', `/api/filter/filterOptions/${filter.filterOptions[0]._id}`, { token: t.adminToken, body: { translations: { fr: { name: 'Or' } } } });
    expect(opt.status).toBe(200);
    const [fr] = (await get('/api/filter?locale=fr')).body;
    expect(fr).toMatchObject({ name: 'Métal', locale: 'fr', translations: { fr: { name: 'Métal' } } });
    expect(fr.filterOptions.map((o: any) => o.name)).toEqual(['Or', 'Silver']);
    const [en] = (await get('/api/filter', { 'accept-language': 'en-GB' })).body;
    expect(en).toMatchObject({ name: 'Metal', locale: 'en' });
    expect(en.filterOptions.map((o: any) => o.name)).toEqual(['Gold', 'Silver']);
  });
});

describe('every read in French, each kept apart from the English', () => {
  test('lists, pages, home sections and suggestions alternate between locales without mixing', async () => {
    for (let i = 0; i < 2; i++) {
      expect(titles(await search(''))).toEqual(['Silver Anklet', 'Pearl Necklace', 'Diamond Ring']);
      expect(titles(await search('locale=fr'))).toEqual(['Silver Anklet', 'Collier de perles', 'Bague en diamant']);
      expect((await get('/api/product/slugSearch/diamond-ring?locale=fr')).body).toMatchObject({ title: 'Bague en diamant', locale: 'fr' });
      expect((await get('/api/product/slugSearch/diamond-ring')).body).toMatchObject({ title: 'Diamond Ring', locale: 'en' });
      const home = (await get('/api/product/featured?locale=fr')).body;
      expect(home.locale).toBe('fr');
      expect(home.products.map((p: any) => p.title)).toContain('Collier de perles');
      expect((await get('/api/product/featured')).body.products.map((p: any) => p.title)).toContain('Pearl Necklace');
    }
  });
  test('a translation written by the admin is read at once, and the English answer is unchanged', async () => {
    await get(`/api/product/${plain._id}?locale=fr`);
    await search('locale=fr');
    const r = await t.call('PUT', `/api/product/${plain._id}`, { token: t.adminToken, body: { translations: { fr: { title: 'Chaîne de cheville en argent' } } } });
    expect(r.status).toBe(200);
    expect(r.body.translations).toEqual({ fr: { title: 'Chaîne de cheville en argent' } });
    expect((await get(`/api/product/${plain._id}?locale=fr`)).body.title).toBe('Chaîne de cheville en argent');
    expect(titles(await search('locale=fr'))[0]).toBe('Chaîne de cheville en argent');
    expect(titles(await search(''))[0]).toBe('Silver Anklet');
    // A blank text takes the translation away: English again.
    await t.call('PUT', `/api/product/${plain._id}`, { token: t.adminToken, body: { translations: { fr: { title: '' } } } });
    expect((await get(`/api/product/${plain._id}?locale=fr`)).body.title).toBe('Silver Anklet');
  });
  test('variants and options take their translations by their own routes', async () => {
    const [size] = ring.variants;
    expect((await t.call('PUT', `/api/product/${ring._id}/variants/${size._id}`, { token: t.adminToken, body: { translations: { fr: { name: 'Taille de bague' } } } })).status).toBe(200);
    const large = size.options[1];
    const r = await t.call('PUT', `/api/product/variant-option/${large._id}`, { token: t.adminToken, body: { translations: { fr: { name: 'Grande' } } } });
    expect(r.status).toBe(200);
    expect(r.body.variants[0].options[1].translations).toEqual({ fr: { name: 'Grande' } });
    const fr = (await get(`/api/product/${ring._id}?locale=fr`)).body.variants[0];
    expect(fr.type).toBe('Taille de bague');
    expect(fr.options.map((o: any) => o.name)).toEqual(['Petite', 'Grande']);
    expect((await get(`/api/product/${ring._id}`)).body.variants[0].options.map((o: any) => o.name)).toEqual(['Small', 'Large']);
  });
});

test("the cart in French: its products' titles and options' names", async () => {
  const c = await t.customer();
  const small = ring.variants[0].options[0]._id;
  expect((await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, options: [small], quantity: 1 } })).status).toBe(200);
  const fr = (await t.call('GET', '/api/cart?locale=fr', { token: c.token })).body.items[0];
  expect(fr.product.title).toBe('Bague en diamant');
  expect(fr.options[0]).toMatchObject({ variantType: expect.stringMatching(/^Taille/), selectedOption: { name: 'Petite' } });
  expect((await t.call('GET', '/api/cart', { token: c.token })).body.items[0].product.title).toBe('Diamond Ring');
});

describe('search in French', () => {
  test('French words, stemmed the French way (plural, accents), find the French-titled products', async () => {
    expect(titles(await search('locale=fr&keyword=bague'))).toEqual(['Bague en diamant']);
    expect(titles(await search('locale=fr&keyword=bagues'))).toEqual(['Bague en diamant']);
    expect(titles(await search('locale=fr&keyword=colliers'))).toEqual(['Collier de perles']);
    expect(titles(await search('locale=fr&keyword=perle'))).toEqual(['Collier de perles']);
    // English words still find their products in French.
    expect(titles(await search('locale=fr&keyword=necklace'))).toEqual(['Collier de perles']);
    // The English search knows no French word.
    expect((await search('keyword=bague')).body.itemCount).toBe(0);
  });
  test('the suggestions too', async () => {
    const r = await get('/api/product/suggest?q=colli&locale=fr');
    expect(r.body.products.map((p: any) => p.title)).toEqual(['Collier de perles']);
  });
});

describe('bad translations: a 400 naming it, nothing changed', () => {
  const bad = [
    ['a locale the shop does not have', { de: { title: 'Diamantring' } }, /translations\.de/],
    ['the default locale (its texts are the fields)', { en: { title: 'Diamond' } }, /translations\.en/],
    ['a title over its limit', { fr: { title: 'x'.repeat(201) } }, /translations\.fr\.title.*200/],
    ['a description over its limit', { fr: { description: 'x'.repeat(10001) } }, /translations\.fr\.description.*10000/],
    ['a field a product does not translate', { fr: { name: 'Bague' } }, /translations\.fr\.name/],
    ['a text that is no string', { fr: { title: 5 } }, /translations\.fr\.title/],
    ['a locale that is no object', { fr: 'Bague' }, /translations\.fr/],
  ] as const;
  test.each(bad)('product: %s', async (_, translations, message) => {
    const before = await t.fingerprint();
    const r = await t.call('PUT', `/api/product/${ring._id}`, { token: t.adminToken, body: { title: 'Changed', translations } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(await t.fingerprint()).toBe(before);
  });
  test('filters, options, variants and discounts', async () => {
    const before = await t.fingerprint();
    const long = { fr: { name: 'x'.repeat(101) } };
    const cases = [
      t.call('PATCH', `/api/filter/${filter._id}`, { token: t.adminToken, body: { name: 'Changed', translations: long } }),
      t.call('PUT', `/api/filter/filterOptions/${filter.filterOptions[1]._id}`, { token: t.adminToken, body: { translations: { es: { name: 'Plata' } } } }),
      t.call('PUT', `/api/product/${ring._id}/variants/${ring.variants[0]._id}`, { token: t.adminToken, body: { type: 'Changed', translations: long } }),
      t.call('POST', `/api/product/${ring._id}/variants`, { token: t.adminToken, body: { type: 'Stone', options: [{ name: 'Ruby', translations: { it: { name: 'Rubino' } } }] } }),
      t.call('PUT', `/api/discounts/${sale._id}`, { token: t.adminToken, body: { title: 'Changed', discountType: 'percentage', timeLimit: later, translations: long } }),
    ];
    const answers = await Promise.all(cases);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.map((r) => r.body.message)).toEqual([
      expect.stringMatching(/translations\.fr\.name.*100/),
      expect.stringMatching(/translations\.es/),
      expect.stringMatching(/translations\.fr\.name.*100/),
      expect.stringMatching(/translations\.it/),
      expect.stringMatching(/translations\.fr\.name.*100/),
    ]);
    expect(await t.fingerprint()).toBe(before);
  });
});

describe('fuzzed (schemaFuzz-style): no input gets a 5xx, a refused write changes nothing', () => {
  const fc = require('fast-check') as typeof import('fast-check');
  const field = fc.constantFrom('title', 'description', 'name', 'colour', '__proto__', '');
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('x'.repeat(100), 'x'.repeat(101), 'x'.repeat(201), 'x'.repeat(10001), ' ', '<b>é</b>'));
  const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.boolean());
  const locale = fc.oneof(fc.constantFrom('fr', 'en', 'de', 'FR', 'fr-CA', '', 'zz'), fc.string({ maxLength: 8 }));
  const translations = fc.oneof(fc.dictionary(locale, fc.oneof(fc.dictionary(field, value, { maxKeys: 3 }), value), { maxKeys: 3 }), value);

  test('translations of any shape on every write that takes them', async () => {
    const writes = (tr: unknown) => [
      ['PUT', `/api/product/${necklace._id}`, { translations: tr }],
      ['PATCH', `/api/filter/${filter._id}`, { translations: tr }],
      ['PUT', `/api/product/${ring._id}/variants/${ring.variants[0]._id}`, { translations: tr }],
      ['PUT', `/api/product/variant-option/${ring.variants[0].options[0]._id}`, { translations: tr }],
    ] as const;
    await fc.assert(
      fc.asyncProperty(translations, fc.nat(3), async (tr, which) => {
        const [method, path, body] = writes(tr)[which];
        const before = await t.fingerprint();
        const r = await t.call(method, path, { token: t.adminToken, body });
        expect([200, 400]).toContain(r.status);
        if (r.status === 400) {
          expect(typeof r.body.message).toBe('string');
          expect(await t.fingerprint()).toBe(before);
        }
      }),
      { seed: 37, numRuns: 40 },
    );
  });

  test('any ?locale= and Accept-Language on the reads: 200 in a locale the shop has, or a 400 for an over-long one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 60 }), fc.constantFrom(`/api/product/${ring._id}`, '/api/filter', '/api/product/featured', '/api/product/slugSearch/diamond-ring'), async (asked, header, path) => {
        const r = await t.call('GET', `${path}?locale=${encodeURIComponent(asked)}`, { headers: { 'accept-language': header.replace(/[^\x20-\x7e]/g, '') } });
        if (asked.length > 35) expect(r.status).toBe(400);
        else {
          expect(r.status).toBe(200);
          expect(['en', 'fr']).toContain((Array.isArray(r.body) ? r.body[0] : r.body).locale);
        }
      }),
      { seed: 37, numRuns: 60 },
    );
  });
});

// The storefront's client names the page's language on every call (shared/src/api.ts): the cart's and the
// wishlist's answers, to a change as to a read, are in it, or the French cart shows English names after an add.
test("the cart's and the wishlist's answers, reads and changes, in the caller's language", async () => {
  const c = await t.customer();
  const fr = { token: c.token, headers: { 'accept-language': 'fr' } };
  const en = { token: c.token, headers: { 'accept-language': 'en' } };
  const [small, large] = ring.variants[0].options.map((o: any) => o._id);
  const titleOf = (r: any) => r.body.items.map((i: any) => i.product?.title ?? i.title);
  const added = await t.call('POST', '/api/cart', { ...fr, body: { productId: ring._id, options: [small], quantity: 1, selectedCurr: usd._id } });
  expect(added).toMatchObject({ status: 200 });
  expect(titleOf(added)).toEqual(['Bague en diamant']);
  // The second line's product is the one the add read; the first comes from the statement's own read.
  const more = await t.call('POST', '/api/cart', { ...fr, body: { productId: ring._id, options: [large], quantity: 1, selectedCurr: usd._id } });
  expect(titleOf(more)).toEqual(['Bague en diamant', 'Bague en diamant']);
  const lineId = more.body.items[1]._id ?? more.body.items[1].id;
  expect(titleOf(await t.call('PUT', `/api/cart/${lineId}`, { ...fr, body: { quantity: 2 } }))).toEqual(['Bague en diamant', 'Bague en diamant']);
  expect(titleOf(await t.call('GET', '/api/cart', en))).toEqual(['Diamond Ring', 'Diamond Ring']);
  expect(titleOf(await t.call('DELETE', `/api/cart/${lineId}`, fr))).toEqual(['Bague en diamant']);

  expect(titleOf(await t.call('POST', `/api/wishlist/${ring._id}`, fr))).toEqual(['Bague en diamant']);
  expect(titleOf(await t.call('GET', '/api/wishlist', fr))).toEqual(['Bague en diamant']);
  expect(titleOf(await t.call('GET', '/api/wishlist', en))).toEqual(['Diamond Ring']);
  expect(titleOf(await t.call('POST', `/api/wishlist/${plain._id}`, fr))).toEqual(['Bague en diamant', 'Silver Anklet']);
  expect(titleOf(await t.call('DELETE', `/api/wishlist/${plain._id}`, fr))).toEqual(['Bague en diamant']);
});

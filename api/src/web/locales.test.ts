import type { TestApp } from '../test/harness';
import { startWithShell } from '../test/realShell';
import { inLanguage } from './pageHead';

// Issue 37: the shop's pages in French under /fr/… as the server sends them, with the shell's real
// index.html and route table: the page's language, its canonical address in its language and its
// alternates in every language (x-default: English), its product's French texts, and 404s in both.
// On PGlite, and on PostgreSQL with DATABASE_URL.

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let ring: { slug: string };

const page = async (p: string) => {
  const res = await fetch(t.url + p);
  return { status: res.status, html: await res.text() };
};
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternatesOf = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]));

beforeAll(async () => {
  t = await startWithShell(PUBLIC_URL);
  ring = await t.product({
    title: 'Diamond Solitaire Ring',
    description: 'A single brilliant-cut diamond.',
    translations: { fr: { title: 'Bague solitaire en diamant', description: 'Un diamant taille brillant, seul sur son anneau.' } },
  });
});
afterAll(() => t?.close());

test("a French product page: lang fr, the French title and description, its French address canonical, both languages' addresses alternate", async () => {
  const { status, html } = await page(`/fr/${ring.slug}`);
  expect(status).toBe(200);
  expect(langOf(html)).toBe('fr');
  const head = headOf(html);
  expect(titleOf(head)).toBe('Bague solitaire en diamant — Aurelia Jewels');
  expect(head).toContain('content="Un diamant taille brillant, seul sur son anneau."');
  expect(canonicalOf(head)).toBe(`${PUBLIC_URL}/fr/${ring.slug}`);
  expect(alternatesOf(head)).toEqual({ en: `${PUBLIC_URL}/${ring.slug}`, fr: `${PUBLIC_URL}/fr/${ring.slug}`, 'x-default': `${PUBLIC_URL}/${ring.slug}` });
});

test('the same page in English keeps lang en, its English texts and canonical, and the same alternates', async () => {
  const { status, html } = await page(`/${ring.slug}`);
  expect(status).toBe(200);
  expect(langOf(html)).toBe('en');
  expect(titleOf(headOf(html))).toBe('Diamond Solitaire Ring — Aurelia Jewels');
  expect(canonicalOf(headOf(html))).toBe(`${PUBLIC_URL}/${ring.slug}`);
  expect(alternatesOf(headOf(html))).toEqual({ en: `${PUBLIC_URL}/${ring.slug}`, fr: `${PUBLIC_URL}/fr/${ring.slug}`, 'x-default': `${PUBLIC_URL}/${ring.slug}` });
});

test('fixed pages in French: the home at /fr/ and /fr, /fr/shop, each canonical in French', async () => {
  for (const [path, canonical, english] of [
    ['/fr/', '/fr/', '/'],
    ['/fr', '/fr/', '/'],
    ['/fr/shop', '/fr/shop', '/shop'],
    ['/fr/about', '/fr/about', '/about'],
  ] as const) {
    const { status, html } = await page(path);
    expect([path, status, langOf(html)]).toEqual([path, 200, 'fr']);
    expect(canonicalOf(headOf(html))).toBe(PUBLIC_URL + canonical);
    expect(alternatesOf(headOf(html))).toEqual({ en: PUBLIC_URL + english, fr: PUBLIC_URL + canonical, 'x-default': PUBLIC_URL + english });
  }
});

test('404s are 404s in both languages, noindex, without canonical or alternates', async () => {
  for (const path of ['/no-such-product', '/fr/no-such-product', '/fr/no/such/page', '/de/shop']) {
    const { status, html } = await page(path);
    expect([path, status]).toEqual([path, 404]);
    expect(headOf(html)).toContain('<meta name="robots" content="noindex">');
    expect(canonicalOf(headOf(html))).toBeUndefined();
    expect(alternatesOf(headOf(html))).toEqual({});
  }
});

test("<html lang> is set in index.html as written and as the build minifies it", () => {
  expect(inLanguage('<!doctype html><html lang="en"><head>', 'fr')).toBe('<!doctype html><html lang="fr"><head>');
  expect(inLanguage('<!doctype html><html lang=en><head>', 'fr')).toBe('<!doctype html><html lang="fr"><head>');
  expect(inLanguage('<html lang=en-US class=x>', 'fr')).toBe('<html lang="fr" class=x>');
});

test('a guarded page in French is noindex like its English one', async () => {
  const { status, html } = await page('/fr/my-account/orders');
  expect(status).toBe(200);
  expect(headOf(html)).toContain('<meta name="robots" content="noindex">');
  expect(alternatesOf(headOf(html))).toEqual({});
});

// The pages' own heads in French too (contract headIn), as the browser's useDocumentTitle sets them.
test("fixed pages' titles and descriptions in French; a search, a 404, a product without a description too", async () => {
  const titleAndDescription = async (path: string) => {
    const head = headOf((await page(path)).html);
    return [titleOf(head), /<meta name="description" content="([^"]*)">/.exec(head)?.[1]];
  };
  expect(await titleAndDescription('/fr/')).toEqual(['Haute joaillerie — Aurelia Jewels', expect.stringContaining('finis à la main')]);
  expect(await titleAndDescription('/fr/shop')).toEqual(['Boutique — Aurelia Jewels', expect.stringContaining('Découvrez nos bijoux')]);
  expect(await titleAndDescription('/fr/about')).toEqual(['Notre maison — Aurelia Jewels', expect.stringContaining('atelier')]);
  expect((await titleAndDescription('/fr/shop?que=bague'))[0]).toBe('Boutique : « bague » — Aurelia Jewels');
  expect((await titleAndDescription('/fr/no-such-product'))[0]).toBe('Page introuvable — Aurelia Jewels');
  // English unchanged.
  expect(await titleAndDescription('/shop')).toEqual(['Shop — Aurelia Jewels', 'Browse fine jewelry: rings, necklaces, earrings and bracelets in gold and silver.']);
  expect((await titleAndDescription('/no-such-product'))[0]).toBe('Page not found — Aurelia Jewels');
  const plain = await t.product({ title: 'Plain Band', description: '', translations: { fr: { title: 'Anneau simple' } } });
  expect(await titleAndDescription(`/fr/${plain.slug}`)).toEqual(['Anneau simple — Aurelia Jewels', expect.stringContaining('façonnés pour être portés chaque jour')]);
});

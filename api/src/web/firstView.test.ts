import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/harness';
import { bootBand } from './firstView';
import { deferPreloads } from './photoFirst';
import type { ShopRoute } from './preloadHints';

// The server's side of the first view (firstView.ts): it finds the renderer a remote ships beside its
// build, gives it the catalogue, and puts its HTML in index.html's slot with the breadcrumb band.
// The renderer here is a stand-in written by the test; the catalogue's own is tested in
// mfe-catalog/src/firstView and in the browser journeys (e2e/catalog).

let t: TestApp;
let root: string;
const shellDir = () => path.join(root, 'shell', 'dist');
const rendererFile = () => path.join(root, 'mfe-catalog', 'dist-server', 'firstView.js');
const routes: ShopRoute[] = [
  { path: '/', remote: 'catalog/HomePage', guard: 'none' },
  { path: '/shop', remote: 'catalog/ShopPage', guard: 'none' },
  { path: '/cart', remote: 'checkout/CartPage', guard: 'none' },
  { path: '/dashboard', remote: 'catalog/HomePage', guard: 'admin' },
  { path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product', sizes: '100vw' } },
];
// Over 1 KB, like the shop's, so it is sent compressed.
const INDEX = `<!doctype html><title>shop</title><meta name=description content="${'Fine jewelry. '.repeat(80)}"><div id=root><div class=boot-header></div><template id=first-view-slot></template></div>`;

/** A renderer that shows what it was asked and what the catalogue gave it. */
function writeRenderer(body: string) {
  fs.mkdirSync(path.dirname(rendererFile()), { recursive: true });
  fs.writeFileSync(rendererFile(), `exports.renderFirstView = async (module, pagePath, search, data) => { ${body} };`);
  // A new build: a later mtime than the last one, even within the same millisecond.
  const later = new Date(Date.now() + Math.random() * 1e6);
  fs.utimesSync(rendererFile(), later, later);
}
const SHOWS_WHAT_IT_GOT = `
  if (module === 'ProductPage') { const p = await data.product(pagePath.slice(1)); return p && '<div id="first-view">' + p.title + '|' + p.imageUrls.join() + (data.locale === 'fr' ? '|fr' : '') + '</div>'; }
  const newest = await data.newest(2);
  return '<div id="first-view">' + module + '|' + search + '|' + newest.map((p) => p.slug).join() + '</div>';`;

/** index.html as it is, but for the page's head (seo.test.ts): its slot still empty. */
const withoutView = (html: string) => html.endsWith(INDEX.slice(INDEX.indexOf('<div id=root>'))) && !html.includes('id="first-view"');

const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(t.url + p, { headers });
  return { status: res.status, etag: res.headers.get('etag'), html: await res.text() };
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-first-view-'));
  fs.mkdirSync(shellDir(), { recursive: true });
  fs.mkdirSync(path.join(root, 'mfe-catalog', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(shellDir(), 'index.html'), INDEX);
  fs.writeFileSync(path.join(shellDir(), 'routes.json'), JSON.stringify(routes));
  fs.writeFileSync(path.join(shellDir(), 'remotes.json'), JSON.stringify({ apiUrl: '/api', remotes: { catalog: '/mfe-catalog/remoteEntry.js', checkout: '/mfe-checkout/remoteEntry.js' } }));
  fs.writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'remoteEntry.js'), 'var catalog;');
  writeRenderer(SHOWS_WHAT_IT_GOT);
  t = await startTestApp({ staticRoot: root });
  await t.product({ title: 'Old Ring', imageUrls: ['/uploads/old-ring.jpg'], createdAt: new Date('2020-01-01') });
  await t.product({ title: 'Pearl <Drop> & Co', imageUrls: ['/uploads/pearl.jpg'], createdAt: new Date('2029-01-01') });
  await t.product({ title: 'Bare Band', createdAt: new Date('2030-01-01') });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a page's first view", () => {
  test('goes in the slot inside #root, from the renderer with the newest products, newest first', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('<div class=boot-header></div><div id="first-view">HomePage||bare-band,pearl-drop-co</div></div>');
    expect(home.html).not.toContain('first-view-slot');
    // The answer changes with the catalogue: not the file's validators.
    expect(home.etag).toBeNull();
  });

  test('a repeat of a page reads nothing from the database until the catalogue changes', async () => {
    await page('/pearl-drop-co');
    const { misses } = t.ctx.catalog.memory.status().answers;
    expect((await page('/pearl-drop-co')).html).toContain('Pearl <Drop> & Co|');
    expect((await page('/')).html).toContain('HomePage||');
    expect(t.ctx.catalog.memory.status().answers.misses).toBe(misses);
    // A catalogue write: the next page reads the catalogue again, and shows the change.
    await t.product({ title: 'Fresh Hoops', imageUrls: ['/uploads/fresh.jpg'], createdAt: new Date('2031-01-01') });
    expect((await page('/')).html).toContain('HomePage||fresh-hoops,bare-band');
    expect(t.ctx.catalog.memory.status().answers.misses).toBeGreaterThan(misses);
  });

  test('sent compressed as the browser accepts, the same page once decoded', async () => {
    const plain = await page('/');
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(t.url + '/', { headers: { 'accept-encoding': encoding } });
      expect([encoding, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([encoding, encoding, 'Accept-Encoding']);
      // fetch decodes it: the bytes are the page's.
      expect(await res.text()).toBe(plain.html);
    }
  });

  test('the shop gets its query string; a product page its product, under the breadcrumb band', async () => {
    expect((await page('/shop?que=ring')).html).toContain('<div id="first-view">ShopPage|que=ring|');
    const product = await page('/pearl-drop-co');
    // The band stands for the shell's breadcrumb (last segment, dashes as spaces), so the view sits where the page will.
    expect(product.html).toContain('<div class="boot-band boot-product" aria-hidden="true"><p>pearl drop co</p><ol><li>Home</li><li>pearl drop co</li></ol></div><div id="first-view">Pearl <Drop> & Co|/uploads/pearl.jpg</div>');
  });

  test('a French page (/fr/…, issue 37) is found by its English route and shows the French title; a missing one is a 404 too', async () => {
    await t.product({ title: 'Gold Hoops', translations: { fr: { title: "Créoles en or" } }, imageUrls: ['/uploads/hoops.jpg'], createdAt: new Date('2021-01-01') });
    const fr = await page('/fr/gold-hoops');
    expect(fr.status).toBe(200);
    // The renderer is told the page's language (its texts and links), the band's first word is French
    // (a slug's words, capitalized as French writes a title).
    expect(fr.html).toContain('<ol><li>Accueil</li><li>Gold hoops</li></ol></div><div id="first-view">Créoles en or|/uploads/hoops.jpg|fr</div>');
    expect((await page('/gold-hoops')).html).toContain('<div id="first-view">Gold Hoops|/uploads/hoops.jpg</div>');
    // The band names the page in French, as the shell's breadcrumb does (contract bandTitle).
    expect((await page('/fr/shop?que=bague')).html).toContain('<p>Boutique</p><ol><li>Accueil</li><li>Boutique</li></ol></div><div id="first-view">ShopPage|que=bague|');
    const missing = await page('/fr/no-such-product');
    expect([missing.status, missing.html.includes('id="first-view"')]).toEqual([404, false]);
  });

  test('none where the renderer has nothing, for a guarded page or another remote, or on the 404 page: the page as it always was', async () => {
    for (const [p, status] of [['/dashboard', 200], ['/cart', 200], ['/no-such-product', 404]] as const) {
      const res = await page(p);
      expect([p, res.status, res.html.includes('id="first-view"'), res.html.includes('<template id=first-view-slot>')]).toEqual([p, status, false, true]);
    }
  });

  test('the band shows the path as text, never as markup', () => {
    expect(bootBand('/%3Cimg%20src%3Dx%3E-ring')).toBe('<div class="boot-band" aria-hidden="true"><p>&lt;img src=x&gt; ring</p><ol><li>Home</li><li>&lt;img src=x&gt; ring</li></ol></div>');
    expect(bootBand('/%E0%A4%A')).toBe('');
    expect(bootBand('/')).toBe('');
  });

  test('a failing renderer leaves the page as it was; a new build of the renderer is used without a restart', async () => {
    writeRenderer(`throw new Error('renderer broke');`);
    const broken = await page('/');
    expect([broken.status, withoutView(broken.html)]).toEqual([200, true]);
    // One that loops forever is stopped at FIRST_VIEW_TIMEOUT_MS (1 s by default): the page as it was, soon.
    writeRenderer('for (;;) {}');
    const start = Date.now();
    const looping = await page('/shop');
    expect([looping.status, withoutView(looping.html)]).toEqual([200, true]);
    expect(Date.now() - start).toBeLessThan(4000);
    writeRenderer(`return '<div id="first-view">rebuilt</div>';`);
    expect((await page('/')).html).toContain('<div id="first-view">rebuilt</div>');
    writeRenderer(SHOWS_WHAT_IT_GOT);
  });

  test('without a renderer beside the remote, nothing changes', async () => {
    fs.rmSync(rendererFile());
    try {
      const home = await page('/');
      expect([home.status, withoutView(home.html)]).toEqual([200, true]);
    } finally {
      writeRenderer(SHOWS_WHAT_IT_GOT);
    }
  });

  test('with its photo, the page holds its scripts and styles back for main.js to start after the photo (photo first)', async () => {
    const withHead = `<!doctype html><html><head><title>shop</title><script defer src=/main.js></script><link rel=preload href=/470.a1.js as=script><link rel=preload href=/980.b2.css as=style></head><body>${INDEX.slice(INDEX.indexOf('<meta'))}</body></html>`;
    fs.writeFileSync(path.join(shellDir(), 'index.html'), withHead);
    const later = new Date(Date.now() + 2e6);
    fs.utimesSync(path.join(shellDir(), 'index.html'), later, later);
    try {
      writeRenderer(`return '<div id="first-view"><img src="/uploads/pearl.jpg?w=480" alt="" fetchpriority="high"></div>';`);
      const res = await fetch(t.url + '/shop');
      const html = await res.text();
      const held = html.match(/<template id="after-first-view">(.*?)<\/template>/)?.[1];
      // index.html's own preloads and the page's (the manifest, the currencies, the page's remote entry), held back.
      expect(held).toBe(
        '<link rel=preload href=/470.a1.js as=script><link rel=preload href=/980.b2.css as=style>' +
          '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"><link rel="preload" href="/api/currencies" as="fetch" crossorigin="anonymous">' +
          '<link rel="preload" href="/mfe-catalog/remoteEntry.js" as="script">',
      );
      // Nothing else is preloaded with the page: main.js alone loads beside the photo.
      expect(html.replace(/<template id="after-first-view">.*?<\/template>/, '')).not.toMatch(/rel="?preload/);
      expect(html).toContain('<script defer src=/main.js></script>');
      expect(res.headers.get('link')).toBeNull();

      // A first view without a photo changes nothing of the preloads.
      writeRenderer(`return '<div id="first-view">text only</div>';`);
      const plain = await fetch(t.url + '/shop');
      expect(await plain.text()).toContain('<link rel=preload href=/470.a1.js as=script><link rel=preload href=/980.b2.css as=style></head>');
      expect(plain.headers.get('link')).toContain('</mfe-catalog/remoteEntry.js>; rel=preload; as=script');
    } finally {
      fs.writeFileSync(path.join(shellDir(), 'index.html'), INDEX);
      fs.utimesSync(path.join(shellDir(), 'index.html'), new Date(Date.now() + 4e6), new Date(Date.now() + 4e6));
      writeRenderer(SHOWS_WHAT_IT_GOT);
    }
  });

  test('deferPreloads leaves a page without a head or without preloads as it is, and escapes what it writes', () => {
    expect(deferPreloads('<div>no head</div>', [{ href: '/a.js', as: 'script' }])).toBe('<div>no head</div>');
    expect(deferPreloads('<head><title>x</title></head>', [])).toBe('<head><title>x</title></head>');
    expect(deferPreloads('<head></head>', [{ href: '/a"b<.js', as: 'script' }])).toBe('<head><template id="after-first-view"><link rel="preload" href="/a&quot;b&lt;.js" as="script"></template></head>');
  });
});

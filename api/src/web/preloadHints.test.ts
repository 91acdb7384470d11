import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/harness';
import { leadImageLink, readShellFiles, routeOf, shellPreloads, toLinkHeader, type ShellFiles, type ShopRoute } from './preloadHints';

let t: TestApp;
let root: string;
const shellDir = () => path.join(root, 'shell', 'dist');
const manifest = (extra: object) =>
  fs.writeFileSync(path.join(shellDir(), 'remotes.json'), JSON.stringify({ apiUrl: '/api', remotes: { catalog: '/mfe-catalog/remoteEntry.js', checkout: '/mfe-checkout/remoteEntry.js', admin: '/mfe-admin/remoteEntry.js' }, ...extra }));
const routes: ShopRoute[] = [
  { path: '/', remote: 'catalog/HomePage', guard: 'none', leadImage: { of: 'newest', sizes: '(max-width: 767px) 260px, 380px' } },
  { path: '/shop', remote: 'catalog/ShopPage', guard: 'none', leadImage: { of: 'newest', sizes: '50vw', plainUrlOnly: true } },
  { path: '/cart', remote: 'checkout/CartPage', guard: 'none' },
  { path: '/dashboard', remote: 'admin/DashboardPage', guard: 'admin' },
  { path: '/my-account/orders', remote: 'account/OrdersPage', guard: 'customer' },
  { path: '/privacy-policy', page: 'PrivacyPage', guard: 'none' },
  { path: '/order-confirmation/:id', remote: 'checkout/OrderConfirmationPage', guard: 'customer' },
  { path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product', sizes: '(max-width: 768px) 100vw, 560px' } },
];
const exposes = [
  { name: 'HomePage', assets: { js: { sync: ['243.abc.js', '__federation_expose_HomePage.def.js'], async: ['swiper.1.js'] }, css: { sync: ['home.css'], async: [] } } },
  { name: 'ProductPage', assets: { js: { sync: ['__federation_expose_ProductPage.9.js'], async: [] }, css: { sync: [], async: [] } } },
];

const every = ['</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous', '</api/currencies>; rel=preload; as=fetch; crossorigin=anonymous'];
const entry = (remote: string) => `</mfe-${remote}/remoteEntry.js>; rel=preload; as=script`;
/** The shell's preloads at pagePath as the Link header carries them, or null. */
const shellPreloadLinks = (shell: ShellFiles, pagePath: string) => {
  const preloads = shellPreloads(shell, pagePath);
  return preloads && toLinkHeader(preloads);
};
// Links are separated by ", <" (quoted values inside one may hold commas).
const linksAt = async (p: string) => (await fetch(t.url + p)).headers.get('link')?.split(/, (?=<)/);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hints-'));
  fs.mkdirSync(shellDir(), { recursive: true });
  fs.mkdirSync(path.join(root, 'mfe-catalog', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(shellDir(), 'index.html'), '<!doctype html><title>shop</title>');
  fs.writeFileSync(path.join(shellDir(), 'main.js'), 'var shell;');
  fs.writeFileSync(path.join(shellDir(), 'routes.json'), JSON.stringify(routes));
  fs.writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'mf-manifest.json'), JSON.stringify({ exposes }));
  manifest({ preload: ['checkout'] });
  t = await startTestApp({ staticRoot: root });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const lead = (file: string, sizes: string) =>
  `</uploads/${file}?w=480>; rel=preload; as=image; imagesrcset="/uploads/${file}?w=320 320w, /uploads/${file}?w=480 480w, /uploads/${file} 600w"; imagesizes="${sizes}"; fetchpriority=high`;

describe('preload hints on the shell page', () => {
  test('the manifest, the currencies, the mini cart entry; and the page’s own remote entry with its module’s start-up files', async () => {
    // No product yet: no lead photo to preload.
    expect(await linksAt('/')).toEqual([
      ...every,
      entry('checkout'),
      entry('catalog'),
      '</mfe-catalog/home.css>; rel=preload; as=style',
      '</mfe-catalog/243.abc.js>; rel=preload; as=script',
      '</mfe-catalog/__federation_expose_HomePage.def.js>; rel=preload; as=script',
    ]);
    // A product page (the single-segment catch-all), with a query string.
    expect(await linksAt('/some-product-slug?ref=home')).toEqual([...every, entry('checkout'), entry('catalog'), '</mfe-catalog/__federation_expose_ProductPage.9.js>; rel=preload; as=script']);
    // The remote every page shows is listed once; a module missing from mf-manifest.json adds no files.
    expect(await linksAt('/cart')).toEqual([...every, entry('checkout')]);
    expect(await linksAt('/shop')).toEqual([...every, entry('checkout'), entry('catalog')]);
    // Nothing for a guarded page (who is signed in is not known here), a remote remotes.json does not
    // list, or a path no route matches.
    expect(await linksAt('/dashboard')).toEqual([...every, entry('checkout')]);
    expect(await linksAt('/my-account/orders')).toEqual([...every, entry('checkout')]);
    expect(await linksAt('/no/such/page')).toEqual([...every, entry('checkout')]);
    // A page of the shell itself is not the product catch-all: no catalog files.
    expect(await linksAt('/privacy-policy')).toEqual([...every, entry('checkout')]);
  });

  test('the lead photo: the newest product’s first photo on the home page, the product’s own on its page, with the <img>’s candidates and sizes', async () => {
    await t.product({ title: 'Old Ring', imageUrls: ['/uploads/old-ring.jpg'], createdAt: new Date('2020-01-01') });
    await t.product({ title: 'Bare Band', createdAt: new Date('2030-01-01') }); // newest, no photo: the next one's
    await t.product({ title: 'Pearl Drop', imageUrls: ['/uploads/pearl-drop.jpg', '/uploads/pearl-2.jpg'], createdAt: new Date('2029-01-01') });
    const home = await linksAt('/');
    // First of the links: the photo is what the visitor waits to see.
    expect(home?.[0]).toBe(lead('pearl-drop.jpg', '(max-width: 767px) 260px, 380px'));
    expect((await linksAt('/old-ring'))?.[0]).toBe(lead('old-ring.jpg', '(max-width: 768px) 100vw, 560px'));
    // The shop's first card, unless a search or a filter shows other products.
    expect((await linksAt('/shop'))?.[0]).toBe(lead('pearl-drop.jpg', '50vw'));
    // No photo, an unknown product, a page without a lead photo: no image hint.
    for (const p of ['/bare-band', '/no-such-product', '/shop?que=ring', '/cart']) expect([p, (await linksAt(p))?.some((l) => l.includes('as=image'))]).toEqual([p, false]);
    // A photo elsewhere than this server's uploads is not the page's URL: left out.
    expect(await leadImageLink(readShellFiles(shellDir()), '/', async () => 'https://cdn.example.com/x.jpg')).toBeNull();
    expect(await leadImageLink(readShellFiles(shellDir()), '/', async () => { throw new Error('database down'); }).catch(() => 'rejected')).toBe('rejected');
  });

  test('routeOf: exact paths first, trailing slashes ignored, the catch-all for one segment only', () => {
    expect(routeOf(routes, '/shop/')?.remote).toBe('catalog/ShopPage');
    expect(routeOf(routes, '/gold-ring')?.remote).toBe('catalog/ProductPage');
    expect(routeOf(routes, '/a/b')).toBeUndefined();
    // Issue 38: a route with a parameter matches its own segments only.
    expect(routeOf(routes, '/order-confirmation/abc')?.remote).toBe('checkout/OrderConfirmationPage');
    expect(routeOf(routes, '/order-confirmation')?.remote).toBe('catalog/ProductPage');
    expect(routeOf(routes, '/order-confirmation/abc/x')).toBeUndefined();
  });

  test('none on scripts, JSON or the API', async () => {
    for (const p of ['/main.js', '/remotes.json', '/api/currencies']) expect([p, (await fetch(t.url + p)).headers.get('link')]).toEqual([p, null]);
  });

  test('follow remotes.json as it is edited, without a restart', async () => {
    manifest({ preload: ['admin'] });
    try {
      expect(await linksAt('/cart')).toContain(entry('admin'));
    } finally {
      manifest({ preload: ['checkout'] });
    }
  });

  test('leave out what is not on this server, and a manifest that cannot be read', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'elsewhere-'));
    fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(routes));
    fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify({ apiUrl: 'https://api.example.com/api', remotes: { catalog: 'https://cdn.example.com/remoteEntry.js', checkout: '//cdn.example.com/c.js' }, preload: ['catalog', 'checkout', 'missing'] }));
    expect(shellPreloadLinks(readShellFiles(dir), '/')).toBe('</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous');
    fs.writeFileSync(path.join(dir, 'remotes.json'), '{ not json');
    // Seen from the next turn of the event loop (files are statted once per turn: lib/statThisTurn.ts).
    await new Promise(setImmediate);
    expect(shellPreloadLinks(readShellFiles(dir), '/')).toBeNull();
  });
});

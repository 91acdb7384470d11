import type { TestApp } from '../test/harness';
import { SHELL_ROUTES, startWithShell } from '../test/realShell';

// Issue 37: French pages live under /fr/ (/fr/shop, /fr/<slug>): the server answers them with the
// shell's page and the status their English page has; an unknown page is a 404 in both languages.
// On PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let ring: { slug: string };

const statusOf = async (p: string) => {
  const res = await fetch(t.url + p);
  return [p, res.status, res.headers.get('content-type'), (await res.text()).includes('<div id="root">')];
};

beforeAll(async () => {
  t = await startWithShell('https://shop.example');
  const usd = await t.currency('USD', '$');
  ring = await t.product({ title: 'Solitaire Ring', imageUrls: ['/uploads/solitaire.jpg'], basePrice: [{ currType: usd._id, amount: 900 }] });
});
afterAll(() => t?.close());

test('every storefront page of the route table, and a product, is the shell page under /fr/ too', async () => {
  const paths = [...SHELL_ROUTES.filter((r) => !r.path.includes(':')).map((r) => r.path), `/${ring.slug}`];
  for (const p of ['/fr', '/fr/', ...paths.map((p) => `/fr${p}`), '/fr/shop?que=bague']) {
    expect(await statusOf(p)).toEqual([p, 200, 'text/html; charset=utf-8', true]);
  }
});

test('an unknown page or product is a 404 under /fr/ as in English', async () => {
  for (const p of ['/fr/no-such-piece', '/fr/about/team', '/fr/fr/shop', '/no-such-piece']) {
    expect(await statusOf(p)).toEqual([p, 404, 'text/html; charset=utf-8', true]);
  }
});

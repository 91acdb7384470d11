import type { TestApp } from '../../test/harness';
import { within } from '../../test/harness';
import { startWithShell } from '../../test/realShell';

// Draft products (issue 19): a draft is absent from every storefront answer (its page, lists, filtered
// lists and their counts, search, suggestions, the home, the sitemap, the page's HTML, cart and
// wishlist adds, the checkout) and present in the back office; publishing it shows it in the shop
// within the catalogue's freshness (this process's next read). On PGlite, and on PostgreSQL with DATABASE_URL.

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let usd: { _id: string };
let gold: string;
let draft: { _id: string; slug: string };
let visible: { _id: string; slug: string };

beforeAll(async () => {
  t = await startWithShell(PUBLIC_URL);
  usd = await t.currency('USD', '$');
  const filter = await t.call('POST', '/api/filter', { token: t.adminToken, body: { name: 'Material', filterOptions: [{ name: 'Gold' }] } });
  gold = filter.body.filterOptions[0]._id;
  visible = await t.product({ title: 'Sunstone Gold Ring', tags: ['sunstone'], basePrice: [{ currType: usd._id, amount: 100 }], filterOptions: [gold] });
  draft = await t.product({ title: 'Moonstone Gold Ring', tags: ['moonstone'], basePrice: [{ currType: usd._id, amount: 900 }], filterOptions: [gold], published: false });
});
afterAll(() => t?.close());

const shop = (body: object = {}, query = '') => t.call('POST', `/api/product/filter?limit=12&page=1${query}`, { body: { selectedCurr: usd._id, ...body } });
const ids = (answer: { body: { items: Array<{ _id: string }> } }) => answer.body.items.map((p) => p._id);
const text = async (path: string) => {
  const res = await fetch(t.url + path);
  return { status: res.status, text: await res.text() };
};

/** Every storefront answer, and whether the draft shows in it. */
async function storefront() {
  const [all, filtered, ranged, keyword, word, suggest, featured, onePrice, page, byId, html, sitemap] = await Promise.all([
    shop(),
    shop({ filterOptions: [gold] }),
    shop({ basePrice: { gte: 1, lte: 10_000 } }),
    shop({}, '&keyword=gold%20ring'),
    shop({}, '&keyword=moonstone'),
    t.call('GET', '/api/product/suggest?q=moonst'),
    t.call('GET', '/api/product/featured'),
    t.call('GET', `/api/product/hBasePrice/${usd._id}`),
    t.call('GET', `/api/product/slugSearch/${draft.slug}`),
    t.call('GET', `/api/product/${draft._id}`),
    text(`/${draft.slug}`),
    text('/sitemap-products-1.xml'),
  ]);
  return {
    all: [ids(all).includes(draft._id), all.body.itemCount],
    filtered: [ids(filtered).includes(draft._id), filtered.body.itemCount],
    ranged: [ids(ranged).includes(draft._id), ranged.body.itemCount],
    keyword: [ids(keyword).includes(draft._id), keyword.body.itemCount],
    word: [ids(word).includes(draft._id), word.body.itemCount],
    suggest: suggest.body.products.some((p: { _id: string }) => p._id === draft._id),
    featured: featured.body.products.some((p: { _id: string }) => p._id === draft._id),
    highestPrice: onePrice.body,
    page: page.status,
    byId: byId.status,
    html: html.status,
    sitemap: sitemap.text.includes(`${PUBLIC_URL}/${draft.slug}<`),
  };
}

test('a draft is in no storefront answer, and the published product is', async () => {
  expect(await storefront()).toEqual({
    all: [false, 1],
    filtered: [false, 1],
    ranged: [false, 1],
    keyword: [false, 1],
    word: [false, 0],
    suggest: false,
    featured: false,
    highestPrice: 100,
    page: 404,
    byId: 404,
    html: 404,
    sitemap: false,
  });
  // The published one is in them all.
  expect((await text(`/${visible.slug}`)).status).toBe(200);
  expect((await text('/sitemap-products-1.xml')).text).toContain(`${PUBLIC_URL}/${visible.slug}<`);
});

test('a draft cannot be put in a cart or a wishlist; the admin sees it in the list and by id', async () => {
  const jane = await t.customer('Jane');
  expect((await t.call('POST', '/api/cart', { token: jane.token, body: { productId: draft._id, quantity: 1 } })).status).toBe(404);
  expect((await t.call('POST', `/api/wishlist/${draft._id}`, { token: jane.token })).status).toBe(404);
  // A customer asking for drafts is refused; a product by id stays 404 for them.
  expect((await shop({ status: 'all' }, '')).status).toBe(401);
  expect((await t.call('POST', '/api/product/filter?limit=12&page=1', { token: jane.token, body: { status: 'all' } })).status).toBe(403);
  expect((await t.call('GET', `/api/product/${draft._id}`, { token: jane.token })).status).toBe(404);

  const admin = (status: string) => t.call('POST', '/api/product/filter?limit=12&page=1', { token: t.adminToken, body: { status, withStock: true } });
  const all = await admin('all');
  expect([all.body.itemCount, all.body.items.map((p: { title: string; published: boolean }) => [p.title, p.published])]).toEqual([
    2,
    [['Moonstone Gold Ring', false], ['Sunstone Gold Ring', true]],
  ]);
  const drafts = await admin('draft');
  expect([drafts.body.itemCount, ids(drafts)]).toEqual([1, [draft._id]]);
  const one = await t.call('GET', `/api/product/${draft._id}`, { token: t.adminToken });
  expect([one.status, one.body.published, one.body.title]).toEqual([200, false, 'Moonstone Gold Ring']);
});

test('a product unpublished after it went into a cart is left out of the cart and the checkout', async () => {
  const john = await t.customer('John');
  expect((await t.call('POST', '/api/cart', { token: john.token, body: { productId: visible._id, quantity: 1 } })).status).toBe(200);
  expect((await t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [visible._id], action: 'unpublish' } })).body).toEqual({ action: 'unpublish', count: 1 });
  expect((await t.call('GET', '/api/cart', { token: john.token })).body.items).toEqual([]);
  await t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [visible._id], action: 'publish' } });
  expect((await t.call('GET', '/api/cart', { token: john.token })).body.items).toHaveLength(1);
});

test('publishing the draft shows it everywhere at once, and the audit log records it', async () => {
  const before = await storefront(); // kept answers, pages and the facet index are warm
  expect(before.page).toBe(404);
  const published = await t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [draft._id], action: 'publish' } });
  expect([published.status, published.body]).toEqual([200, { action: 'publish', count: 1 }]);
  // This process's next read sees its own write (countWrites); the sitemap and the pages kept ahead follow the catalogue version.
  const after = await storefront();
  expect({ ...after, sitemap: undefined }).toEqual({
    all: [true, 2],
    filtered: [true, 2],
    ranged: [true, 2],
    keyword: [true, 2],
    word: [true, 1],
    suggest: true,
    featured: true,
    highestPrice: 900,
    page: 200,
    byId: 200,
    html: 200,
    sitemap: undefined,
  });
  expect(await within(5000, async () => (await text("/sitemap-products-1.xml")).text.includes(`${PUBLIC_URL}/${draft.slug}<`))).toBe(true);
  const audit = await t.ctx.db.query<{ action: string; after: unknown }>(`SELECT action, after FROM audit_log WHERE entity = 'product' AND entity_id = $1`, [draft._id]);
  expect(audit).toEqual([{ action: 'publish', after: { title: 'Moonstone Gold Ring', published: true } }]);

  // And unpublishing takes it away again, its kept page with it.
  await t.call('POST', '/api/product/bulk', { token: t.adminToken, body: { ids: [draft._id], action: 'unpublish' } });
  const again = await storefront();
  expect([again.all, again.page, again.byId, again.html, again.suggest]).toEqual([[false, 1], 404, 404, 404, false]);
});

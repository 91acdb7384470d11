import { type BUILT_IN_ROLES, PERMISSION_MISSING } from '@shop/contract';
import { insertUser } from '../accounts/queries';
import { productsChangedBetween } from '../catalog/memory/queries';
import { form, pngBytes, startTestApp, type TestApp } from '../test/harness';

// Issue 38 (17): the shop's own words. The storefront reads them (GET /api/content, /api/content/page/:slug),
// the Content page writes them ('content' permission), audited; bad input is a 400 naming the field
// that changes nothing. On PGlite, and on PostgreSQL when DATABASE_URL is set (the harness).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const slide = (over: Record<string, unknown> = {}) => ({ image: '', eyebrow: 'New', heading: 'Gold for every day', text: 'Hand-finished.', linkLabel: 'Shop now', link: '/shop', ...over });
const banner = (over: Record<string, unknown> = {}) => ({ ...slide({ heading: 'Rings on sale', link: '/shop?que=ring&sale=1' }), code: '', ...over });
const social = (over: Record<string, string> = {}) => ({ instagram: '', facebook: '', pinterest: '', ...over });
const footer = (over: Record<string, unknown> = {}) => ({
  customer: [{ label: 'Shipping & Returns', url: '/pages/shipping-returns', translations: { fr: { label: 'Livraison et retours' } } }],
  information: [{ label: 'Customer Service', url: '/contact' }],
  social: social(),
  ...over,
});
const read = (locale?: string) => t.call('GET', `/api/content${locale ? `?locale=${locale}` : ''}`);
const putHome = (body: unknown, token = t.adminToken) => t.call('PUT', '/api/content/home', { token, body });
const putFooter = (body: unknown, token = t.adminToken) => t.call('PUT', '/api/content/footer', { token, body });

async function staffOf(key: keyof typeof BUILT_IN_ROLES) {
  const role = await t.ctx.db.one<{ id: string }>(`SELECT id FROM roles WHERE key = $1`, [key]);
  const user = await insertUser(t.ctx.db, { fullName: `Content ${key}`, email: `content-${key}@test.local`, contact: `66${Math.floor(Math.random() * 1e8)}`, passwordHash: '!none', role: 'admin', roleId: role!.id });
  return t.ctx.auth.sign(user!.id);
}

describe('the first words', () => {
  test('a new shop shows its first slides, banner, footer links and policy pages, in English and French; no account is shown empty', async () => {
    const en = await read();
    expect(en.status).toBe(200);
    expect(en.body.slides).toHaveLength(3);
    expect(en.body.slides[0]).toMatchObject({ heading: 'Timeless gold, made for every day', link: '/shop', linkLabel: 'Shop now' });
    expect(en.body.footer.customer).toEqual([
      { label: 'Shipping & Returns', url: '/pages/shipping-returns' },
      { label: 'Secure Shopping', url: '/pages/secure-shopping' },
    ]);
    expect(en.body.footer.information).toEqual([
      { label: 'Privacy Policy', url: '/privacy-policy' },
      { label: 'Customer Service', url: '/contact' },
    ]);
    expect(en.body.footer.social).toEqual([]);
    const fr = await read('fr');
    expect(fr.body.slides[0].heading).toBe("L'or intemporel, à porter chaque jour");
    expect(fr.body.footer.customer[0]).toEqual({ label: 'Livraison et retours', url: '/pages/shipping-returns' });
    // They promise nothing a new shop may not keep.
    const pages = await Promise.all(['shipping-returns', 'secure-shopping', 'privacy-policy'].map((slug) => t.call('GET', `/api/content/page/${slug}`)));
    const words = JSON.stringify([en.body, fr.body, ...pages.map((p) => p.body)]);
    expect(words).not.toMatch(/engrav|gravure|complimentary|offert|free shipping|livraison gratuite|% off|AURELIA15/i);
    expect(pages.map((p) => p.body.title)).toEqual(['Shipping & Returns', 'Secure Shopping', 'Privacy Policy']);
    expect((await t.call('GET', '/api/content/page/privacy-policy?locale=fr')).body.title).toBe('Politique de confidentialité');
  });
});

describe('the owner writes them', () => {
  test('a slide heading and its French: the storefront shows them at once; a blank French text is the English; audited', async () => {
    await read(); // kept in memory first: the save must replace it
    const saved = await putHome({
      slides: [slide({ heading: '  Summer gold  ', translations: { fr: { heading: 'Or d’été', text: '   ' } } }), slide({ heading: 'Second' })],
      banners: [banner({ code: 'AURELIA15', image: '/uploads/banner.jpg' })],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.home.slides[0]).toMatchObject({ heading: 'Summer gold', translations: { fr: { heading: 'Or d’été' } } });
    expect(saved.body.home.banners[0].image).toBe('uploads/banner.jpg');
    const en = await read();
    expect(en.body.slides.map((s: { heading: string }) => s.heading)).toEqual(['Summer gold', 'Second']);
    expect(en.body.banners).toEqual([{ image: 'uploads/banner.jpg', eyebrow: 'New', heading: 'Rings on sale', text: 'Hand-finished.', linkLabel: 'Shop now', link: '/shop?que=ring&sale=1', code: 'AURELIA15' }]);
    const fr = await read('fr');
    expect(fr.body.slides[0]).toMatchObject({ heading: 'Or d’été', text: 'Hand-finished.' });

    const entry = await t.ctx.db.one<{ entity: string; entity_id: string; before: any; after: any }>(
      `SELECT entity, entity_id, before, after FROM audit_log WHERE entity = 'content' ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({ entity: 'content', entity_id: 'home' });
    expect(entry!.before.slides[0].heading).toBe('Timeless gold, made for every day');
    expect(entry!.after.slides[0].heading).toBe('Summer gold');
  });

  test('footer links and social accounts: an empty one is hidden, a filled one shown', async () => {
    const saved = await putFooter(footer({ social: social({ instagram: 'https://www.instagram.com/aurelia.jewels', pinterest: '' }), information: [{ label: 'Customer Service', url: '/contact' }, { label: 'Journal', url: '' }] }));
    expect(saved.status).toBe(200);
    let shown = await read();
    expect(shown.body.footer.social).toEqual([{ network: 'instagram', url: 'https://www.instagram.com/aurelia.jewels' }]);
    expect(shown.body.footer.information).toEqual([{ label: 'Customer Service', url: '/contact' }]);
    expect((await read('fr')).body.footer.customer).toEqual([{ label: 'Livraison et retours', url: '/pages/shipping-returns' }]);
    expect((await putFooter(footer({ social: social() }))).status).toBe(200);
    shown = await read();
    expect(shown.body.footer.social).toEqual([]);
    const edit = await t.call('GET', '/api/content/edit', { token: t.adminToken });
    expect(edit.body.footer.social).toEqual(social());
    expect(edit.body.pages.map((p: { slug: string }) => p.slug)).toEqual(['shipping-returns', 'secure-shopping', 'privacy-policy']);
  });

  test('a policy page: its title, text and French', async () => {
    const body = { title: 'Delivery & returns', body: 'We ship within two days.\n\nReturns: write to us.', translations: { fr: { title: 'Livraison', body: '' } } };
    const saved = await t.call('PUT', '/api/content/page/shipping-returns', { token: t.adminToken, body });
    expect(saved.status).toBe(200);
    expect(saved.body.pages[0]).toMatchObject({ slug: 'shipping-returns', title: 'Delivery & returns', translations: { fr: { title: 'Livraison' } } });
    expect((await t.call('GET', '/api/content/page/shipping-returns')).body).toMatchObject({ title: 'Delivery & returns', body: 'We ship within two days.\n\nReturns: write to us.' });
    expect((await t.call('GET', '/api/content/page/shipping-returns?locale=fr')).body).toMatchObject({ title: 'Livraison', body: 'We ship within two days.\n\nReturns: write to us.' });
    expect((await t.call('GET', '/api/content/page/about-us')).status).toBe(400);
  });

  test('a picture goes through the upload path: checked by its bytes, stored with its copies', async () => {
    const png = await pngBytes();
    const ok = await t.call('POST', '/api/content/image', { token: t.adminToken, raw: form({}, [{ field: 'images', name: 'hero.png', type: 'image/png', data: png }]) });
    expect(ok.status).toBe(201);
    expect(ok.body.image).toMatch(/^uploads\/[0-9a-f-]+\.png$/);
    const fake = await t.call('POST', '/api/content/image', { token: t.adminToken, raw: form({}, [{ field: 'images', name: 'x.png', type: 'image/png', data: Buffer.from('not an image') }]) });
    expect(fake.status).toBe(415);
    expect((await t.call('POST', '/api/content/image', { token: t.adminToken, raw: form({}) })).status).toBe(400);
  });
});

test("a save changes the catalogue's version (every process drops its kept answers) but no product: product pages kept in memory stay", async () => {
  const version = async () => Number((await t.ctx.db.one<{ version: string }>(`SELECT version::text FROM catalog_version`))!.version);
  const from = await version();
  expect((await putFooter(footer({ social: social({ pinterest: 'HTTPS://www.pinterest.com/aurelia' }) }))).status).toBe(200);
  const to = await version();
  expect(to).toBeGreaterThan(from);
  expect(await productsChangedBetween(t.ctx.db, from, to)).toEqual(new Set());
  expect((await read()).body.footer.social).toEqual([{ network: 'pinterest', url: 'HTTPS://www.pinterest.com/aurelia' }]);
});

describe('refused: a clear 400 that changes nothing', () => {
  test.each([
    ['a javascript: link', () => putHome({ slides: [slide({ link: 'javascript:alert(1)' })], banners: [] }), /link/],
    ['a protocol-relative link', () => putHome({ slides: [slide({ link: '//evil.example/shop' })], banners: [] }), /link/],
    ['a data: link', () => putHome({ slides: [slide()], banners: [banner({ link: 'data:text/html,hi' })] }), /link/],
    ['a link with a space', () => putHome({ slides: [slide({ link: '/shop now' })], banners: [] }), /link/],
    ['a heading too long', () => putHome({ slides: [slide({ heading: 'x'.repeat(121) })], banners: [] }), /heading/],
    ['a blank heading', () => putHome({ slides: [slide({ heading: '   ' })], banners: [] }), /heading/],
    ['no slide', () => putHome({ slides: [], banners: [] }), /slides/],
    ['seven slides', () => putHome({ slides: Array.from({ length: 7 }, () => slide()), banners: [] }), /slides/],
    ['a picture from elsewhere', () => putHome({ slides: [slide({ image: 'https://evil.example/x.jpg' })], banners: [] }), /image/],
    ['a French text too long', () => putHome({ slides: [slide({ translations: { fr: { text: 'x'.repeat(401) } } })], banners: [] }), /text/],
    ['a social account on javascript:', () => putFooter(footer({ social: social({ facebook: 'javascript:void(0)' }) })), /facebook/],
    ['a footer link on vbscript:', () => putFooter(footer({ customer: [{ label: 'Help', url: 'vbscript:x' }] })), /url/],
    ['a footer link with a control character', () => putFooter(footer({ customer: [{ label: 'Help', url: '/help\u0001' }] })), /url/],
    ['a policy page too long', () => t.call('PUT', '/api/content/page/secure-shopping', { token: t.adminToken, body: { title: 'Secure', body: 'x'.repeat(20_001) } }), /body/],
    ['a policy page without a title', () => t.call('PUT', '/api/content/page/secure-shopping', { token: t.adminToken, body: { title: '', body: 'Text' } }), /title/],
    ['a page the shop does not have', () => t.call('PUT', '/api/content/page/terms', { token: t.adminToken, body: { title: 'Terms', body: 'Text' } }), /slug/],
  ])('%s', async (_name, send, words) => {
    const before = await t.fingerprint();
    const shown = (await read()).body;
    const r = await send();
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(words);
    expect(await t.fingerprint()).toBe(before);
    expect((await read()).body).toEqual(shown);
  });
});

describe('who may write them', () => {
  test("customers and staff without the 'content' permission are refused (403); Support, which holds it, writes", async () => {
    const customer = await t.customer();
    const editor = await staffOf('catalog-editor');
    const before = await t.fingerprint();
    const body = { slides: [slide({ heading: 'Not theirs' })], banners: [] };
    expect((await putHome(body, customer.token)).status).toBe(403);
    expect((await t.call('PUT', '/api/content/home', { body })).status).toBe(401);
    const refused = await putHome(body, editor);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(PERMISSION_MISSING);
    expect((await t.call('GET', '/api/content/edit', { token: editor })).status).toBe(403);
    expect((await putFooter(footer(), editor)).status).toBe(403);
    expect(await t.fingerprint()).toBe(before);
    const support = await staffOf('support');
    expect((await putHome({ slides: [slide({ heading: 'Support wrote this' })], banners: [] }, support)).status).toBe(200);
    expect((await read()).body.slides[0].heading).toBe('Support wrote this');
  });
});

import { previewSigner } from './preview';
import { startTestApp, type TestApp } from '../../test/harness';

// Issue 38 (18): an admin previews a draft product's page through a signed link (HMAC under the shop's
// secret, expiring, for one product); without it, the draft stays not found. PGlite and PostgreSQL.
let t: TestApp;
let usd: { _id: string };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

const preview = (token: string) => t.call('GET', `/api/product/preview?token=${encodeURIComponent(token)}`);
const tokenOf = (url: string) => new URL(url, 'http://shop.test').searchParams.get('preview')!;

test("a draft's signed link shows its page; the draft stays not found without it, and the link is the admins' to make", async () => {
  const draft = await t.product({ title: 'Preview Locket', basePrice: [{ currType: usd._id, amount: 90 }], published: false });
  expect((await t.call('GET', `/api/product/slugSearch/${draft.slug}`)).status).toBe(404);
  expect((await t.call('GET', `/api/product/${draft._id}`)).status).toBe(404);

  const c = await t.customer();
  expect((await t.call('POST', `/api/product/${draft._id}/preview-link`)).status).toBe(401);
  expect((await t.call('POST', `/api/product/${draft._id}/preview-link`, { token: c.token })).status).toBe(403);
  expect((await t.call('POST', '/api/product/00000000-0000-0000-0000-000000000000/preview-link', { token: t.adminToken })).status).toBe(404);

  const link = await t.call('POST', `/api/product/${draft._id}/preview-link`, { token: t.adminToken });
  expect(link.status).toBe(200);
  expect(link.body.url).toMatch(new RegExp(`^/${draft.slug}\\?preview=`));
  const hours = (Date.parse(link.body.expiresAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23);
  expect(hours).toBeLessThanOrEqual(24);

  const seen = await preview(tokenOf(link.body.url));
  expect(seen.status).toBe(200);
  expect(seen.body).toMatchObject({ _id: draft._id, title: 'Preview Locket', published: false });
  expect(seen.headers.get('cache-control')).toBe('private, no-store');
  expect(seen.headers.get('x-robots-tag')).toBe('noindex');
  // Never public: the page's own reads still do not find it.
  expect((await t.call('GET', `/api/product/slugSearch/${draft.slug}`)).status).toBe(404);
});

test('an altered, expired, foreign or malformed token finds nothing', async () => {
  const draft = await t.product({ title: 'Preview Pendant', basePrice: [{ currType: usd._id, amount: 40 }], published: false });
  const other = await t.product({ title: 'Preview Bangle', basePrice: [{ currType: usd._id, amount: 60 }], published: false });
  const token = tokenOf((await t.call('POST', `/api/product/${draft._id}/preview-link`, { token: t.adminToken })).body.url);
  const [id, expires, sig] = token.split('.');
  const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
  for (const bad of [
    `${id}.${expires}.${flipped}`,
    `${other._id}.${expires}.${sig}`, // the signature is for another product
    `${id}.${Number(expires) + 86_400}.${sig}`, // stretched
    t.ctx.preview.sign(draft._id, new Date(Date.now() - 1000)), // expired
    previewSigner('another shop').sign(draft._id, new Date(Date.now() + 3_600_000)), // not this shop's secret
    'not-a-token',
    '',
  ]) {
    expect([bad, (await preview(bad)).status]).toEqual([bad, 404]);
  }
  expect((await preview(token)).status).toBe(200);
});

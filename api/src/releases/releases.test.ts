import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUCKET_COOKIE } from '@shop/contract';
import { startTestApp, within, type TestApp } from '../test/harness';
import { buildRelease, SHELL_SHARED, shellRoot, uploadForm, type TestRelease } from '../test/releaseFixtures';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { MIN_VIEWS } from './health';

// Issue 36: remote releases over HTTP, on PGlite and (DATABASE_URL) PostgreSQL: deploy tokens scoped to
// one remote, registration (stored whole, or not at all), the gate's 409 with every reason, promote,
// canary by the visitor's bucket, rollback, /remotes.json and the shop's pages following the live
// releases, the health rule (audited, e-mailed), and every bad input a 4xx that changes nothing.
jest.setTimeout(120_000);

const SHOP_INBOX = 'releases@aurelia.test';
let t: TestApp;
let smtp: TestSmtp;
let root: string;
let catalogToken: string;

beforeAll(async () => {
  smtp = await startSmtp();
  root = shellRoot();
  t = await startTestApp({
    staticRoot: root,
    trustProxy: true,
    releases: { shellShared: SHELL_SHARED, maxMb: 1 },
    mail: { smtpUrl: smtp.url, shopEmail: SHOP_INBOX, from: 'Aurelia Jewels <shop@aurelia.test>', pollMs: 200 },
  });
  const made = await t.call('POST', '/api/releases/tokens', { token: t.superToken, body: { remote: 'catalog' } });
  expect(made.status).toBe(201);
  catalogToken = made.body.token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const upload = (remote: string, r: TestRelease, token = catalogToken, manifestText?: string) =>
  t.call('POST', `/api/releases/${remote}`, { token, raw: uploadForm(r, manifestText) });
const promote = (remote: string, body: object, token = catalogToken) => t.call('POST', `/api/releases/${remote}/promote`, { token, body });
const rollback = (remote: string, token = catalogToken) => t.call('POST', `/api/releases/${remote}/rollback`, { token });
const asVisitor = (bucket: number, path: string) => t.call('GET', path, { headers: { cookie: `${BUCKET_COOKIE}=${bucket}` } });
/** Every file in the release store (DATA_DIR/releases or the bucket's releases/). */
/** The shop's data but the deploy tokens' last use (a refused request still used its token). */
const fingerprint = async () => (await t.fingerprint()).replace(/^deploy_tokens:.*$/m, '');
const storedFiles = async () => {
  const keys: string[] = [];
  for await (const key of t.app.releases.deps.store.list('')) keys.push(key);
  return keys;
};

const v1 = buildRelease('catalog', { heading: 'Fine jewelry' });
const v2 = buildRelease('catalog', {
  heading: 'Fine jewelry, now with a lookbook',
  pages: [...v1.manifest.pages.slice(0, 2), { path: '/lookbook', module: 'LookbookPage', guard: 'none' }, v1.manifest.pages[2]],
});

test('deploy tokens: made by the super admin only, shown once, listed without their secret, scoped to their remote', async () => {
  expect((await t.call('POST', '/api/releases/tokens', { token: t.adminToken, body: { remote: 'catalog' } })).status).toBe(403);
  expect((await t.call('POST', '/api/releases/tokens', { token: t.superToken, body: { remote: 'nowhere' } })).status).toBe(400);
  const list = await t.call('GET', '/api/releases/tokens', { token: t.superToken });
  expect(list.status).toBe(200);
  expect(list.body.some((k: any) => k.remote === 'catalog')).toBe(true);
  expect(JSON.stringify(list.body)).not.toContain(catalogToken);
  const stored = await t.ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM deploy_tokens`);
  expect(stored.every((r) => !catalogToken.includes(r.token_hash) && r.token_hash.length === 64)).toBe(true);

  // A catalog token cannot touch checkout; a revoked one nothing; no token at all is a 401.
  const checkout = buildRelease('checkout');
  expect((await upload('checkout', checkout)).status).toBe(403);
  expect((await promote('checkout', { version: checkout.manifest.version })).status).toBe(403);
  expect((await rollback('checkout')).status).toBe(403);
  expect((await t.call('POST', '/api/releases/catalog/rollback')).status).toBe(401);
  const other = await t.call('POST', '/api/releases/tokens', { token: t.superToken, body: { remote: 'catalog' } });
  expect((await t.call('DELETE', `/api/releases/tokens/${other.body._id}`, { token: t.superToken })).status).toBe(204);
  expect((await t.call('DELETE', `/api/releases/tokens/${other.body._id}`, { token: t.superToken })).status).toBe(404);
  expect((await upload('catalog', v1, other.body.token)).status).toBe(401);
});

test('bad uploads are each a clear 4xx, and nothing is stored or recorded', async () => {
  const before = await fingerprint();
  const bad = buildRelease('catalog', { heading: 'bad' });
  const noEntry: TestRelease = { manifest: bad.manifest, files: { 'chunk.abc123.js': 'x' } };
  const outside: TestRelease = { manifest: bad.manifest, files: { ...bad.files, '../escape.js': 'x' } };
  const tooBig: TestRelease = { manifest: bad.manifest, files: { ...bad.files, 'big.js': 'x'.repeat(1024 * 1024 + 10) } };
  const tampered: TestRelease = { manifest: bad.manifest, files: { ...bad.files, 'remoteEntry.js': 'var catalog; /* changed */' } };
  const cases: Array<[string, Promise<{ status: number; body: any }>, number, RegExp]> = [
    ['no remoteEntry.js', upload('catalog', noEntry), 400, /remoteEntry\.js/],
    ['a manifest that does not parse', upload('catalog', bad, catalogToken, '{"remote": "catalog",'), 400, /not valid JSON/],
    ['no manifest', upload('catalog', bad, catalogToken, ''), 400, /manifest/],
    ['a manifest of another remote', upload('catalog', buildRelease('checkout')), 400, /checkout/],
    ['a path outside the folder', upload('catalog', outside), 400, /not allowed/],
    ['more than RELEASE_MAX_MB', upload('catalog', tooBig), 413, /RELEASE_MAX_MB/],
    ['a remoteEntry.js the integrity does not name', upload('catalog', tampered), 400, /integrity/],
    ['a version promoted that does not exist', promote('catalog', { version: '9.9.9+abcdef1' }), 404, /no release/],
    ['a version that is not one', promote('catalog', { version: '../x' }), 400, /version/],
    ['a percent out of range', promote('catalog', { version: bad.manifest.version, percent: 0 }), 400, /percent/],
    ['an unknown remote', t.call('POST', '/api/releases/nowhere/promote', { token: t.superToken, body: { version: '1.0.0+abcdef1' } }), 400, /remote/],
  ];
  for (const [what, answer, status, says] of cases) {
    const res = await answer;
    expect([what, res.status]).toEqual([what, status]);
    expect(res.body.message).toMatch(says);
  }
  expect(await fingerprint()).toBe(before);
  expect(await storedFiles()).toEqual([]);
});

test('the gate refuses, with every reason at once: another React major, an old contract, a page not exposed, a taken path, a fragment in use gone', async () => {
  const before = await fingerprint();
  const react18 = buildRelease('catalog', { heading: 'old react', shared: { ...SHELL_SHARED, react: '18.3.1', 'react-dom': '18.3.1' } });
  const res = await upload('catalog', react18);
  expect(res.status).toBe(409);
  expect(res.body.reasons).toEqual([expect.stringMatching(/^react: built against 18\.3\.1, the shell has 19\.3\.1/), expect.stringMatching(/^react-dom: built against 18\.3\.1/)]);

  const many = buildRelease('catalog', {
    heading: 'many faults',
    pages: [{ path: '/privacy-policy', module: 'HomePage', guard: 'none' }],
    manifest: { contract: 0, exposes: ['Other'] },
  });
  const refused = await upload('catalog', many);
  expect(refused.status).toBe(409);
  expect(refused.body.reasons).toEqual([
    expect.stringMatching(/contract version 0/),
    expect.stringMatching(/page \/privacy-policy: names the module HomePage, which the release does not expose/),
    expect.stringMatching(/page \/privacy-policy: already shown by the shell/),
  ]);
  // A page of a remote with no release yet (the shell's own route table says whose it is).
  const takesCart = buildRelease('catalog', { heading: 'takes /cart', pages: [...v1.manifest.pages, { path: '/cart', module: 'HomePage', guard: 'none' }] });
  const taken = await upload('catalog', takesCart);
  expect([taken.status, taken.body.reasons]).toEqual([409, ['page /cart: already shown by the checkout remote']]);
  const noMiniCart = buildRelease('checkout', { fragments: ['AddToCart', 'WishlistButton', 'CartRow'] });
  const gone = await upload('checkout', noMiniCart, t.superToken);
  expect(gone.status).toBe(409);
  expect(gone.body.reasons).toEqual([expect.stringMatching(/fragment checkout\/MiniCart: the shell or another remote embeds it/)]);
  expect(await fingerprint()).toBe(before);
});

test('register, promote, canary by bucket, promote to everyone, roll back: /remotes.json and the pages follow, files are immutable', async () => {
  const first = await upload('catalog', v1);
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ version: v1.manifest.version, createdBy: expect.stringMatching(/^token:/), status: 'new', integrity: v1.manifest.integrity });
  expect((await upload('catalog', v1)).status).toBe(409);
  // Registered is not live: the shell's own manifest still answers.
  expect((await asVisitor(5, '/remotes.json')).body.remotes.catalog).toBe('/mfe-catalog/remoteEntry.js');
  // A first release goes to everyone.
  expect((await promote('catalog', { version: v1.manifest.version, percent: 10 })).status).toBe(409);
  expect((await promote('catalog', { version: v1.manifest.version })).status).toBe(200);

  const fresh = await t.call('GET', '/remotes.json');
  expect(fresh.headers.get('cache-control')).toBe('no-cache');
  expect(fresh.headers.get('set-cookie')).toMatch(new RegExp(`^${BUCKET_COOKIE}=\\d{1,2}; Path=/; Max-Age=31536000; SameSite=Lax`));
  const entry1 = `/releases/catalog/${encodeURIComponent(v1.manifest.version)}/remoteEntry.js`;
  expect(fresh.body).toMatchObject({ apiUrl: '/api', remotes: { catalog: entry1, checkout: '/mfe-checkout/remoteEntry.js' }, versions: { catalog: v1.manifest.version } });
  expect(fresh.body.routes.map((r: any) => r.path)).toContain('/cart');
  expect(fresh.body.routes.at(-1)).toMatchObject({ path: '/:slug', remote: 'catalog/ProductPage' });
  // Compressed once and kept per release set: the same answer in brotli, gzip and as it is.
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await t.call('GET', '/remotes.json', { headers: { cookie: `${BUCKET_COOKIE}=5`, 'accept-encoding': encoding } });
    expect([encoding, res.headers.get('content-encoding'), res.body]).toEqual([encoding, encoding === 'identity' ? null : encoding, fresh.body]);
  }
  const file = await t.call('GET', entry1);
  expect(file.status).toBe(200);
  expect(file.body).toBe(v1.files['remoteEntry.js']);
  expect(file.headers.get('content-type')).toMatch(/^application\/javascript/);
  expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await t.call('GET', `/releases/catalog/${encodeURIComponent(v1.manifest.version)}/missing.js`)).status).toBe(404);

  // v2 adds /lookbook, as a canary for half the visitors.
  expect((await upload('catalog', v2)).status).toBe(201);
  const canary = await promote('catalog', { version: v2.manifest.version, percent: 50 });
  expect(canary.status).toBe(200);
  expect(canary.body.status).toBe('canary');
  const low = await asVisitor(10, '/remotes.json');
  const high = await asVisitor(90, '/remotes.json');
  expect(low.headers.get('set-cookie')).toBeNull();
  expect(low.body.versions.catalog).toBe(v2.manifest.version);
  expect(high.body.versions.catalog).toBe(v1.manifest.version);
  expect(low.body.routes.map((r: any) => r.path)).toContain('/lookbook');
  expect(high.body.routes.map((r: any) => r.path)).not.toContain('/lookbook');
  expect((await asVisitor(10, '/lookbook')).status).toBe(200);
  expect((await asVisitor(90, '/lookbook')).status).toBe(404);
  const list = await t.call('GET', '/api/releases', { token: t.superToken });
  expect(list.body.find((r: any) => r.remote === 'catalog')).toMatchObject({ stable: { version: v1.manifest.version }, canary: { version: v2.manifest.version }, percent: 50 });
  expect((await t.call('GET', '/api/releases', { token: t.adminToken })).status).toBe(403);

  // Everyone.
  expect((await promote('catalog', { version: v2.manifest.version })).status).toBe(200);
  expect((await asVisitor(90, '/remotes.json')).body.versions.catalog).toBe(v2.manifest.version);
  expect((await asVisitor(90, '/lookbook')).status).toBe(200);

  // Back, at once, for everyone.
  const back = await rollback('catalog');
  expect(back.status).toBe(200);
  expect(back.body).toMatchObject({ version: v1.manifest.version, status: 'stable' });
  for (const bucket of [10, 90]) {
    expect((await asVisitor(bucket, '/remotes.json')).body.versions.catalog).toBe(v1.manifest.version);
    expect((await asVisitor(bucket, '/lookbook')).status).toBe(404);
  }
  expect((await rollback('catalog')).status).toBe(409); // nothing before v1
  const audit = await t.ctx.db.query<{ action: string; entity_id: string }>(`SELECT action, entity_id FROM audit_log WHERE entity = 'release' ORDER BY at`);
  expect(audit.map((a) => a.action)).toEqual(['create', 'promote', 'create', 'promote', 'promote', 'rollback']);
});

test('health: a canary whose errors pass 2 % of its page views (once it has 50) is rolled back, audited and e-mailed', async () => {
  const v3 = buildRelease('catalog', { heading: 'throws in its page' });
  expect((await upload('catalog', v3)).status).toBe(201);
  expect((await promote('catalog', { version: v3.manifest.version, percent: 20 })).status).toBe(200);
  const report = (body: object) => t.call('POST', '/api/releases/events', { body, headers: { 'x-forwarded-for': '198.51.100.7' } });
  expect((await report({ remote: 'catalog', version: v3.manifest.version, kind: 'crashed' })).status).toBe(400);
  expect((await report({ remote: 'catalog', version: v3.manifest.version, kind: 'error', count: 1000 })).status).toBe(400);
  // Two errors in 40 views: over 2 %, but too few views to judge.
  for (let i = 0; i < 40; i++) await asVisitor(3, '/remotes.json');
  expect((await report({ remote: 'catalog', version: v3.manifest.version, kind: 'error' })).status).toBe(204);
  expect((await report({ remote: 'catalog', version: v3.manifest.version, kind: 'load-failed' })).status).toBe(204);
  const health = t.app.releases.health;
  await health.tick();
  expect((await asVisitor(3, '/remotes.json')).body.versions.catalog).toBe(v3.manifest.version);
  for (let i = 0; i < MIN_VIEWS - 41; i++) await asVisitor(3, '/remotes.json');
  await health.tick();
  expect((await asVisitor(3, '/remotes.json')).body.versions.catalog).toBe(v1.manifest.version);
  const entry = await t.ctx.db.one<{ actor_id: string | null; after: any }>(`SELECT actor_id, after FROM audit_log WHERE entity = 'release' AND action = 'rollback' ORDER BY at DESC LIMIT 1`);
  expect(entry).toMatchObject({ actor_id: null, after: { by: 'health rule', reason: 'error rate', views: MIN_VIEWS, errors: 2 } });
  expect(await within(10_000, () => smtp.mails.some((m) => m.subject === `Release rolled back: catalog ${v3.manifest.version}`))).toBe(true);
});

test('a build as one tarball (tar -czf, long paths included) is a release; a tarball with ../ is refused, nothing stored', async () => {
  const r = buildRelease('catalog', { heading: 'from a tarball' });
  const deep = `assets/${'nested-folder/'.repeat(9)}font.woff2`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tarball-'));
  for (const [name, text] of Object.entries({ ...r.files, [deep]: 'font bytes' })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const tgz = execFileSync('tar', ['-czf', '-', '-C', dir, '.']);
  fs.rmSync(dir, { recursive: true, force: true });
  const form = new FormData();
  form.append('manifest', JSON.stringify(r.manifest));
  form.append('tarball', new Blob([new Uint8Array(tgz)]), 'build.tgz');
  const res = await t.call('POST', '/api/releases/catalog', { token: catalogToken, raw: form });
  expect(res.status).toBe(201);
  const served = await t.call('GET', `/releases/catalog/${encodeURIComponent(r.manifest.version)}/${deep}`);
  expect([served.status, served.body]).toEqual([200, 'font bytes']);

  // A hand-made tar whose one entry climbs out of the release's folder.
  const before = await fingerprint();
  const header = Buffer.alloc(512);
  header.write('../escape.js', 0);
  header.write('00000000001\0', 124);
  header.write('0', 156);
  const evil = Buffer.concat([header, Buffer.from('x'.padEnd(512, '\0')), Buffer.alloc(1024)]);
  const bad = new FormData();
  const other = buildRelease('catalog', { heading: 'evil tarball' });
  bad.append('manifest', JSON.stringify(other.manifest));
  bad.append('tarball', new Blob([new Uint8Array(evil)]), 'build.tar');
  const refused = await t.call('POST', '/api/releases/catalog', { token: catalogToken, raw: bad });
  expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/not allowed/)]);
  expect(await fingerprint()).toBe(before);
  expect((await storedFiles()).filter((k) => k.startsWith(`catalog/${other.manifest.version}/`))).toEqual([]);
});

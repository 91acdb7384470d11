import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { ADMIN, launchBrowser, seriousA11yViolations } from './support/browser';
import { ROOT, startShop, type RunningShop } from './support/shopServer';

// Issue 36: a remote's team ships, canaries and rolls back its remote alone, with no shell build. The
// shop starts on copies of the five builds (npm start registers the remotes as their first releases).
// Release v2 of the catalog adds /lookbook and changes a heading; as a 50 % canary, two visitors in
// different buckets see different versions on the same URL, and only the canary's has /lookbook (the
// other gets the 404 page, HTTP 404 too); promoted, both see v2; rolled back, both v1 again. A release
// built against another React major is refused with that reason; a canary whose page fails is rolled
// back by the health rule. v2 and v3 are the built catalog with a text changed (as a rebuild would
// change it) and a manifest naming one more page: no webpack run, the journey stays short.
const APPS = ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];
const ORIGINAL = 'Jewelry made slowly, to be worn for a lifetime';
const CHANGED = 'Jewelry made slowly, released on its own';

let staticRoot: string;
let shop: RunningShop;
let browser: Browser;
let token: string;
/** The super admin's (GET /api/releases is theirs; a deploy token acts on its remote only). */
let adminToken: string;
let adminSession: Record<string, unknown>;

/** The built catalog's files, by path, and its release.json. */
function builtCatalog(): { files: Map<string, Buffer>; manifest: Record<string, any> } {
  const dist = path.join(staticRoot, 'mfe-catalog/dist');
  const files = new Map<string, Buffer>();
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file, `${prefix}${name}/`);
      else files.set(`${prefix}${name}`, readFileSync(file));
    }
  };
  walk(dist, '');
  return { files, manifest: JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8')) };
}

/** A new build of the catalog: the files changed by edit, the manifest by patch, the version from the content. */
function newCatalog(edit: (text: string) => string, patch: (m: Record<string, any>) => void) {
  const { files, manifest } = builtCatalog();
  for (const [name, bytes] of files) if (name.endsWith('.js')) files.set(name, Buffer.from(edit(bytes.toString('utf8'))));
  const hash = createHash('sha256');
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(name).update(bytes);
  manifest.version = `1.0.1+${hash.digest('hex').slice(0, 10)}`;
  patch(manifest);
  return { files, manifest };
}

async function upload({ files, manifest }: ReturnType<typeof newCatalog>) {
  const form = new FormData();
  form.append('manifest', JSON.stringify(manifest));
  for (const [name, bytes] of files) if (name !== 'release.json') form.append(name, new Blob([new Uint8Array(bytes)]), path.basename(name));
  const res = await fetch(`${shop.url}/api/releases/catalog`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}
async function call(url: string, body?: unknown, as = token) {
  const res = await fetch(shop.url + url, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${as}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json() };
}

/** A visitor whose bucket cookie is bucket. */
async function visitor(bucket: number): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: shop.url });
  await context.addCookies([{ name: 'shop_bucket', value: String(bucket), url: shop.url }]);
  return context;
}
async function heading(context: BrowserContext, at: string): Promise<{ status: number; heading: string }> {
  const page = await context.newPage();
  const res = await page.goto(at);
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor({ timeout: 20_000 });
  // The remote's page replaces the server's first view: wait for a heading the page itself renders.
  await page.waitForFunction(() => !document.querySelector('#first-view'), undefined, { timeout: 20_000 });
  const text = (await h1.first().textContent())?.trim() ?? '';
  await page.close();
  return { status: res?.status() ?? 0, heading: text };
}

beforeAll(async () => {
  staticRoot = mkdtempSync(path.join(tmpdir(), 'shop-releases-'));
  for (const app of APPS) cpSync(path.join(ROOT, app, 'dist'), path.join(staticRoot, app, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'mfe-catalog/dist-server'), path.join(staticRoot, 'mfe-catalog/dist-server'), { recursive: true });
  shop = await startShop({ STATIC_ROOT: staticRoot, SEED_DEMO: '0' });
  browser = await launchBrowser();
  const login = await fetch(`${shop.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: ADMIN.email, password: ADMIN.password }) }).then((r) => r.json());
  const made = await fetch(`${shop.url}/api/releases/tokens`, { method: 'POST', headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ remote: 'catalog' }) }).then((r) => r.json());
  token = made.token;
  adminToken = login.token;
  adminSession = { auth: true, name: login.fullName, role: login.role, isSuperAdmin: login.isSuperAdmin, token: login.token, selectedCurrency: '' };
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
});

it('a canary, promotion and rollback of the catalog, seen per visitor, with no shell build', async () => {
  const shellEntry = await (await fetch(`${shop.url}/main.js`)).text();
  const v1 = builtCatalog().manifest.version;
  const v2 = newCatalog(
    (text) => text.replaceAll(ORIGINAL, CHANGED),
    (m) => {
      m.pages.splice(-1, 0, { path: '/lookbook', module: 'AboutPage', guard: 'none' });
    },
  );
  const registered = await upload(v2);
  expect(registered.status).toBe(201);
  expect((await call('/api/releases/catalog/promote', { version: v2.manifest.version, percent: 50 })).status).toBe(200);

  const canary = await visitor(10);
  const stable = await visitor(90);
  expect(await heading(canary, '/about')).toEqual({ status: 200, heading: CHANGED });
  expect(await heading(stable, '/about')).toEqual({ status: 200, heading: ORIGINAL });
  expect(await heading(canary, '/lookbook')).toEqual({ status: 200, heading: CHANGED });
  expect(await heading(stable, '/lookbook')).toEqual({ status: 404, heading: 'Opps! This page Could Not Be Found!' });

  expect((await call('/api/releases/catalog/promote', { version: v2.manifest.version })).status).toBe(200);
  expect((await heading(stable, '/lookbook')).heading).toBe(CHANGED);
  expect((await heading(canary, '/about')).heading).toBe(CHANGED);

  const back = await call('/api/releases/catalog/rollback', {});
  expect(back.body.version).toBe(v1);
  expect((await heading(canary, '/about')).heading).toBe(ORIGINAL);
  expect(await heading(stable, '/lookbook')).toEqual({ status: 404, heading: 'Opps! This page Could Not Be Found!' });
  // The shell's own files are byte for byte what they were.
  expect(await (await fetch(`${shop.url}/main.js`)).text()).toBe(shellEntry);
  await canary.close();
  await stable.close();
}, 240_000);

it('refuses a release built against another React major, saying so', async () => {
  const old = newCatalog(
    (text) => text,
    (m) => {
      m.shared.react = '18.3.1';
    },
  );
  const res = await upload(old);
  expect(res.status).toBe(409);
  expect(res.body.reasons).toEqual([expect.stringMatching(/^react: built against 18\.3\.1, the shell has 19\./)]);
});

it('rolls back a canary whose page fails, by the health rule', async () => {
  // The About page's code throws as it loads: its chunk cannot be evaluated. The page's chunk is the one
  // that asks for its heading's message (t("about.title")); the text itself is in the catalogue's chunk.
  const broken = newCatalog(
    (text) => (text.includes('("about.title")') ? `throw new Error('canary broke');${text}` : text),
    () => undefined,
  );
  expect((await upload(broken)).status).toBe(201);
  expect((await call('/api/releases/catalog/promote', { version: broken.manifest.version, percent: 50 })).status).toBe(200);
  const canary = await visitor(10);
  for (let i = 0; i < 2; i++) {
    const page = await canary.newPage();
    await page.goto('/about');
    await page.getByText('This part of the shop is unavailable right now.').waitFor({ timeout: 20_000 });
    await page.close();
  }
  // The rest of the 50 page views the rule waits for: other canary visitors' pages.
  for (let i = 0; i < 48; i++) await fetch(`${shop.url}/remotes.json`, { headers: { cookie: 'shop_bucket=10' } });
  let releases: any[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    releases = (await call('/api/releases', undefined, adminToken)).body;
    if (!releases.find((r) => r.remote === 'catalog').canary) break;
  }
  const catalog = releases.find((r) => r.remote === 'catalog');
  expect(catalog.canary).toBeNull();
  expect(catalog.history.find((r: { version: string }) => r.version === broken.manifest.version)).toMatchObject({ errors: 2 });
  await canary.close();
}, 120_000);

it('the back office Releases page shows each remote and the deploy tokens, axe clean', async () => {
  // bypassCSP: axe-core is injected as an inline script.
  const context = await browser.newContext({ baseURL: shop.url, bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify(s)), adminSession);
  await page.goto('/releases');
  const catalog = page.getByRole('region', { name: 'catalog' });
  await catalog.getByText('Stable').waitFor({ timeout: 20_000 });
  await page.getByRole('region', { name: 'Deploy tokens' }).getByRole('cell', { name: 'catalog' }).first().waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
}, 60_000);

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { ROOT, startShop, type RunningShop } from './support/shopServer';

// Issue 2: a remote rebuilt alone shows its change in the running shell, with the shell untouched.
const APPS = ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];
const ORIGINAL = 'Jewelry made slowly, to be worn for a lifetime';
const CHANGED = 'Jewelry made slowly, redeployed on its own';

let staticRoot: string;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  // A deployment of its own: copies of the five builds, served by a shop started on them.
  staticRoot = mkdtempSync(path.join(tmpdir(), 'shop-redeploy-'));
  for (const app of APPS) cpSync(path.join(ROOT, app, 'dist'), path.join(staticRoot, app, 'dist'), { recursive: true });
  shop = await startShop({ STATIC_ROOT: staticRoot, SEED_DEMO: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
});

it('serves a rebuilt catalog to the running shell without rebuilding the shell', async () => {
  const page = await browser.newPage();
  await page.goto(`${shop.url}/about`);
  await page.getByRole('heading', { name: ORIGINAL }).waitFor();
  const shellEntry = await (await fetch(`${shop.url}/main.js`)).text();

  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--config', path.join(ROOT, 'e2e/support/rebuild-remote.config.js')], {
    cwd: ROOT,
    env: { ...process.env, REBUILD_REMOTE: 'mfe-catalog', REBUILD_OUT: path.join(staticRoot, 'mfe-catalog/dist'), REBUILD_FROM: ORIGINAL, REBUILD_TO: CHANGED },
    stdio: 'pipe',
  });

  await page.reload();
  await page.getByRole('heading', { name: CHANGED }).waitFor();
  // The shell's own files are byte for byte what they were.
  expect(await (await fetch(`${shop.url}/main.js`)).text()).toBe(shellEntry);
  expect((await fetch(`${shop.url}/mfe-catalog/remoteEntry.js`)).headers.get('cache-control')).toMatch(/no-cache/);
  await page.close();
}, 240_000);

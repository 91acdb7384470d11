import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (the e2e globalSetup starts the shop)');
  return url;
};

/** The demo super admin (README "Demo logins"). */
export const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@shop.local', password: process.env.ADMIN_PASSWORD || 'admin12345' };

export const PHONE = { width: 375, height: 812 };

/**
 * A remote's files wherever the shop serves them: its build's folder (/mfe-catalog/…) or, once the
 * remote has releases (issue 36; npm start registers the built ones), /releases/catalog/<version>/….
 */
export const remoteFiles = (name: string): RegExp => new RegExp(`/(mfe-${name}|releases/${name}/[^/]+)/`);
/** The remote ('mfe-catalog') whose entry file a URL is, or null. */
export const remoteOfEntry = (url: string): string | null => {
  const m = /\/(?:(mfe-[a-z]+)|releases\/([a-z]+)\/[^/]+)\/remoteEntry\.js/.exec(url);
  return m ? (m[1] ?? `mfe-${m[2]}`) : null;
};
export const DESKTOP = { width: 1280, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

export interface PageErrors {
  errors: string[];
}

/** A fresh context (own localStorage) and page; uncaught page errors are collected for assertions. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // bypassCSP: the shop's CSP forbids inline scripts, and axe-core is injected as one.
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Waits until the page's own render has replaced the server's first view (#first-view: contract
 * FIRST_VIEW_ID), so what a journey clicks is the page's: the view's product page shows the buy row
 * (its Add to cart disabled) above the page's hidden render, and a click landed on the view on a slow host
 * (guestCheckout.test in CI: the options checked, Add to cart still disabled for 30 s).
 */
export const pageTakenOver = (page: Page) => page.locator('#first-view').waitFor({ state: 'detached', timeout: 30_000 });

/** Signs in through the API and stores the session the way the login page does (localStorage key `root`). */
export async function signInAs(page: Page, uid: string, password: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uid, password }),
  });
  if (!res.ok) throw new Error(`login failed for ${uid}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; fullName: string; role: string; isSuperAdmin: boolean };
  const session = { auth: true, name: body.fullName, role: body.role, isSuperAdmin: body.isSuperAdmin, token: body.token, selectedCurrency: '' };
  if (page.url() === 'about:blank') await page.goto('/about');
  await page.evaluate((s) => localStorage.setItem('root', JSON.stringify(s)), session);
}

/** One call to the shop's API as the holder of `token`; throws with the answer's text unless it is 2xx. */
export async function callApi<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Whether a listed product has a price in a currency (any, without one): a journey that buys the newest piece
 * picks one that has, since another journey (productDraft) may have published one without a price.
 */
export const pricedIn = (p: { basePrice: Array<{ currType: string }> }, currencyId?: string): boolean =>
  currencyId ? p.basePrice.some((b) => b.currType === currencyId) : p.basePrice.length > 0;

/** Makes an unpublished product (a draft) through the API as the admin holding `token`, with a 1×1 photo and one base price. */
export async function createDraftProduct(token: string, title: string, basePrice: Array<{ currType: string; amount: number }>): Promise<{ _id: string; title: string }> {
  const form = new FormData();
  form.append('title', title);
  form.append('basePrice', JSON.stringify(basePrice));
  form.append('published', 'false');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'piece.png');
  const made = await fetch(`${baseUrl()}/api/product`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const draft = (await made.json()) as { _id: string; title: string; message?: string };
  if (made.status !== 201) throw new Error(`POST /product: ${made.status} ${draft.message}`);
  return draft;
}

/** Registers a fresh customer through the API; returns its credentials. */
export async function registerCustomer(prefix = 'e2e'): Promise<{ email: string; password: string; fullName: string; contact: string; token: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const user = { fullName: `${prefix} Customer`, email: `${prefix}.${stamp}@example.com`, contact: stamp.slice(-10), password: 'e2e-garnet-secret' };
  const res = await fetch(`${baseUrl()}/api/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { ...user, token };
}

/**
 * Waits (3 s at most) for the page's finite animations to end, a toast fading in among them: axe measures
 * contrast as painted, and a toast half way in failed color-contrast (CI, on a slow host). Endless ones
 * (a spinner) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/** axe-core over the whole page (shell header and footer included), once it is still: its serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A toast closes when its hidden timer animation ends, and its fade-out then starts: the page is still
  // only once the toasts have gone (CI saw color-contrast fail on a toast fading out under axe).
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

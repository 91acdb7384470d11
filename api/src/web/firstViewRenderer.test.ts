import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FirstViewData } from '@shop/contract';
import { FirstViewRenderers } from './firstViewRenderer';

// The time bound and the fallback of a remote's first-view renderer (firstViewRenderer.ts): a renderer
// that loops (when called or when its module loads), never answers or throws costs the page its first
// view only, within the bound; one that loops after an await too (its thread is stopped), and a thread
// that dies takes only its renders with it.

// The bound: long enough for a new thread to start and render 40 pages on a slow, crowded CI host (at
// 200 ms, two tests missed it there while three jest runs shared two cores), short enough to wait out.
const TIMEOUT_MS = 2_000;
let dir: string;
let file: string;
let failures: unknown[];
let renderers: FirstViewRenderers;
let title = 'Pearl';
const data: FirstViewData = {
  newest: async () => [],
  product: async (slug) => ({ title, slug, imageUrls: [] }),
};

/**
 * A new build of the renderer (a later mtime, even within the same millisecond), seen from the next turn
 * of the event loop on (files are statted once per turn: lib/statThisTurn.ts), as a page's request would.
 */
async function build(source: string) {
  fs.writeFileSync(file, source);
  const later = new Date(Date.now() + Math.random() * 1e6);
  fs.utimesSync(file, later, later);
  await new Promise(setImmediate);
}
const renderer = (body: string) => build(`exports.renderFirstView = async (module, pagePath, search, data) => { ${body} };`);

/** The view of a product page, and how long it took. */
async function timed() {
  const start = performance.now();
  const view = await renderers.render(file, 'ProductPage', '/pearl', '', data);
  return { view, ms: performance.now() - start };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-renderer-'));
  file = path.join(dir, 'firstView.js');
  failures = [];
  renderers = new FirstViewRenderers(TIMEOUT_MS, (_file, err) => failures.push(err));
  title = 'Pearl';
});
afterEach(async () => {
  await renderers.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a remote's first-view renderer, bounded in time", () => {
  test('renders what the renderer gives, with the catalogue it asked', async () => {
    await renderer(`const p = await data.product(pagePath.slice(1)); return '<div id="first-view">' + module + '|' + p.title + '</div>';`);
    expect((await timed()).view).toBe('<div id="first-view">ProductPage|Pearl</div>');
    expect(failures).toEqual([]);
  });

  test.each([
    ['loops forever', 'for (;;) {}', ''],
    ['loops forever when its module loads', '', 'for (;;) {} exports.renderFirstView = async () => "never";'],
  ])('a renderer that %s: no view, within the bound; set aside until a new build, logged once', async (_, body, module) => {
    if (module) await build(module);
    else await renderer(body);
    const first = await timed();
    expect(first.view).toBeNull();
    expect(first.ms).toBeLessThan(TIMEOUT_MS + 1000);
    // Set aside: the next page does not wait for it again.
    const again = await timed();
    expect([again.view, again.ms < TIMEOUT_MS]).toEqual([null, true]);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/timed out/);
    await renderer(`return 'rebuilt';`);
    expect((await timed()).view).toBe('rebuilt');
  });

  test('a renderer that loops after one of its reads: no view within the bound, its thread stopped, set aside', async () => {
    await renderer(`await data.product('pearl'); for (;;) {}`);
    const first = await timed();
    expect(first.view).toBeNull();
    expect(first.ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect((await timed()).ms).toBeLessThan(TIMEOUT_MS);
    expect(String(failures[0])).toMatch(/timed out/);
  });

  test('a renderer whose thread dies: no view for that page, and the next page gets a new thread', async () => {
    await renderer(`if (pagePath === '/die') process.exit(3); return 'alive';`);
    expect(await renderers.render(file, 'ProductPage', '/die', '', data)).toBeNull();
    expect((await timed()).view).toBe('alive');
    expect(failures).toHaveLength(1);
  });

  test('many pages rendered at once each get their own view', async () => {
    await renderer(`const p = await data.product(pagePath.slice(1)); return module + ':' + p.slug;`);
    const views = await Promise.all(Array.from({ length: 40 }, (_, i) => renderers.render(file, 'ProductPage', `/p${i}`, '', data)));
    expect(views).toEqual(Array.from({ length: 40 }, (_, i) => `ProductPage:p${i}`));
  });

  test('a renderer that never answers: no view at the deadline, and it is asked again next page', async () => {
    await renderer('await new Promise(() => {});');
    const first = await timed();
    expect(first.view).toBeNull();
    expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(first.ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect((await timed()).view).toBeNull();
    expect(failures).toHaveLength(1);
  });

  test('a renderer that throws, at once or after a read: no view, logged once for its build', async () => {
    await renderer(`throw new Error('renderer broke');`);
    expect((await timed()).view).toBeNull();
    await renderer(`await data.product('pearl'); throw new Error('broke later');`);
    expect((await timed()).view).toBeNull();
    expect((await timed()).view).toBeNull();
    expect(failures.map(String)).toEqual(['Error: renderer broke', 'Error: broke later']);
  });

  test('no renderer file, or a module without renderFirstView: no view', async () => {
    expect((await timed()).view).toBeNull();
    await build('exports.somethingElse = 1;');
    expect((await timed()).view).toBeNull();
  });

  test('a page keeps its view while its reads answer the same, and is rendered again when they change', async () => {
    await renderer(`globalThis.n = (globalThis.n || 0) + 1; const p = await data.product('pearl'); return 'render ' + globalThis.n + ': ' + p.title;`);
    expect((await timed()).view).toBe('render 1: Pearl');
    expect((await timed()).view).toBe('render 1: Pearl');
    title = 'Pearl Drop';
    expect((await timed()).view).toBe('render 2: Pearl Drop');
  });
});

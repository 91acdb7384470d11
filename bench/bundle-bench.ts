// Front-end weight and load scores of the production shop, in Debian's Chromium.
//
//   npm run bundle -w bench                                # starts the built shop (demo catalogue) on 127.0.0.1
//   npm run bundle -w bench -- --url http://127.0.0.1:3000 # a shop that is already running
//   npm run bundle -w bench -- --no-lighthouse             # bytes and requests only
//   npm run bundle -w bench -- --static-root /tmp/shop-variant   # front ends built by bench/experiments/build-variant.sh
//
// For /, /shop and a product page, with a cold cache: the JavaScript each page loads until the network
// is idle (gzip -9 size of each response body, and the bytes actually transferred with the encoding
// the server chose), and the request count, split by the shell's own code, the shared singletons the
// shell provides, each remote's code, and the remote entries (remoteEntry.js, each holding a copy of the
// federation runtime). Compared with bench/budgets.json. Then Lighthouse (mobile preset, simulated
// throttling, Debian's Chromium) for performance, accessibility, best practices, SEO and LCP; LCP is
// also read in the page with a PerformanceObserver (unthrottled).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './lib/db';
import { fmt, markdownTable, table } from './lib/load';
import { arg, flag } from './lib/cli';
import { CHROMIUM, runLighthouse, type LighthouseScores } from './lib/lighthouse';
import { measuredPages } from './lib/pages';
import { ensureApiBuilt, startApi, type RunningApi } from './lib/server';


interface Budgets {
  pages: Record<string, { jsGzipKB: number; requests: number }>;
  groups: Record<string, number>;
  lighthouse: { performance: number; accessibility: number; 'best-practices': number; seo: number; lcpMs: number };
}
const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as Budgets;

/** Which chunk files are shared singletons, per app folder ("" for the shell at /, else "mfe-x"). */
function sharedChunks(staticRoot: string): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const [dir, prefix] of [['shell', ''], ['mfe-catalog', 'mfe-catalog'], ['mfe-checkout', 'mfe-checkout'], ['mfe-account', 'mfe-account'], ['mfe-admin', 'mfe-admin']]) {
    const file = path.join(staticRoot, dir, 'dist/mf-manifest.json');
    const files = new Map<string, string[]>();
    if (fs.existsSync(file)) {
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as { shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }> };
      for (const s of m.shared) for (const f of [...s.assets.js.sync, ...s.assets.js.async]) files.set(f, [...(files.get(f) ?? []), s.name]);
    }
    out.set(prefix, files);
  }
  return out;
}

interface Loaded {
  url: string;
  group: string;
  gzip: number;
  transferred: number;
  encoding: string;
  shared?: string[];
}

function classify(url: string, shared: Map<string, Map<string, string[]>>): { group: string; shared?: string[] } {
  const p = new URL(url).pathname;
  const m = /^\/(mfe-([a-z]+))\/(.*)$/.exec(p);
  if (m) {
    if (m[3] === 'remoteEntry.js') return { group: 'remote entries (runtime)' };
    const names = shared.get(m[1])?.get(m[3]);
    return names ? { group: `${m[2]}: duplicate shared`, shared: names } : { group: `remote ${m[2]}` };
  }
  const file = p.slice(1);
  const names = shared.get('')?.get(file);
  return names ? { group: 'shared singletons (shell)', shared: names } : { group: file === 'main.js' ? 'shell main.js (runtime + boot)' : 'shell app' };
}

const gzipCache = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let n = gzipCache.get(url);
  if (n === undefined) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    n = gzipSync(body, { level: 9 }).length;
    gzipCache.set(url, n);
  }
  return n;
}

interface PageResult {
  name: string;
  path: string;
  requests: number;
  /** Every request the page made, in order (what to cut when over the count). */
  urls: string[];
  jsFiles: Loaded[];
  lcpMs: number;
  remotes: string[];
}

async function measurePage(browser: Browser, baseUrl: string, name: string, pathname: string, shared: Map<string, Map<string, string[]>>): Promise<PageResult> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { __lcp: number }).__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const started: string[] = [];
  const finished: Array<Promise<Loaded | null>> = [];
  page.on('request', (req) => started.push(req.url()));
  page.on('requestfinished', (req) => {
    finished.push(
      (async () => {
        if (req.resourceType() !== 'script' && !req.url().endsWith('.js')) return null;
        const res = await req.response();
        const sizes = await req.sizes();
        const c = classify(req.url(), shared);
        return { url: req.url(), ...c, gzip: await gzipSize(req.url()), transferred: sizes.responseBodySize, encoding: res?.headers()['content-encoding'] ?? 'identity' };
      })(),
    );
  });
  await page.goto(pathname);
  await page.waitForLoadState('networkidle');
  // On a loaded host a script's evaluation can outlast networkidle's 500 ms with the page's next requests
  // still to come (the remotes' catalogues, the products): idle means 2 s without a new request (at most 20 s).
  for (let i = 0; i < 10; i++) {
    const seen = started.length;
    await page.waitForTimeout(2000);
    if (started.length === seen) break;
  }
  const requests = started.length;
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const jsFiles = (await Promise.all(finished)).filter((x): x is Loaded => !!x);
  await context.close();
  const remotes = [...new Set(jsFiles.filter((f) => f.group === 'remote entries (runtime)').map((f) => new URL(f.url).pathname.split('/')[1]))];
  return { name, path: pathname, requests, urls: started.map((u) => u.replace(baseUrl, '')), jsFiles, lcpMs, remotes };
}

const kb = (n: number) => (n / 1024).toFixed(1);

async function main() {
  let api: RunningApi | undefined;
  let baseUrl = arg('url');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bundle-'));
  const staticRoot = path.resolve(arg('static-root') ?? ROOT);
  if (!baseUrl) {
    for (const d of ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin']) {
      if (!fs.existsSync(path.join(staticRoot, d, 'dist/index.html')) && !fs.existsSync(path.join(staticRoot, d, 'dist/remoteEntry.js'))) throw new Error(`${d}/dist is missing under ${staticRoot}: run npm run build first`);
    }
    ensureApiBuilt();
    api = await startApi({ dataDir, env: { SEED_DEMO: '1' }, staticRoot });
    baseUrl = api.url;
    console.log(`Started the production shop (demo catalogue, PGlite, front ends from ${staticRoot}) at ${baseUrl}`);
  }
  const results: PageResult[] = [];
  const lh: Record<string, LighthouseScores | string> = {};
  try {
    // Issue 37: the budgets hold in both locales, so the French home and shop are measured too (no Lighthouse).
    const english = await measuredPages(baseUrl);
    const pages: Array<[string, string]> = [...english, ...english.filter(([name]) => name !== 'product').map(([name, p]): [string, string] => [`fr ${name}`, `/fr${p}`])];
    const shared = sharedChunks(staticRoot);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      for (const [name, p] of pages) {
        await measurePage(browser, baseUrl, name, p, shared); // warm the server (not the browser: each run is a fresh context)
        results.push(await measurePage(browser, baseUrl, name, p, shared));
      }
    } finally {
      await browser.close();
    }
    if (!flag('no-lighthouse')) for (const [name, p] of english) lh[name] = await runLighthouse(baseUrl + p);
  } finally {
    await api?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // ---- report
  const md: string[] = [];
  const over: string[] = [];
  console.log(`\nJavaScript until network idle (cold cache, mobile viewport), KB: gzip -9 of each body / transferred as served`);
  const summary: string[][] = [];
  for (const r of results) {
    const gz = r.jsFiles.reduce((s, f) => s + f.gzip, 0);
    const tr = r.jsFiles.reduce((s, f) => s + f.transferred, 0);
    const b = budgets.pages[r.name.replace(/^fr /, '')];
    if (b && gz / 1024 > b.jsGzipKB) over.push(`${r.name}: ${kb(gz)} KB gzip JS > budget ${b.jsGzipKB} KB`);
    if (b && r.requests > b.requests) over.push(`${r.name}: ${r.requests} requests > budget ${b.requests}`);
    summary.push([r.name, kb(gz), b ? String(b.jsGzipKB) : '–', kb(tr), String(r.jsFiles.length), String(r.requests), b ? String(b.requests) : '–', r.remotes.join(' ') || '–', fmt(r.lcpMs)]);
    const groups = new Map<string, Loaded[]>();
    for (const f of r.jsFiles) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
    const rows = [...groups.entries()]
      .sort((a, b2) => b2[1].reduce((s, f) => s + f.gzip, 0) - a[1].reduce((s, f) => s + f.gzip, 0))
      .map(([g, files]) => {
        const gzs = files.reduce((s, f) => s + f.gzip, 0);
        const budget = budgets.groups[g];
        if (budget !== undefined && gzs / 1024 > budget) over.push(`${r.name}: ${g} ${kb(gzs)} KB > budget ${budget} KB`);
        if (g.endsWith('duplicate shared')) over.push(`${r.name}: ${g}: ${files.flatMap((f) => f.shared ?? []).join(', ')} loaded from a remote instead of the shell`);
        const sharedNames = [...new Set(files.flatMap((f) => f.shared ?? []))];
        return [g, String(files.length), kb(gzs), budget !== undefined ? String(budget) : '–', kb(files.reduce((s, f) => s + f.transferred, 0)), [...new Set(files.map((f) => f.encoding))].join(','), sharedNames.join(' ')];
      });
    const header = ['group', 'files', 'gzip KB', 'budget', 'sent KB', 'encoding', 'shared packages'];
    console.log(`\n${r.name} (${r.path})\n${table(header, rows)}`);
    md.push(`**${r.name}**\n\n${markdownTable(header, rows)}`);
  }
  const sHeader = ['page', 'JS gzip KB', 'budget', 'JS sent KB', 'JS files', 'requests', 'budget', 'remote entries', 'LCP ms (in page)'];
  console.log(`\n${table(sHeader, summary)}`);
  md.unshift(markdownTable(sHeader, summary));

  if (Object.keys(lh).length) {
    const lHeader = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'host CPU index'];
    const lRows: string[][] = [];
    for (const [name, s] of Object.entries(lh)) {
      if (typeof s === 'string') {
        console.log(`${name}: ${s}`);
        lRows.push([name, s, '', '', '', '', '', '', '', '']);
        continue;
      }
      for (const k of ['performance', 'accessibility', 'best-practices', 'seo'] as const) if (s[k] < budgets.lighthouse[k]) over.push(`${name}: Lighthouse ${k} ${s[k]} < ${budgets.lighthouse[k]}`);
      if (s.lcpMs > budgets.lighthouse.lcpMs) over.push(`${name}: Lighthouse LCP ${fmt(s.lcpMs)} ms > ${budgets.lighthouse.lcpMs} ms`);
      lRows.push([name, String(s.performance), String(s.accessibility), String(s['best-practices']), String(s.seo), fmt(s.lcpMs), fmt(s.fcpMs), fmt(s.tbtMs), s.cls.toFixed(3), fmt(s.benchmarkIndex)]);
      const failed = (s as unknown as { failed: string[] }).failed;
      if (failed?.length) console.log(`  ${name}: audits under 0.9: ${failed.join(', ')}`);
    }
    console.log(`\nLighthouse ${'(mobile preset, simulated throttling, ' + CHROMIUM + ')'}\n${table(lHeader, lRows)}`);
    md.push(`Lighthouse (mobile, simulated throttling)\n\n${markdownTable(lHeader, lRows)}`);
  }
  console.log(over.length ? `\nOver budget:\n  ${over.join('\n  ')}` : '\nAll within budget.');

  const resultsDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.writeFileSync(path.join(resultsDir, `bundle-${stamp}.md`), `${new Date().toISOString()}\n\n${md.join('\n\n')}\n\n${over.length ? `Over budget:\n\n- ${over.join('\n- ')}` : 'All within budget.'}\n`);
  fs.writeFileSync(path.join(resultsDir, `bundle-${stamp}.json`), JSON.stringify({ results, lighthouse: lh, over }, null, 2));
  console.log(`Saved bench/results/bundle-${stamp}.{md,json}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

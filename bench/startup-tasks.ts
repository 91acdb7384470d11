// The main-thread tasks after first paint that Lighthouse's phone would count as blocking, and what
// each one was: the instrument behind the start-up work in bench/README.md ("Front end").
//
//   npm run startup-tasks -w bench                                   # the built shop, demo catalogue
//   npm run startup-tasks -w bench -- --url http://127.0.0.1:3000 --runs 3 --pages /,/shop [--slowdown 8]
//
// Lighthouse (mobile) replays the tasks it saw on this host four times slower, and every task over
// 50 ms there blocks input: so here, every task over 12.5 ms after the first contentful paint. For each
// one: when it started, how long it took, what posted it (Chromium's own name for the task), its
// largest parts, and the scripts it ran. "Blocking on a 4x phone" adds up (4 x duration - 50 ms) as
// Lighthouse's TBT does, on this host's unthrottled run: the same arithmetic, not Lighthouse's number.
// --slowdown 8 counts as a phone twice as slow again would (every task over 6.25 ms here): on a fast
// host, the tasks a slower one would still find blocking.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { arg } from './lib/cli';
import { fmt } from './lib/load';
import { CHROMIUM } from './lib/lighthouse';
import { measuredPages } from './lib/pages';
import { ensureApiBuilt, startApi, type RunningApi } from './lib/server';


interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string }; src_func?: string; src_file?: string };
}

const SLOWDOWN = Number(arg('slowdown') ?? 4);
const LONG_MS = 50 / SLOWDOWN;
const PARTS = new Set(['EvaluateScript', 'v8.compile', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML', 'ParseAuthorStyleSheet', 'SVGImage::DataChanged', 'ResponseBodyLoader::DidFinishLoadingBody', 'MinorGC', 'MajorGC']);

async function tasksOf(browserUrl: string): Promise<{ fcpMs: number; rows: string[][]; blockingMs: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink'] });
    await page.goto(browserUrl);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error('no first contentful paint in the trace');
    const thread = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
    const start = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? thread[0].ts;
    const rows: string[][] = [];
    let blockingMs = 0;
    for (const task of thread) {
      if (task.name !== 'ThreadControllerImpl::RunTask' || !task.dur) continue;
      const end = task.ts + task.dur;
      const ms = (end - Math.max(task.ts, fcp.ts)) / 1000; // Lighthouse counts only what follows the paint
      if (end <= fcp.ts || ms <= LONG_MS) continue;
      blockingMs += Math.max(0, SLOWDOWN * ms - 50);
      const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      const parts = new Map<string, number>();
      for (const e of inside) if (PARTS.has(e.name)) parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      const urls = [...new Set(inside.map((e) => e.args?.data?.url).filter((u): u is string => !!u && !u.startsWith('data:')))].map((u) => new URL(u).pathname);
      rows.push([
        fmt((task.ts - start) / 1000),
        fmt(task.dur / 1000, 1),
        task.args?.src_func ?? '',
        [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, d]) => `${n} ${fmt(d)}`).join(', '),
        urls.slice(0, 3).join(' '),
      ]);
    }
    return { fcpMs: (fcp.ts - start) / 1000, rows, blockingMs };
  } finally {
    await browser.close();
  }
}

async function main() {
  const runs = Number(arg('runs') ?? 1);
  let baseUrl = arg('url');
  let api: RunningApi | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tasks-'));
  try {
    if (!baseUrl) {
      ensureApiBuilt();
      api = await startApi({ dataDir, env: { SEED_DEMO: '1' } });
      baseUrl = api.url;
    }
    const pages = arg('pages')?.split(',') ?? (await measuredPages(baseUrl)).map(([, path]) => path);
    for (const p of pages) {
      await tasksOf(baseUrl + p); // warms the server's caches
      for (let run = 1; run <= runs; run++) {
        const { fcpMs, rows, blockingMs } = await tasksOf(baseUrl + p);
        console.log(`\n${p} (run ${run}): first contentful paint at ${fmt(fcpMs)} ms; ${rows.length} tasks over ${LONG_MS} ms after it; blocking on a ${SLOWDOWN}x phone ${fmt(blockingMs)} ms`);
        const widths = [6, 6, 34, 60];
        console.log(['at ms', 'ms', 'posted by', 'largest parts', 'scripts'].map((h, i) => h.padEnd(widths[i] ?? 0)).join(' '));
        for (const r of rows) console.log(r.map((c, i) => (i < 2 ? c.padStart(widths[i]) : c.slice(0, widths[i] ?? 200).padEnd(widths[i] ?? 0))).join(' '));
      }
    }
  } finally {
    await api?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Lighthouse performance of two builds of the front ends, measured alternately on this host, so that
// its speed (which varies by 2x between minutes here) weighs on both alike. Medians per page.
//
//   npm run lighthouse-ab -w bench -- --b /tmp/shop-before [--a /path] [--rounds 5] [--cpu-slowdown 8]
//        [--b-api /tmp/shop-before/api/dist] [--pages /,/fr/,/shop,product,/fr/product]
//
// --a / --b: static roots holding shell/dist, mfe-*/dist (and mfe-catalog/dist-server) of a build; --a
// defaults to this checkout. Both are served by this checkout's API with the demo catalogue, or B by
// the API build of --b-api (an older commit's front ends with the API they were made for).
// --pages: the paths measured; `product` is the newest product's page, `/fr/product` the same in French
// (default: /, /shop, product).
// --cpu-slowdown: Lighthouse's CPU multiplier (4, the mobile preset's, unless set): 8 weighs each
// task as a host half as fast would, which shows differences a fast host scores 100 either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/db';
import { arg } from './lib/cli';
import { fmt, table } from './lib/load';
import { runLighthouse, type LighthouseScores } from './lib/lighthouse';
import { measuredPages } from './lib/pages';
import { ensureApiBuilt, startApi, type RunningApi } from './lib/server';

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

async function main() {
  const roots = { A: path.resolve(arg('a') ?? ROOT), B: arg('b') ? path.resolve(arg('b')!) : undefined };
  if (!roots.B) throw new Error('--b <static root> is required (the build to compare this one with)');
  const rounds = Number(arg('rounds') ?? 5);
  const cpuSlowdown = Number(arg('cpu-slowdown') ?? 4);
  ensureApiBuilt();
  const dirs: string[] = [];
  const shops: Record<'A' | 'B', RunningApi> = {} as never;
  try {
    for (const k of ['A', 'B'] as const) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lh-ab-'));
      dirs.push(dataDir);
      shops[k] = await startApi({ dataDir, env: { SEED_DEMO: '1' }, staticRoot: roots[k], dist: k === 'B' ? arg('b-api') : undefined });
    }
    const standard = await measuredPages(shops.A.url);
    const product = standard.find(([name]) => name === 'product')![1];
    const wanted = arg('pages') ? arg('pages')!.split(',').map((p) => p.trim()).filter(Boolean) : standard.map(([, p]) => p);
    const pages = wanted.map((p) => (p === 'product' ? product : p === '/fr/product' ? `/fr${product}` : p));
    console.log(`Load average at the start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const runs = new Map<string, LighthouseScores[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const p of pages) {
        // A then B in odd rounds, B then A in even ones: neither always runs on the warmer host.
        for (const k of round % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
          const s = await runLighthouse(shops[k].url + p, ['performance'], cpuSlowdown);
          if (typeof s === 'string') console.log(`${k} ${p}: ${s}`);
          else {
            runs.set(`${p} ${k}`, [...(runs.get(`${p} ${k}`) ?? []), s]);
            console.log(`round ${round} ${k} ${p}: performance ${s.performance}, TBT ${fmt(s.tbtMs)} ms, LCP ${fmt(s.lcpMs)} ms, host CPU index ${fmt(s.benchmarkIndex)}`);
          }
        }
      }
    }
    const rows = pages.flatMap((p) =>
      (['A', 'B'] as const).map((k) => {
        const r = runs.get(`${p} ${k}`) ?? [];
        const m = (f: (s: LighthouseScores) => number) => fmt(median(r.map(f)));
        return [p, `${k} ${roots[k]}`, String(r.length), m((s) => s.performance), r.map((s) => s.performance).join(' '), m((s) => s.tbtMs), m((s) => s.lcpMs), m((s) => s.fcpMs), m((s) => s.benchmarkIndex)];
      }),
    );
    console.log(`\nLoad average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`\nLighthouse mobile (CPU slowdown ${cpuSlowdown}x), medians of alternating runs\n${table(['page', 'build', 'runs', 'performance', 'each run', 'TBT ms', 'LCP ms', 'FCP ms', 'host CPU index'], rows)}`);
  } finally {
    for (const s of Object.values(shops)) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

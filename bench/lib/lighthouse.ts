// One Lighthouse run (mobile preset, simulated throttling) in Debian's Chromium, for bundle-bench.ts and lighthouse-ab.ts.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Lighthouse's own CPU benchmark of this host (higher is faster): its simulated phone scales the tasks it saw here, so a slow host scores lower. */
  benchmarkIndex: number;
}

/** How many times a run that Lighthouse itself could not record (e.g. NO_NAVSTART, a trace without its navigation) is tried. */
const ATTEMPTS = 3;

/**
 * A string when Lighthouse could not run or measure; categories not asked for score 0. cpuSlowdown is the
 * preset's 4 unless asked: 8 shows how the page would score on a host half as fast (see bench/README).
 */
export async function runLighthouse(url: string, categories = ['performance', 'accessibility', 'best-practices', 'seo'], cpuSlowdown = 4): Promise<LighthouseScores | string> {
  let result: LighthouseScores | string = '';
  // Lighthouse now and then loses the navigation in its own trace (1 run in ~12 here): that says nothing of the page, so it runs again.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    result = await runOnce(url, categories, cpuSlowdown);
    if (typeof result !== 'string' || !result.startsWith('Lighthouse: ')) return result;
  }
  return `${result} (${ATTEMPTS} attempts)`;
}

async function runOnce(url: string, categories: string[], cpuSlowdown: number): Promise<LighthouseScores | string> {
  try {
    const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: any } | undefined> };
    const chromeLauncher = (await import('chrome-launcher')) as unknown as { launch: (o: Record<string, unknown>) => Promise<{ port: number; kill: () => Promise<void> | void }> };
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, throttling: { cpuSlowdownMultiplier: cpuSlowdown } });
      const lhr = result!.lhr;
      if (lhr.runtimeError) return `Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        failed: Object.values(lhr.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => a.id),
      } as LighthouseScores;
    } finally {
      await chrome.kill();
    }
  } catch (err) {
    return `Lighthouse did not run: ${(err as Error).message.split('\n')[0]}`;
  }
}

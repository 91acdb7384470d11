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

/** A string when Lighthouse could not run or measure; categories not asked for score 0. */
export async function runLighthouse(url: string, categories = ['performance', 'accessibility', 'best-practices', 'seo']): Promise<LighthouseScores | string> {
  try {
    const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: any } | undefined> };
    const chromeLauncher = (await import('chrome-launcher')) as unknown as { launch: (o: Record<string, unknown>) => Promise<{ port: number; kill: () => Promise<void> | void }> };
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
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

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterMetrics } from './clusterMetrics';

// Under `npm run cluster` a scrape reaches one worker: that worker answers with every worker's
// numbers, summed by the primary (or the max, for a gauge every worker reads alike). A real cluster:
// a primary and three workers, each a process of its own, one of them still starting (not offering
// its metrics yet), which must not hold the scrape.

jest.setTimeout(120_000);

test("one worker's scrape answers for the whole cluster", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-metrics-'));
  const module = JSON.stringify(path.join(__dirname, 'clusterMetrics.ts'));
  const promClient = JSON.stringify(require.resolve('prom-client'));
  const worker = path.join(dir, 'worker.js');
  fs.writeFileSync(
    worker,
    `const cluster = require('node:cluster');
     const { Registry, Counter, Gauge } = require(${promClient});
     const { offerToPrimary, clusterMetrics } = require(${module});
     const registry = new Registry();
     new Counter({ name: 'test_requests_total', help: 'h', registers: [registry] }).inc(cluster.worker.id * 10);
     new Gauge({ name: 'test_outbox', help: 'h', registers: [registry], aggregator: 'max' }).set(7);
     if (!process.env.STARTING) offerToPrimary([registry]);
     process.on('message', async (m) => {
       if (m === 'scrape') process.send({ scraped: await clusterMetrics() });
     });
     process.send('up');`,
  );
  const primary = `
    const cluster = require('node:cluster');
    const { aggregateWorkerMetrics } = require(${module});
    aggregateWorkerMetrics();
    cluster.setupPrimary({ exec: ${JSON.stringify(worker)}, execArgv: ['--import', 'tsx'] });
    const workers = [cluster.fork(), cluster.fork(), cluster.fork({ STARTING: '1' })];
    let up = 0;
    let asked = 0;
    for (const w of workers) w.on('message', (m) => {
      if (m === 'up' && ++up === workers.length) {
        asked = Date.now();
        workers[1].send('scrape');
      }
      if (m && m.scraped !== undefined) {
        process.stdout.write(JSON.stringify({ scraped: m.scraped, ms: Date.now() - asked }));
        for (const x of workers) x.kill();
        process.exit(0);
      }
    });
    setTimeout(() => process.exit(2), 60000).unref();`;
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', primary], { cwd: path.resolve(__dirname, '../..') });
      let text = '';
      let err = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`primary exited ${code}: ${err}`))));
    });
    const { scraped, ms } = JSON.parse(out) as { scraped: string; ms: number };
    // Workers 1 and 2 counted 10 and 20; both read an outbox of 7; worker 3 is not read yet.
    expect(scraped).toMatch(/^test_requests_total 30$/m);
    expect(scraped).toMatch(/^test_outbox 7$/m);
    expect(ms).toBeLessThan(1_500);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a process alone (no cluster) answers for itself, without asking anyone', async () => {
  expect(await clusterMetrics()).toBeNull();
});

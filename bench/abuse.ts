// Abuse: what an anonymous visitor can throw at the production API, beside the soak. Phases of
// junk-laden catalogue searches (1 MB bodies of fields nothing reads, 8 KB query strings, a new
// keyword each time, 200 random option ids), then slow clients that send a body a byte every 4 s.
// Prints the server's RSS at each checkpoint (from /proc), the status codes and errors; RSS must
// level off, no 5xx, and the slow clients must be cut off (408) near REQUEST_TIMEOUT_MS.
//
//   npm run abuse -w bench                          # PGlite, 1,000 products, 20 s a phase
//   npm run abuse -w bench -- --backend postgres --duration 30 --connections 20 --slow 300
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { generateCatalog } from './generate-catalog';
import { arg } from './lib/cli';
import { benchTarget, dropDatabase, openDb } from './lib/db';
import { fmt, runLoad, type AcRequest, type LoadResult } from './lib/load';
import { ensureApiBuilt, startApi, type RunningApi } from './lib/server';

const backend = arg('backend', 'pglite') as 'postgres' | 'pglite';
const duration = Number(arg('duration', '20'));
const connections = Number(arg('connections', '20'));
const products = Number(arg('products', '1000'));
const slowClients = Number(arg('slow', '200'));
const requestTimeoutMs = Number(arg('request-timeout', '10000'));

const json = { 'content-type': 'application/json' };
const junkBody = JSON.stringify({ junk: 'x'.repeat(1024 * 1024 - 20) });
let n = 0;

const PHASES: Array<{ name: string; requests: AcRequest[] }> = [
  { name: '1 MB junk bodies', requests: [{ method: 'POST', path: '/api/product/filter?limit=12&page=1', headers: json, body: junkBody }] },
  {
    name: '8 KB junk query strings',
    requests: [{ method: 'POST', headers: json, body: '{}', setupRequest: (req) => ({ ...req, path: `/api/product/filter?limit=12&page=1&junk${n++}=${'q'.repeat(8_000)}` }) }],
  },
  {
    name: 'a new keyword each time',
    requests: [{ method: 'POST', headers: json, body: '{}', setupRequest: (req) => ({ ...req, path: `/api/product/filter?limit=12&page=1&keyword=${n++}${'k'.repeat(190)}` }) }],
  },
  {
    name: '200 random option ids',
    requests: [{ method: 'POST', path: '/api/product/filter?limit=12&page=1', headers: json, setupRequest: (req) => ({ ...req, body: JSON.stringify({ filterOptions: Array.from({ length: 200 }, () => randomUUID()) }) }) }],
  },
];

/** Opens `count` connections that each announce a 1,000-byte body and send a byte every 4 s; answers how they ended. */
async function slowBodies(api: RunningApi, count: number): Promise<{ answered408: number; closedOther: number; stillOpen: number; seconds: number }> {
  const { port } = new URL(api.url);
  const started = Date.now();
  const ends = await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<'408' | 'closed' | 'open'>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let answer = '';
        const drip = setInterval(() => socket.writable && socket.write('x'), 4_000);
        const giveUp = setTimeout(() => finish('open'), requestTimeoutMs * 3 + 10_000);
        const finish = (how: '408' | 'closed' | 'open') => {
          clearInterval(drip);
          clearTimeout(giveUp);
          socket.destroy();
          resolve(how);
        };
        socket.on('connect', () => socket.write('POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n'));
        socket.on('data', (d) => (answer += d));
        socket.on('close', () => finish(/^HTTP\/1\.1 408/.test(answer) ? '408' : 'closed'));
        socket.on('error', () => undefined);
      }),
    ),
  );
  return {
    answered408: ends.filter((e) => e === '408').length,
    closedOther: ends.filter((e) => e === 'closed').length,
    stillOpen: ends.filter((e) => e === 'open').length,
    seconds: (Date.now() - started) / 1000,
  };
}

const codes = (r: LoadResult) => Object.entries(r.codes).map(([c, k]) => `${c}: ${fmt(k)}`).join(', ');

async function main() {
  console.log(`Abuse: ${backend}, ${fmt(products)} products, ${connections} connections, ${duration} s a phase, ${slowClients} slow clients; machine ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
  ensureApiBuilt();
  const dbName = `shop_bench_abuse_${products}`;
  const { dataDir, databaseUrl } = await benchTarget(backend, dbName, 'shop-abuse-');
  const db = await openDb({ databaseUrl, dataDir });
  await generateCatalog(db, { products });
  await db.close();
  const api = await startApi({ databaseUrl, dataDir, env: { REQUEST_TIMEOUT_MS: String(requestTimeoutMs), CATALOG_CACHE_MB: '64' } });
  const rss: Array<[string, number]> = [['start', api.rssMiB()]];
  let fiveHundreds = 0;
  try {
    for (const phase of PHASES) {
      const r = await runLoad({ url: api.url, name: phase.name, requests: phase.requests, connections, duration });
      rss.push([phase.name, api.rssMiB()]);
      fiveHundreds += Object.entries(r.codes).filter(([c]) => Number(c) >= 500).reduce((s, [, k]) => s + k, 0);
      console.log(`${phase.name}: ${fmt(r.total)} requests, ${fmt(r.rps)} req/s, p99 ${fmt(r.p99)} ms; status ${codes(r)}; errors ${r.errors - (r.total - r.ok)}; RSS ${fmt(api.rssMiB())} MiB`);
    }
    // Once more the first phase: memory must not climb again.
    const again = await runLoad({ url: api.url, name: 'junk again', requests: PHASES[0].requests, connections, duration });
    rss.push(['1 MB junk bodies again', api.rssMiB()]);
    console.log(`1 MB junk bodies again: ${fmt(again.total)} requests; status ${codes(again)}; RSS ${fmt(api.rssMiB())} MiB`);
    const slow = await slowBodies(api, slowClients);
    rss.push(['slow bodies', api.rssMiB()]);
    console.log(`slow bodies: ${slow.answered408} answered 408, ${slow.closedOther} closed otherwise, ${slow.stillOpen} still open after ${fmt(slow.seconds)} s (REQUEST_TIMEOUT_MS ${fmt(requestTimeoutMs)})`);
    const health = await fetch(`${api.url}/api/health`);
    console.log(`afterwards /api/health: ${health.status}; 5xx during the run: ${fiveHundreds}`);
    console.log(`server RSS (MiB): ${rss.map(([at, m]) => `${at} ${fmt(m)}`).join(' -> ')}`);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

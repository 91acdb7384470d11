// Starts the compiled production API (node api/dist/server.js) as a child process on 127.0.0.1.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './db';
import { freePort } from '../../api/src/test/freePort';

export const JWT_SECRET = 'bench-jwt-secret-not-for-production';


function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Compiles the API when api/dist is missing or older than api/src. */
export function ensureApiBuilt(log = console.log): void {
  if (process.env.BENCH_API_DIST) {
    log(`Using the API build in ${apiDist()}`);
    return;
  }
  const server = path.join(ROOT, 'api/dist/server.js');
  const contract = path.join(ROOT, 'contract/dist/index.js');
  const newestSource = Math.max(newestMtime(path.join(ROOT, 'api/src')), newestMtime(path.join(ROOT, 'contract/src')));
  if (fs.existsSync(server) && fs.existsSync(contract) && Math.min(fs.statSync(server).mtimeMs, fs.statSync(contract).mtimeMs) >= newestSource) return;
  log('Compiling the contract and the API (a build is missing or older than its source)…');
  try {
    // The API runs on the contract's CommonJS build (contract/dist), so it is built first.
    execFileSync('npx', ['tsc', '-p', 'contract/tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
    execFileSync('npx', ['tsc', '-p', 'api/tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    if (!fs.existsSync(server)) throw new Error('the API did not compile');
    log('tsc reported errors; using the files it emitted');
  }
}

export interface RunningApi {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** Resident memory of the server process in MiB (from /proc/<pid>/status); a cluster's processes summed. */
  rssMiB: () => number;
  /** Each process's resident memory in MiB: the server, or the cluster's primary then its workers. */
  rssEach: () => number[];
  stop: () => Promise<void>;
}

export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** BENCH_API_DIST: another build of the API to measure (e.g. one with a proposal applied), else api/dist. */
export const apiDist = () => path.resolve(process.env.BENCH_API_DIST || path.join(ROOT, 'api/dist'));

/** The pids a process started (a cluster's workers). */
export function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The API on a free port: one process (server.js), or with workers `npm run cluster`'s primary
 * (cluster.js) and that many workers, measured once every worker is ready; rssMiB is then theirs summed.
 */
export async function startApi(o: { databaseUrl?: string; dataDir: string; env?: Record<string, string>; staticRoot?: string; workers?: number; dist?: string }): Promise<RunningApi> {
  const port = await freePort();
  // BENCH_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written when it stops).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // o.dist: another build of the API than BENCH_API_DIST's or this checkout's (lighthouse-ab's --b-api).
  const child = spawn(process.execPath, [...nodeArgs, path.join(o.dist ? path.resolve(o.dist) : apiDist(), o.workers ? 'cluster.js' : 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      SEED_DEMO: '0',
      JWT_SECRET,
      ...(o.staticRoot ? { STATIC_ROOT: o.staticRoot } : {}),
      ...(o.workers ? { WORKERS: String(o.workers) } : {}),
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  // A cluster is started once every worker has its catalogue in memory (a single server: once it answers).
  // BENCH_START_TIMEOUT_S: a host at load 25+ seeds the demo shop on PGlite in more than 2 minutes.
  const deadline = Date.now() + (Number(process.env.BENCH_START_TIMEOUT_S) * 1000 || (o.workers ? 900_000 : 120_000));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${out}`);
    try {
      if (o.workers ? out.includes('cluster: started') : (await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    child,
    output: () => out,
    rssMiB: () => [child.pid!, ...childPids(child.pid!)].reduce((sum, pid) => sum + rssMiB(pid), 0),
    rssEach: () => [child.pid!, ...childPids(child.pid!)].map(rssMiB),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** What GET /api/health says of the API's catalogue memory (catalog/memory/productPages.ts, facets.ts). */
export interface CatalogHealth {
  productPages: { filling: boolean; kept: number };
  facets: { building: boolean };
  /** Issue 41's lists filled ahead once ready (absent from builds before it). */
  reviewLists?: { filling: boolean; filled: number };
}

export const catalogHealth = async (url: string): Promise<CatalogHealth> => (await fetch(`${url}/api/health`)).json() as Promise<CatalogHealth>;

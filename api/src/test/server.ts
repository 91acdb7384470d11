// The compiled API (api/dist/server.js) as a child process, for tests of the real process: a crash,
// its files on disk, its settings from the environment.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SERVER = path.join(ROOT, 'api/dist/server.js');

function newestTs(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestTs(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !p.includes(`${path.sep}test${path.sep}`)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** `npm test` builds the API first; run alone, this compiles it when dist is missing or older than src. */
export function ensureBuilt() {
  if (fs.existsSync(SERVER) && fs.statSync(SERVER).mtimeMs >= newestTs(path.join(ROOT, 'api/src'))) return;
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'api/tsconfig.build.json')], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    if (!fs.existsSync(SERVER)) throw err;
  }
}


/** Starts the compiled API (built first when missing or older than src) with env, and waits for its health. */
export async function spawnApi(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  ensureBuilt();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, LOG: '0', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited: ${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output: () => out };
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // not left running (and holding its port and database) after the failed test
      throw new Error(`API did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

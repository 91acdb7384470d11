import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { freePort } from '../../api/src/test/freePort';

export const ROOT = path.resolve(__dirname, '../..');

export interface RunningShop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}


/** A health probe without keep-alive, so no pooled socket keeps jest's process alive afterwards. */
function isHealthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

/** Starts the production build of the whole shop (API + shell + remotes) on a fresh embedded database. */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000; // a demo seed on a host loaded by the API suite beside it
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early (${child.exitCode}):\n${output}`);
    if (await isHealthy(`${url}/api/health`)) break;
    if (Date.now() > deadline) throw new Error(`shop did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

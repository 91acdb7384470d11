// The five front-end apps and where their builds land; one list for build, start, dev and tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FRONT_ENDS = [
  { dir: 'shell', port: 3000 },
  { dir: 'mfe-catalog', port: 3001 },
  { dir: 'mfe-checkout', port: 3002 },
  { dir: 'mfe-account', port: 3003 },
  { dir: 'mfe-admin', port: 3004 },
];

const ENTRY = { api: 'server.js', shell: 'index.html' };
/** A build counts as there when its entry file is (remotes: remoteEntry.js; the API needs the contract's too). */
export const isBuilt = (dir) =>
  existsSync(path.join(root, dir, 'dist', ENTRY[dir] ?? 'remoteEntry.js')) && (dir !== 'api' || existsSync(path.join(root, 'contract/dist/index.js')));

/**
 * The contract (@shop/contract) as JavaScript and declarations for Node and tsc: the API runs and
 * type-checks against contract/dist. Webpack and jest read its TypeScript source instead. About 2 s.
 */
export const buildContract = () => run('npx', ['tsc', '-p', 'contract/tsconfig.build.json']);

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds the given apps, two at a time (the machines have two cores). */
export async function buildApps(dirs) {
  // First, once: the API runs on contract/dist, and the webpack configs read the remotes' offers and the
  // route rule through it too (a fresh clone has no contract/dist until this).
  await buildContract();
  const queue = [...dirs];
  const worker = async () => {
    while (queue.length) {
      const dir = queue.shift();
      const started = Date.now();
      if (dir === 'api') await run('npx', ['tsc', '-p', 'api/tsconfig.build.json']);
      else {
        await run('npx', ['webpack', '--mode', 'production', '--config', `${dir}/webpack.config.js`]);
        // A remote's first-view renderer for the server (mfe-catalog/src/firstView), when it has one.
        if (existsSync(path.join(root, dir, 'webpack.firstView.js'))) await run('npx', ['webpack', '--config', `${dir}/webpack.firstView.js`]);
      }
      console.log(`built ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
}

// npm run typecheck: every workspace's own tsconfig, checked with no output (ts-loader and ts-jest only
// transpile, so this is where a type error fails the build). One process per workspace, two at a time.
import { buildContract, root, run } from './apps.mjs';

export const WORKSPACES = ['contract', 'shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin', 'api', 'e2e', 'bench'];

export async function typecheck(dirs = WORKSPACES) {
  // The others read the contract's declarations (contract/dist), so it is built first.
  await buildContract();
  const queue = [...dirs];
  const failed = [];
  const worker = async () => {
    while (queue.length) {
      const dir = queue.shift();
      await run('npx', ['tsc', '--noEmit', '-p', `${dir}/tsconfig.json`], { cwd: root }).catch(() => failed.push(dir));
    }
  };
  await Promise.all([worker(), worker()]);
  if (failed.length) throw new Error(`type errors in ${failed.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await typecheck(process.argv.slice(2).length ? process.argv.slice(2) : WORKSPACES).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}

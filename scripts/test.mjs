// npm test: type-checks every workspace, checks its imports (no cycle, no forbidden import) and lints
// it (Biome, warnings fail), builds the production bundles the browser journeys run against, then runs every jest project.
import { buildApps, FRONT_ENDS, run } from './apps.mjs';
import { checkImports } from './check-imports.mjs';
import { typecheck } from './typecheck.mjs';

const fail = (err) => {
  console.error(err.message);
  process.exit(1);
};
if (!process.env.SKIP_TYPECHECK) {
  await typecheck().catch(fail);
  const { problems } = checkImports();
  if (problems.length) fail(new Error(`${problems.join('\n')}\nimport problems: see scripts/check-imports.mjs`));
  await run('npx', ['biome', 'lint', '--error-on-warnings']).catch(fail);
}
if (!process.env.SKIP_BUILD) await buildApps(['api', ...FRONT_ENDS.map((f) => f.dir)]);
const args = process.argv.slice(2);
// The browser journeys as a jest run of their own beside the others: jest gives one worker on a
// 2-core machine, and both runs mostly wait (on databases, browsers, servers), so side by side they
// take little more than the longer (CI: ~33 min one after the other, with the PostgreSQL pass beside).
const JOURNEYS = ['--selectProjects', 'e2e'];
const OTHERS = ['--selectProjects', 'contract', 'shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin', 'api'];
const runs = args.length ? [args] : [OTHERS, JOURNEYS];
const results = await Promise.allSettled(runs.map((a) => run('npx', ['jest', ...a])));
if (results.some((r) => r.status === 'rejected')) process.exit(1);

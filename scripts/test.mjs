// npm test: type-checks every workspace, checks its imports (no cycle, no forbidden import) and lints
// it (Biome, warnings fail), builds the production bundles the browser journeys run against, then runs every jest project.
import { buildApps, FRONT_ENDS, run } from './apps.mjs';
import { checkImports } from './check-imports.mjs';
import { checkMessages } from './check-messages.mjs';
import { typecheck } from './typecheck.mjs';

const fail = (err) => {
  console.error(err.message);
  process.exit(1);
};
if (!process.env.SKIP_TYPECHECK) {
  await typecheck().catch(fail);
  const { problems } = checkImports();
  if (problems.length) fail(new Error(`${problems.join('\n')}\nimport problems: see scripts/check-imports.mjs`));
  const messages = await checkMessages();
  if (messages.length) fail(new Error(`${messages.join('\n')}\ninterface texts: see scripts/check-messages.mjs`));
  await run('npx', ['biome', 'lint', '--error-on-warnings']).catch(fail);
}
if (!process.env.SKIP_BUILD) await buildApps(['api', ...FRONT_ENDS.map((f) => f.dir)]);
const args = process.argv.slice(2);
// Two jest runs side by side: the API suite, and the unit tests with the browser journeys. Jest gives
// one worker on a 2-core machine, and both runs mostly wait (on databases, browsers, servers), so
// together they take little more than the longer. CI, with its PostgreSQL pass beside them: 33 min
// with one run, 22 min with the journeys alone beside the rest (the API and unit tests then 20 min).
const API = ['--selectProjects', 'api'];
const UNIT_AND_JOURNEYS = ['--selectProjects', 'contract', 'shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin', 'e2e'];
const runs = args.length ? [args] : [API, UNIT_AND_JOURNEYS];
const results = await Promise.allSettled(runs.map((a) => run('npx', ['jest', ...a])));
if (results.some((r) => r.status === 'rejected')) process.exit(1);

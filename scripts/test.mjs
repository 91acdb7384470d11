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
await run('npx', ['jest', ...process.argv.slice(2)]).catch(() => process.exit(1));

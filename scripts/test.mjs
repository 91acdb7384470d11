// npm test: builds the production bundles the browser journeys run against, then every jest project.
import { buildApps, FRONT_ENDS, run } from './apps.mjs';

if (!process.env.SKIP_BUILD) await buildApps(['api', ...FRONT_ENDS.map((f) => f.dir)]);
await run('npx', ['jest', ...process.argv.slice(2)]).catch(() => process.exit(1));

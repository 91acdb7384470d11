// npm start: builds whatever is missing, then serves the whole shop (API, shell, remotes) on PORT.
import { FRONT_ENDS, buildApps, isBuilt, run } from './apps.mjs';

const missing = ['api', ...FRONT_ENDS.map((f) => f.dir)].filter((dir) => !isBuilt(dir));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start only)…`);
  await buildApps(missing);
}
await run('node', ['api/dist/server.js']);

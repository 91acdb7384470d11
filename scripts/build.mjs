// npm run build [app ...]: production builds of the API and the five front ends.
import { FRONT_ENDS, buildApps } from './apps.mjs';

const wanted = process.argv.slice(2);
const all = ['api', ...FRONT_ENDS.map((f) => f.dir)];
await buildApps(wanted.length ? wanted : all);

// npm run cluster: builds whatever is missing, then WORKERS API processes behind one port
// (api/src/cluster.ts). Signals sent to this script reach the primary: SIGTERM/SIGINT stop it cleanly,
// SIGHUP/SIGUSR2 restart the workers one at a time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { FRONT_ENDS, buildApps, isBuilt, root } from './apps.mjs';

const missing = ['api', ...FRONT_ENDS.map((f) => f.dir)].filter((dir) => !isBuilt(dir) || (dir === 'api' && !existsSync(path.join(root, 'api/dist/cluster.js'))));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start only)…`);
  await buildApps(missing);
}
const primary = spawn(process.execPath, ['api/dist/cluster.js'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGUSR2']) process.on(sig, () => primary.kill(sig));
primary.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import cluster from 'node:cluster';
import path from 'node:path';
import { aggregateWorkerMetrics } from './ops/clusterMetrics.js';
import { startPrimary } from './processes/primary.js';
import { readSettings } from './settings.js';
import { SettingsError } from './settingsCheck.js';

// npm run cluster: WORKERS API processes (server.js) behind one port, through Node's cluster module
// (the primary accepts the connections and hands them to the workers in turn). SIGTERM/SIGINT: a clean
// stop; SIGHUP or SIGUSR2: a rolling restart (after an upgrade), one worker at a time.

function main() {
  const { workers, shutdownTimeoutMs, port, host, app, warnings } = readSettings(process.env);
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
  if (workers > 1 && !app.databaseUrl) {
    // The embedded database lives inside one process: a second one would open the same files.
    console.error(`WORKERS=${workers} needs a PostgreSQL server (DATABASE_URL): the embedded database belongs to one process. Set DATABASE_URL, or WORKERS=1.`);
    process.exit(1);
  }
  cluster.setupPrimary({ exec: path.join(__dirname, 'server.js') });
  // A scrape reaches one worker, which answers with every worker's metrics summed here (ops/clusterMetrics.ts).
  aggregateWorkerMetrics();
  const log = (line: string) => console.log(`cluster: ${line}`);
  const primary = startPrimary({ workers, overlap: Boolean(app.databaseUrl), shutdownTimeoutMs, log });
  log(`primary pid ${process.pid} starting ${workers} API process(es) on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  void primary.started.then(() => log('started'));
  for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => void primary.stop(sig).then(() => process.exit(0)));
  for (const sig of ['SIGHUP', 'SIGUSR2'] as const) process.on(sig, () => void primary.rollingRestart());
}

try {
  main();
} catch (err) {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
}

import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { gracefulShutdown } from './processes/drain.js';
import { announceWhenReady } from './processes/worker.js';
import { readSettings } from './settings.js';
import { SettingsError } from './settingsCheck.js';

// Everything this process writes (the embedded database, uploads, the JWT secret) is its own alone:
// files 0600, directories 0700 (issue 16 #11). PGlite's worker thread shares the process umask.
process.umask(0o077);

async function main() {
  const { app: options, port, host, shutdownTimeoutMs, warnings } = readSettings(process.env);
  // A cluster's primary has told them already.
  if (!cluster.isWorker) for (const warning of warnings) console.warn(`Warning: ${warning}`);
  const app = await buildApp(options);
  const who = cluster.isWorker ? `worker ${cluster.worker!.id}` : 'server';
  const drain = gracefulShutdown(app, { timeoutMs: shutdownTimeoutMs, log: (line) => console.log(`${who}: ${line}`) });
  await app.listen({ port, host });
  if (!cluster.isWorker) console.log(`Shop listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (API at /api, docs at /api/docs)`);
  const stop = (reason: string) => {
    // Past the drain's own bound, something hangs in closing: leave anyway.
    setTimeout(() => process.exit(1), shutdownTimeoutMs + 5_000).unref();
    drain(reason).then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => stop(sig));
  if (cluster.isWorker) {
    // The primary gone (killed), no connection can reach this worker any more.
    process.on('disconnect', () => stop('the cluster primary is gone'));
    announceWhenReady(app, (m) => process.send?.(m));
  }
}

main().catch((err) => {
  // Wrong settings are told as the list they are, without a stack trace.
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});

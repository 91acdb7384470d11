import { buildApp } from './app.js';
import { readSettings } from './settings.js';
import { SettingsError } from './settingsCheck.js';

// Everything this process writes (the embedded database, uploads, the JWT secret) is its own alone:
// files 0600, directories 0700 (issue 16 #11). PGlite's worker thread shares the process umask.
process.umask(0o077);

async function main() {
  const { app: options, port, host } = readSettings(process.env);
  const app = await buildApp(options);
  await app.listen({ port, host });
  console.log(`Shop listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (API at /api, docs at /api/docs)`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err) => {
  // Wrong settings are told as the list they are, without a stack trace.
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});

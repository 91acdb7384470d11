import { describeService, probeServices } from './services';

// The API suite's globalSetup: the services some tests need, probed once for the whole run (services.ts).
// A run on PostgreSQL (DATABASE_URL) needs its server for every test: unreachable, it stops here with one line.
export default async function globalSetup() {
  const found = await probeServices();
  if (process.env.DATABASE_URL && !found.postgres) {
    throw new Error(`DATABASE_URL: no ${describeService('postgres')}. Start it, or unset DATABASE_URL to run the API suite on embedded PGlite.`);
  }
}

import { describeService, probeServices } from './services';

// The API suite's globalSetup: the services some tests need, probed once for the whole run (services.ts).
// A run on PostgreSQL (DATABASE_URL) needs its server for every test: unreachable, it stops here with one line.
export default async function globalSetup() {
  // A statement waiting its turn past PG_STATEMENT_TIMEOUT_MS (5 s by default) is answered 503: on CI's
  // crowded 2 cores, 30 rejections taking the credit-note counter one after another did (rollups.test,
  // stop 47). The tests say what must happen, not how fast; the workers, forked after this, inherit it.
  // Tests of the timeout itself set their own (databaseOutage.test, freshness.test).
  process.env.PG_STATEMENT_TIMEOUT_MS ??= '30000';
  const found = await probeServices();
  if (process.env.DATABASE_URL && !found.postgres) {
    throw new Error(`DATABASE_URL: no ${describeService('postgres')}. Start it, or unset DATABASE_URL to run the API suite on embedded PGlite.`);
  }
}

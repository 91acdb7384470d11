import net from 'node:net';
import { needs, POSTGRES_SERVER } from '../test/services';
import { createDb, isDatabaseUnavailable, type Db } from './client';

// A full pool is a queue, an unanswering server an outage (CI saw 100 simultaneous checkouts answered
// 503 on a busy host: each waited more than PG_CONNECT_TIMEOUT_MS for one of the 20 connections).
// Queueing is bounded by PG_POOL_WAIT_MS, connecting by PG_CONNECT_TIMEOUT_MS: each on its own.
const { describe: onPostgres } = needs('postgres');

const sleepInTx = (db: Db, seconds: number) => db.tx((q) => q.query(`SELECT pg_sleep(${seconds})`));

onPostgres('the PostgreSQL pool', () => {
  const saved = process.env.PG_POOL_MAX;
  let db: Db | undefined;
  beforeAll(() => {
    process.env.PG_POOL_MAX = '2';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PG_POOL_MAX;
    else process.env.PG_POOL_MAX = saved;
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('lets a burst wait its turn well past the connect timeout', async () => {
    db = await createDb({ databaseUrl: POSTGRES_SERVER, connectTimeoutMs: 300, poolWaitMs: 10_000 });
    // Two transactions hold both connections for 0.8 s; six more queue behind them, longer than 300 ms.
    const busy = [sleepInTx(db, 0.8), sleepInTx(db, 0.8)];
    const queued = Array.from({ length: 6 }, (_, i) => db!.one<{ n: number }>('SELECT $1::int AS n', [i]));
    const answers = await Promise.all([...busy, ...queued]);
    expect(answers.slice(2)).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n })));
  });

  it('still gives up on the queue after PG_POOL_WAIT_MS, as an outage (503)', async () => {
    db = await createDb({ databaseUrl: POSTGRES_SERVER, connectTimeoutMs: 200, poolWaitMs: 400 });
    const busy = [sleepInTx(db, 1.5), sleepInTx(db, 1.5)];
    const waited = await db.query('SELECT 1').then(
      () => 'answered',
      (err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : `other: ${String(err)}`),
    );
    expect(waited).toBe('unavailable');
    await Promise.all(busy);
  });

  it('gives up connecting to a server that never answers after PG_CONNECT_TIMEOUT_MS, however long the queue may wait', async () => {
    // Accepts the connection and says nothing: a hung server or a network dropping silently.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const url = new URL(POSTGRES_SERVER);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      const started = Date.now();
      const outcome = await createDb({ databaseUrl: url.toString(), connectTimeoutMs: 300, poolWaitMs: 60_000 })
        .then(async (d) => {
          db = d;
          await d.query('SELECT 1');
          return 'answered';
        })
        .catch((err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : `other: ${String(err)}`));
      expect(outcome).toBe('unavailable');
      // Well under the minute the queue may wait: the connect's own bound ended it.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      silent.close();
    }
  });
});

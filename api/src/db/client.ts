import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** Anything that runs SQL: the database itself, or one open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on throw). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
  /** PGlite only: writes the whole database to a file (a test snapshot, see loadFrom). */
  dump?(file: string): Promise<void>;
}

/** int8 (counts, minor units) as JS numbers on both drivers. */
const parseInt8 = (v: string) => Number(v);

/** A FIFO lock: PGlite is one connection, so a transaction must own it until COMMIT. */
class Mutex {
  private last: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.last;
    let release!: () => void;
    this.last = new Promise<void>((r) => (release = r));
    await prev;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

function wrap(run: (sql: string, params?: unknown[]) => Promise<unknown[]>): Queryable {
  return {
    query: <T>(sql: string, params?: unknown[]) => run(sql, params) as Promise<T[]>,
    one: async <T>(sql: string, params?: unknown[]) => ((await run(sql, params)) as T[])[0],
  };
}

/**
 * PGlite runs in a worker thread: its WASM glue loads Node modules with dynamic import(), which
 * some hosts (jest's CommonJS sandbox) cannot do, and the worker keeps its CPU work off the
 * thread that serves HTTP. The worker is given as source (eval) so the same file works from
 * src/ (tsx, ts-jest) and from dist/.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PGlite } = require(workerData.pglitePath);
const options = { parsers: { 20: (v) => Number(v) } };
if (workerData.loadFrom) options.loadDataDir = new Blob([fs.readFileSync(workerData.loadFrom)]);
const db = new PGlite(workerData.dir, options);
parentPort.on('message', async (m) => {
  try {
    await db.waitReady;
    if (m.op === 'query') parentPort.postMessage({ id: m.id, rows: (await db.query(m.sql, m.params)).rows });
    else if (m.op === 'exec') { await db.exec(m.sql); parentPort.postMessage({ id: m.id }); }
    else if (m.op === 'close') { await db.close(); parentPort.postMessage({ id: m.id }); }
    else if (m.op === 'dump') {
      const blob = await db.dumpDataDir('none');
      fs.writeFileSync(m.sql + '.tmp', Buffer.from(await blob.arrayBuffer()));
      fs.renameSync(m.sql + '.tmp', m.sql);
      parentPort.postMessage({ id: m.id });
    }
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { message: String(err && err.message || err), code: err && err.code, detail: err && err.detail } });
  }
});
`;

async function createPglite(dataDir?: string, loadFrom?: string): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dir, loadFrom: loadFrom && fs.existsSync(loadFrom) ? loadFrom : undefined, pglitePath: require.resolve('@electric-sql/pglite') } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let seq = 0;
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string; detail?: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code, detail: m.error.detail }));
    else p.resolve(m.rows);
  });
  worker.on('error', (err) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });
  const send = (op: string, sql?: string, params?: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params });
    });
  await send('query', 'SELECT 1');
  const mutex = new Mutex();
  const raw = async (sql: string, params?: unknown[]) => (await send('query', sql, params ?? [])) as unknown[];
  const top = wrap((sql, params) => mutex.run(() => raw(sql, params)));
  return {
    ...top,
    kind: 'pglite',
    tx: (fn) =>
      mutex.run(async () => {
        await send('exec', 'BEGIN');
        try {
          const result = await fn(wrap(raw));
          await send('exec', 'COMMIT');
          return result;
        } catch (err) {
          await send('exec', 'ROLLBACK');
          throw err;
        }
      }),
    exec: (sql) => mutex.run(async () => void (await send('exec', sql))),
    dump: (file) => mutex.run(async () => void (await send('dump', file))),
    close: async () => {
      await mutex.run(() => send('close'));
      await worker.terminate();
    },
  };
}

async function createPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    // Enough for concurrent checkouts (each holds a connection for its transaction) and a product
    // page's parallel reads; PG_POOL_MAX per API process, within the server's max_connections.
    max: Number(process.env.PG_POOL_MAX) || 20,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  pool.on('error', () => undefined);
  const top = wrap(async (sql, params) => (await pool.query(sql, params as unknown[])).rows);
  return {
    ...top,
    kind: 'postgres',
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(async (sql, params) => (await client.query(sql, params as unknown[])).rows));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}

/** loadFrom: PGlite only, start an in-memory database from a dump (tests start faster). */
export function createDb(opts: { databaseUrl?: string; dataDir?: string; loadFrom?: string }): Promise<Db> {
  return opts.databaseUrl ? createPostgres(opts.databaseUrl) : createPglite(opts.dataDir, opts.loadFrom);
}

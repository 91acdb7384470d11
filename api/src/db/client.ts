import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

async function createPglite(dataDir?: string): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const lite = new PGlite(dir, { parsers: { 20: parseInt8 } });
  await lite.waitReady;
  const mutex = new Mutex();
  const raw = async (sql: string, params?: unknown[]) => (await lite.query(sql, params as unknown[])).rows;
  const top = wrap((sql, params) => mutex.run(() => raw(sql, params)));
  return {
    ...top,
    kind: 'pglite',
    tx: (fn) =>
      mutex.run(async () => {
        await lite.exec('BEGIN');
        try {
          const result = await fn(wrap(raw));
          await lite.exec('COMMIT');
          return result;
        } catch (err) {
          await lite.exec('ROLLBACK');
          throw err;
        }
      }),
    exec: (sql) => mutex.run(async () => void (await lite.exec(sql))),
    close: () => lite.close(),
  };
}

async function createPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
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

export function createDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? createPostgres(opts.databaseUrl) : createPglite(opts.dataDir);
}

// Database helpers shared by the benchmarks: a throw-away PostgreSQL database or PGlite data dir,
// opened through the API's own client and migrations (so the schema is always the API's).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { createDb, type Db } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';

export const PG_SERVER = process.env.BENCH_PG_SERVER || 'postgres://postgres@127.0.0.1:5432/postgres';
export const ROOT = path.resolve(__dirname, '../..');

export function dbUrl(name: string, server = PG_SERVER): string {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>, server = PG_SERVER): Promise<T> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function pgReachable(server = PG_SERVER): Promise<boolean> {
  try {
    await admin(async (c) => c.query('SELECT 1'), server);
    return true;
  } catch {
    return false;
  }
}

/** Creates (after dropping any leftover of the same name) a database on the server; answers its URL. */
export async function createDatabase(name: string, server = PG_SERVER): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  }, server);
  return dbUrl(name, server);
}

export async function dropDatabase(name: string, server = PG_SERVER): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), server);
}

/**
 * Opens (and migrates) the database: a PostgreSQL URL, or a PGlite data dir. Without the API's
 * statement timeout: generating a million products and explaining slow plans take longer.
 */
export async function openDb(target: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
  const db = await createDb({ ...target, statementTimeoutMs: 0 });
  await migrate(db);
  return db;
}

export type { Db };

/** A fresh place for a bench's shop: a temp DATA_DIR, and on PostgreSQL a new database of that name. */
export async function benchTarget(backend: 'postgres' | 'pglite', dbName: string, tmpPrefix: string): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  if (backend !== 'postgres') return { dataDir };
  if (!(await pgReachable())) throw new Error('PostgreSQL is not reachable at 127.0.0.1:5432');
  return { dataDir, databaseUrl: await createDatabase(dbName) };
}

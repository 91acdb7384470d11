// A database of the test's own on the PostgreSQL server (tests never touch one they did not create),
// and DATA_DIRs of its own: made here, dropped and removed by whoever made them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_SERVER } from './services';

async function onServer(server: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates `<prefix>_<random>` on server: its URL, and drop() (forced: connections left open are cut). */
export async function createOwnDatabase(prefix: string, server: string = POSTGRES_SERVER): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs fn on a database of its own, dropped afterwards whatever fn did. */
export async function withOwnDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createOwnDatabase(prefix);
  try {
    return await fn(db.url);
  } finally {
    await db.drop().catch(() => undefined);
  }
}

/** A maker of empty temporary directories, all removed after the file's tests (call at describe level). */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    dirs.push(d);
    return d;
  };
}

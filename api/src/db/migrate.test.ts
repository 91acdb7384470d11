import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createDb } from './client';
import { needs, POSTGRES_SERVER } from '../test/services';
import { migrate, migrations, pendingMigrations } from './migrate';

// Issue 23, upgrades: several API processes starting together against one database run each
// migration once. migrate() takes an advisory lock per migration in its transaction (4242): the
// first process applies it, the others wait, then find it recorded and go on.

jest.setTimeout(300_000);
const ids = migrations.map((m) => m.id);

/** One migrator in a process of its own (tsx), started at the same moment as the others: what it applied. */
function migrator(databaseUrl: string, startAt: number): Promise<string[]> {
  const code = `
    const { createDb } = require(${JSON.stringify(path.join(__dirname, 'client.ts'))});
    const { migrate } = require(${JSON.stringify(path.join(__dirname, 'migrate.ts'))});
    (async () => {
      const db = await createDb({ databaseUrl: process.env.MIGRATE_URL });
      await db.query('SELECT 1');
      await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.START_AT) - Date.now())));
      const applied = await migrate(db);
      await db.close();
      process.stdout.write(JSON.stringify(applied));
    })().catch((err) => { console.error(err); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { env: { ...process.env, MIGRATE_URL: databaseUrl, START_AT: String(startAt) } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`migrator exited ${code}: ${err}`))));
  });
}

// On the PGlite pass too, on test/services.ts's server (CI's machine has one: missing there, it fails).
needs('postgres').describe('migrations on a fresh PostgreSQL database', () => {
  const name = `shop_migrate_${randomBytes(6).toString('hex')}`;
  const server = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: POSTGRES_SERVER });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  let url: string;
  beforeAll(async () => {
    await server((c) => c.query(`CREATE DATABASE ${name}`));
    const u = new URL(POSTGRES_SERVER);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(() => server((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  test('three processes starting at once: each migration applied once, by one of them; a later start applies none', async () => {
    const startAt = Date.now() + 4_000;
    const applied = await Promise.all([migrator(url, startAt), migrator(url, startAt), migrator(url, startAt)]);
    // Between them, every migration exactly once, in order within each process.
    expect(applied.flat().sort()).toEqual([...ids].sort());
    for (const list of applied) expect(list).toEqual(ids.filter((id) => list.includes(id)));
    const db = await createDb({ databaseUrl: url });
    try {
      const rows = await db.query<{ id: string; n: number }>(`SELECT id, count(*)::int AS n FROM schema_migrations GROUP BY id ORDER BY id`);
      expect(rows).toEqual(ids.map((id) => ({ id, n: 1 })));
      expect(await pendingMigrations(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

test('on the embedded database too: two migrations runs at once apply each migration once', async () => {
  const db = await createDb({});
  try {
    const applied = await Promise.all([migrate(db), migrate(db)]);
    expect(applied.flat().sort()).toEqual([...ids].sort());
    expect(await pendingMigrations(db)).toEqual([]);
  } finally {
    await db.close();
  }
});

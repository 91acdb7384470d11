import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../test/freePort';
import { spawnApi } from '../test/server';

// Issue 16, finding 6, on the real process (api/dist/server.js): a real shop started without
// ADMIN_PASSWORD gets no demo data and no known admin password; its generated password is printed
// once, when the super admin is created, and not at the next start. On PostgreSQL when DATABASE_URL
// is set (a database of its own), else embedded with NODE_ENV=production.

jest.setTimeout(180_000);

const PASSWORD_LINE = /Super admin created: admin@shop\.local with the password (\S+) \(shown once/g;

test('a real shop without ADMIN_PASSWORD: a strong generated password, printed once; no admin12345, no demo data', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-real-'));
  let databaseUrl = '';
  let drop = async () => undefined;
  if (process.env.DATABASE_URL) {
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // What a real shop's operator sets: a database (or production), nothing about the admin or the demo.
  const env = { DATABASE_URL: databaseUrl, NODE_ENV: databaseUrl ? '' : 'production', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: '' };
  const stop = async (api: Awaited<ReturnType<typeof spawnApi>>) => {
    api.child.kill('SIGTERM');
    if (api.child.exitCode === null) await new Promise((r) => api.child.once('exit', r));
  };
  try {
    const first = await spawnApi(env, await freePort());
    let password: string;
    try {
      const printed = [...first.output().matchAll(PASSWORD_LINE)].map((m) => m[1]);
      expect(printed).toHaveLength(1);
      password = printed[0];
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 random bytes
      const login = (pw: string) =>
        fetch(`${first.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid: 'admin@shop.local', password: pw }) });
      expect((await login('admin12345')).status).toBe(401);
      expect((await login(password)).status).toBe(200);
      expect(await (await fetch(`${first.url}/api/currencies`)).json()).toEqual([]);
      expect((await login('customer123')).status).toBe(401);
    } finally {
      await stop(first);
    }
    // The password is stored only as a hash: the next start has nothing to print.
    const second = await spawnApi(env, await freePort());
    try {
      expect(second.output()).not.toMatch(PASSWORD_LINE);
      expect(second.output()).not.toContain(password);
    } finally {
      await stop(second);
    }
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

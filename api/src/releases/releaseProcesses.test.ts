import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BUCKET_COOKIE } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import { freePort } from '../test/freePort';
import { buildRelease, SHELL_SHARED, shellRoot, type TestRelease, uploadForm } from '../test/releaseFixtures';
import { spawnApi } from '../test/server';

// Issue 36, several processes and crashes. Two API processes on one PostgreSQL database see a
// promotion and a rollback made through the other within 1 s (LISTEN/NOTIFY). The compiled API killed
// with SIGKILL in the middle of an upload and right after a promotion is asked: after the restart the
// state is whole (the cut upload is no release, cannot be promoted and may be uploaded again; the
// stable is one registered release whose files are served), on PostgreSQL and on embedded PGlite.
jest.setTimeout(180_000);

const PG_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = shellRoot();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-releases-two-'));
    const shared = { staticRoot: root, dataDir, jwtSecret: 'two-processes-secret-0123456789', releases: { shellShared: SHELL_SHARED }, postgresServer: PG_SERVER };
    a = await startTestApp(shared);
    b = await startTestApp({ ...shared, databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** How long until b's /remotes.json answers version for a visitor in bucket 0. */
  async function seenByB(version: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      const res = await b.call('GET', '/remotes.json', { headers: { cookie: `${BUCKET_COOKIE}=0` } });
      if (res.body.versions?.catalog === version) return Date.now() - started;
      await sleep(10);
    }
    return Number.POSITIVE_INFINITY;
  }

  test('a promotion, a canary and a rollback through one are served by the other within 1 s', async () => {
    const v1 = buildRelease('catalog', { heading: 'one' });
    const v2 = buildRelease('catalog', { heading: 'two' });
    for (const r of [v1, v2]) expect((await a.call('POST', '/api/releases/catalog', { token: a.superToken, raw: uploadForm(r) })).status).toBe(201);
    expect((await a.call('POST', '/api/releases/catalog/promote', { token: a.superToken, body: { version: v1.manifest.version } })).status).toBe(200);
    expect(await seenByB(v1.manifest.version)).toBeLessThan(1000);
    expect((await a.call('POST', '/api/releases/catalog/promote', { token: a.superToken, body: { version: v2.manifest.version, percent: 5 } })).status).toBe(200);
    expect(await seenByB(v2.manifest.version)).toBeLessThan(1000);
    expect((await a.call('POST', '/api/releases/catalog/rollback', { token: a.superToken })).status).toBe(200);
    expect(await seenByB(v1.manifest.version)).toBeLessThan(1000);
    // And the files one stored, the other serves.
    const entry = await b.call('GET', `/releases/catalog/${encodeURIComponent(v1.manifest.version)}/remoteEntry.js`);
    expect(entry.status).toBe(200);
  });
});

/** Sends the start of an upload's body and keeps the request open (the rest never comes). */
function startUpload(url: string, token: string, r: TestRelease): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const boundary = 'cut-upload-boundary';
    const u = new URL(`${url}/api/releases/catalog`);
    const req = http.request({ host: u.hostname, port: u.port, method: 'POST', path: u.pathname, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 * 1024 * 1024) } });
    req.on('error', () => undefined);
    const part = (name: string, text: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\n\r\n${text}\r\n`;
    req.write(part('manifest', JSON.stringify(r.manifest)) + part('remoteEntry.js', r.files['remoteEntry.js']), () => resolve(req));
  });
}

describe.each([
  ['PostgreSQL', true],
  ['PGlite', false],
])('kill -9 during an upload and a promotion (%s)', (_name, onPostgres) => {
  let dataDir: string;
  let root: string;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  let api: { child: ChildProcess; url: string; output: () => string } | undefined;
  let port: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-releases-crash-'));
    root = shellRoot();
    port = await freePort();
    if (onPostgres) {
      dbName = `shop_release_crash_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: PG_SERVER });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(PG_SERVER);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
  });
  afterAll(async () => {
    api?.child.kill('SIGKILL');
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_SERVER });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  });

  const start = () =>
    spawnApi(
      // DATABASE_URL emptied for PGlite: under the PostgreSQL suite it is set, and the embedded shop must not reach that server.
      { DATA_DIR: dataDir, STATIC_ROOT: root, SEED_DEMO: '0', ADMIN_EMAIL: 'admin@crash.test', ADMIN_PASSWORD: 'crash-admin-password', ADMIN_2FA_REQUIRED: '0', JWT_SECRET: 'release-crash-secret-0123456789', DATABASE_URL: databaseUrl ?? '' },
      port,
    );
  const call = async (method: string, p: string, token?: string, body?: unknown, raw?: FormData) => {
    const res = await fetch(api!.url + p, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: raw ?? (body ? JSON.stringify(body) : undefined) });
    const text = await res.text();
    return { status: res.status, body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
  };
  const kill = async () => {
    const child = api!.child;
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  };

  test('the previous state stays live and whole; the cut upload is no release', async () => {
    api = await start();
    const login = await call('POST', '/api/user/login', undefined, { uid: 'admin@crash.test', password: 'crash-admin-password' });
    expect(login.status).toBe(200);
    const admin = login.body.token as string;
    const v1 = buildRelease('catalog', { heading: 'one' });
    const v2 = buildRelease('catalog', { heading: 'two' });
    const v3 = buildRelease('catalog', { heading: 'three' });
    expect((await call('POST', '/api/releases/catalog', admin, undefined, uploadForm(v1))).status).toBe(201);
    expect((await call('POST', '/api/releases/catalog/promote', admin, { version: v1.manifest.version })).status).toBe(200);
    expect((await call('POST', '/api/releases/catalog', admin, undefined, uploadForm(v3))).status).toBe(201);

    // Killed while v2's body arrives.
    const cut = await startUpload(api.url, admin, v2);
    await sleep(200);
    await kill();
    cut.destroy();
    api = await start();
    const relogin = (await call('POST', '/api/user/login', undefined, { uid: 'admin@crash.test', password: 'crash-admin-password' })).body.token as string;
    let list = await call('GET', '/api/releases', relogin);
    const catalog = () => list.body.find((r: { remote: string }) => r.remote === 'catalog');
    expect(catalog().stable.version).toBe(v1.manifest.version);
    expect([catalog().stable, ...catalog().history].map((r: { version: string }) => r.version)).not.toContain(v2.manifest.version);
    expect((await call('POST', '/api/releases/catalog/promote', relogin, { version: v2.manifest.version })).status).toBe(404);

    // Killed just after a promotion is asked: it happened whole or not at all.
    const promoting = call('POST', '/api/releases/catalog/promote', relogin, { version: v3.manifest.version, percent: 30 }).catch(() => null);
    await sleep(5);
    await kill();
    await promoting;
    api = await start();
    const token = (await call('POST', '/api/user/login', undefined, { uid: 'admin@crash.test', password: 'crash-admin-password' })).body.token as string;
    list = await call('GET', '/api/releases', token);
    expect(catalog().stable.version).toBe(v1.manifest.version);
    expect([null, v3.manifest.version]).toContain(catalog().canary?.version ?? null);
    expect(catalog().percent).toBe(catalog().canary ? 30 : 0);
    const visitor = await fetch(`${api.url}/remotes.json`, { headers: { cookie: `${BUCKET_COOKIE}=50` } }).then((r) => r.json() as Promise<{ versions: Record<string, string>; remotes: Record<string, string> }>);
    expect(visitor.versions.catalog).toBe(v1.manifest.version);
    expect((await fetch(api.url + visitor.remotes.catalog)).status).toBe(200);
    // The version cut short may be uploaded again, whole.
    expect((await call('POST', '/api/releases/catalog', token, undefined, uploadForm(v2))).status).toBe(201);
  });
});

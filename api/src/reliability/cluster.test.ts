// Many API processes, proven (issue 23): `npm run cluster`'s entry (api/dist/cluster.js) with two
// workers behind its one port, on a PostgreSQL database of its own and a real S3-compatible bucket
// (s3rver). Through the balancer: an admin's edit through one worker is served by the other within 2 s
// (LISTEN/NOTIFY); a photo uploaded through one is served by the other; failed logins through both
// count against one limit; a worker killed with SIGKILL under checkout load loses no order it answered
// 201 and the other keeps serving; a rolling restart (SIGHUP) under a steady stream of GETs and
// checkouts fails no request. Which worker served a request is read from its log line (pid, reqId).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createSigner } from 'fast-jwt';
import { createDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { freePort } from '../test/freePort';
import { startS3, type TestS3 } from '../test/s3';
import { ensureBuilt } from '../test/server';
import { needs, POSTGRES_SERVER } from '../test/services';

jest.setTimeout(400_000); // a rolling restart on a host loaded by the other suite took over 90 s

const ROOT = path.resolve(__dirname, '../../..');
const SECRET = 'cluster-test-secret-0123456789abcdef';
const ADMIN_EMAIL = 'admin@cluster.test';
const AUTH_RATE_LIMIT = 3;
const CUSTOMERS = 3000;
const CONCURRENCY = 6;
const KILL_AFTER = 30; // 201 answers before the SIGKILL
const ADDRESS = { line1: '1 Cluster Way', city: 'Twin', postalCode: '12345', country: 'US' };
const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 3_600_000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** One request on a connection of its own, so the balancer hands it to the next worker in turn. */
function call(port: number, method: string, url: string, o: { id: string; token?: string; body?: unknown; timeoutMs?: number }): Promise<Answer> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  const headers: Record<string, string> = { 'x-request-id': o.id, ...(payload ? { 'content-type': 'application/json' } : {}), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const text = Buffer.concat(chunks);
        const json = /json/.test(res.headers['content-type'] ?? '');
        resolve({ status: res.statusCode!, headers: res.headers, body: json ? JSON.parse(text.toString()) : text });
      });
    });
    req.on('error', reject);
    // A connection the balancer was handing to a worker as it was killed is never answered (Node's cluster drops it).
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error(`no answer within ${o.timeoutMs ?? 30_000} ms`)));
    req.end(payload);
  });
}

/** The cluster's primary as a child process; its workers write to the same stdout. */
async function startCluster(env: Record<string, string>) {
  ensureBuilt();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/cluster.js')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let partial = '';
  const servedBy = new Map<string, number>();
  const read = (d: Buffer) => {
    text += d;
    const lines = (partial + d).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { reqId?: string; pid?: number };
        if (entry.reqId && entry.pid) servedBy.set(entry.reqId, entry.pid);
      } catch {
        // A long line (a stack trace) two workers wrote at once: not a request's.
      }
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', (d) => (text += d));
  const output = () => text;
  /** The first match of re in the output from offset on, waited for. */
  const waitFor = async (re: RegExp, from = 0, ms = 240_000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = text.slice(from).match(re);
      if (m) return m;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${re} in the cluster's output:\n${text.slice(-4000)}`);
      await sleep(50);
    }
  };
  /** The pid of the worker that logged request id. */
  const served = async (id: string): Promise<number> => {
    const deadline = Date.now() + 10_000;
    while (!servedBy.has(id)) {
      if (Date.now() > deadline) throw new Error(`no log line of request ${id}`);
      await sleep(20);
    }
    return servedBy.get(id)!;
  };
  await waitFor(/cluster: started/);
  const pids = [...text.matchAll(/worker \d+ \(pid (\d+)\) ready/g)].map((m) => Number(m[1]));
  return { child, port, url: `http://127.0.0.1:${port}`, output, waitFor, served, pids };
}
type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** One currency, three products, CUSTOMERS customers with one to three cart lines each. */
async function fixtures(db: Db) {
  const currencyId = (await db.one<{ id: string }>(`INSERT INTO currencies (name, code, symbol) VALUES ('US Dollar', 'USD', '$') RETURNING id`))!.id;
  await db.query(
    `WITH p AS (INSERT INTO products (slug, title, description) SELECT 'cluster-ring-' || g, 'Cluster Ring ' || g, 'x' FROM generate_series(1, 3) g RETURNING id, slug)
     INSERT INTO product_prices (product_id, currency_id, amount) SELECT id, $1, 1000 + 250 * substring(slug from 14)::int FROM p`,
    [currencyId],
  );
  const users = (
    await db.query<{ id: string }>(
      `INSERT INTO users (full_name, email, contact, password_hash) SELECT 'Twin ' || g, 'twin' || g || '@cluster.test', 't' || g, 'x' FROM generate_series(1, $1::int) g RETURNING id`,
      [CUSTOMERS],
    )
  ).map((r) => r.id);
  await db.query(
    `INSERT INTO cart_items (user_id, product_id, quantity, created_at)
     SELECT u.id, p.id, 1 + (u.n + p.n) % 2, now() + p.n * interval '1 ms'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE full_name LIKE 'Twin %') u
       JOIN (SELECT id, row_number() OVER (ORDER BY slug) AS n FROM products) p ON p.n <= 1 + u.n % 3`,
  );
  const product = (await db.one<{ id: string }>(`SELECT id FROM products WHERE slug = 'cluster-ring-1'`))!.id;
  return { currencyId, users, product, carts: await cartLines(db) };
}

/** Each customer's cart lines as text, to compare with their order's. */
async function cartLines(db: Db): Promise<Map<string, string>> {
  const rows = await db.query<{ user_id: string; lines: string }>(
    `SELECT user_id, string_agg(product_id || 'x' || quantity, ',' ORDER BY product_id) AS lines FROM cart_items GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, r.lines]));
}

/** Every order answered 201 is there, its customer's, with their cart's lines adding up to its subtotal; no customer has two. */
async function orderProblems(db: Db, carts: Map<string, string>, answered: Map<string, string>): Promise<string[]> {
  const orders = await db.query<{ id: string; user_id: string; lines: string; whole: boolean }>(
    `SELECT o.id, o.user_id, string_agg(i.product_id || 'x' || i.quantity, ',' ORDER BY i.product_id) AS lines, sum(i.line_total) = o.sub_total AS whole
       FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id`,
  );
  const byId = new Map(orders.map((o) => [o.id, o]));
  const problems: string[] = [];
  for (const [user, id] of answered) {
    const o = byId.get(id);
    if (!o) problems.push(`order ${id} answered 201 is missing`);
    else if (o.user_id !== user || o.lines !== carts.get(user) || !o.whole) problems.push(`order ${id} is not ${user}'s cart, whole: ${o.lines} vs ${carts.get(user)}`);
  }
  const perUser = new Map<string, number>();
  for (const o of orders) perUser.set(o.user_id, (perUser.get(o.user_id) ?? 0) + 1);
  for (const [user, n] of perUser) if (n > 1) problems.push(`${user} has ${n} orders`);
  return problems;
}

needs('postgres').describe('two API processes behind npm run cluster, on PostgreSQL and S3', () => {
  const name = `shop_cluster_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let admin: pg.Client;
  let s3: TestS3;
  let db: Db;
  let cluster: Cluster;
  let fx: Awaited<ReturnType<typeof fixtures>>;
  let adminToken: string;
  let uploaded = '';
  const answered = new Map<string, string>(); // customer -> order id answered 201
  let nextCustomer = 0;
  /** A customer's checkout: kept-alive (fetch), or on a connection of its own when id is given (call). */
  const checkout = async (user: string, id?: string, timeoutMs?: number) => {
    const token = sign({ sub: user });
    const body = { paymentMethod: 'Cash On Delivery', selectedCurr: fx.currencyId, shippingAddress: ADDRESS };
    const { status, body: answer } = id
      ? await call(cluster.port, 'POST', '/api/order', { id, token, body, timeoutMs })
      : await fetch(`${cluster.url}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
    if (status === 201) answered.set(user, answer._id);
    return { status, message: answer.message as string | undefined };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
    admin = new pg.Client({ connectionString: POSTGRES_SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(POSTGRES_SERVER);
    u.pathname = `/${name}`;
    db = await createDb({ databaseUrl: u.toString() });
    await migrate(db);
    fx = await fixtures(db);
    s3 = await startS3('shop-cluster');
    cluster = await startCluster({
      NODE_ENV: 'production',
      DATABASE_URL: u.toString(),
      DATA_DIR: dataDir,
      WORKERS: '2',
      JWT_SECRET: SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: 'cluster-admin-password',
      // The admin here edits through the balancer; two-factor sign-in (on for a real shop) is staff/'s to test.
      ADMIN_2FA_REQUIRED: '0',
      SEED_DEMO: '0',
      LOG: '1',
      SHUTDOWN_TIMEOUT_MS: '5000',
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
    });
    expect(cluster.pids).toHaveLength(2);
    adminToken = sign({ sub: (await db.one<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN_EMAIL]))!.id });
  });

  afterAll(async () => {
    if (cluster && cluster.child.exitCode === null) cluster.child.kill('SIGKILL');
    await db?.close();
    await s3?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("an admin's edit through one worker is served by the other within 2 s", async () => {
    const page = `/api/product/slugSearch/cluster-ring-1`;
    let n = 0;
    // Both keep the product's page in memory first.
    const warm = new Set<number>();
    while (warm.size < 2 && n < 20) {
      const id = `warm-${n++}`;
      expect((await call(cluster.port, 'GET', page, { id })).body.title).toBe('Cluster Ring 1');
      warm.add(await cluster.served(id));
    }
    expect(warm.size).toBe(2);
    const edit = await call(cluster.port, 'PUT', `/api/product/${fx.product}`, { id: 'edit', token: adminToken, body: { title: 'Cluster Ring One' } });
    expect(edit.status).toBe(200);
    const editedAt = Date.now();
    const editor = await cluster.served('edit');
    let seenAfterMs: number | null = null;
    while (seenAfterMs === null && Date.now() - editedAt < 5_000) {
      const id = `after-edit-${n++}`;
      const answer = await call(cluster.port, 'GET', page, { id });
      if ((await cluster.served(id)) !== editor && answer.body.title === 'Cluster Ring One') seenAfterMs = Date.now() - editedAt;
    }
    console.log(`cluster test: the edit through pid ${editor} was served by the other worker ${seenAfterMs} ms after its answer`);
    expect(seenAfterMs).not.toBeNull();
    expect(seenAfterMs!).toBeLessThan(2_000);
  });

  test('a photo uploaded through one worker is served by the other, from the bucket', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b76e79' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'twin.jpg');
    const res = await fetch(`${cluster.url}/api/product/${fx.product}/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}`, 'x-request-id': 'upload' } });
    expect(res.status).toBe(200);
    const images = ((await res.json()) as { imageUrls: string[] }).imageUrls;
    // Stored as 'uploads/<name>', served at /uploads/<name>.
    expect(images[images.length - 1]).toMatch(/^\/?uploads\//);
    uploaded = `/${images[images.length - 1].replace(/^\//, '')}`;
    const uploader = await cluster.served('upload');
    // The original and a width's copy, each asked until the other worker answers.
    for (const url of [uploaded, `${uploaded}?w=320`]) {
      let answer: Answer | undefined;
      for (let n = 0; n < 10 && !answer; n++) {
        const id = `photo-${n}-${url.length}`;
        const a = await call(cluster.port, 'GET', url, { id });
        if ((await cluster.served(id)) !== uploader) answer = a;
      }
      expect(answer).toMatchObject({ status: 200, headers: { 'content-type': expect.stringMatching(/^image\//) } });
      expect((answer!.body as Buffer).length).toBeGreaterThan(100);
    }
    // In the bucket, not on this host's disk.
    expect(fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : []).toEqual([]);
  });

  test('failed logins through both workers count against one limit', async () => {
    const login = (n: number) => call(cluster.port, 'POST', '/api/user/login', { id: `login-${n}`, body: { uid: 'nobody@cluster.test', password: `guess-${n}` } });
    const failedBy = new Set<number>();
    for (let n = 0; n <= AUTH_RATE_LIMIT; n++) {
      expect((await login(n)).status).toBe(401);
      failedBy.add(await cluster.served(`login-${n}`));
    }
    // Past the limit every worker refuses, including one that saw fewer failures than the limit itself.
    const refusedBy = new Set<number>();
    for (let n = AUTH_RATE_LIMIT + 1; refusedBy.size < 2 && n < AUTH_RATE_LIMIT + 12; n++) {
      expect((await login(n)).status).toBe(429);
      refusedBy.add(await cluster.served(`login-${n}`));
    }
    expect({ failedBy: failedBy.size, refusedBy: refusedBy.size }).toEqual({ failedBy: 2, refusedBy: 2 });
  });

  test('a worker killed with SIGKILL under checkout load loses no order it answered, and the other keeps serving', async () => {
    let victim = 0;
    let choosing = false;
    let killed = false;
    let cutOff = 0;
    // Each checkout on a connection of its own, so both workers have some in flight when one is killed:
    // the one that answered the KILL_AFTER-th.
    const before = async () => {
      while (!killed && nextCustomer < fx.users.length) {
        const user = fx.users[nextCustomer++];
        const id = `checkout-${user}`;
        try {
          const r = await checkout(user, id, 15_000);
          if (r.status !== 201) throw new Error(`checkout answered ${r.status} ${r.message}`);
          if (answered.size >= KILL_AFTER && !choosing) {
            choosing = true;
            victim = await cluster.served(id);
            process.kill(victim, 'SIGKILL');
            killed = true;
          }
        } catch (err) {
          if (!killed) throw err;
          cutOff++; // in flight on the killed worker
        }
      }
    };
    const mark = cluster.output().length;
    await Promise.all(Array.from({ length: CONCURRENCY }, before));
    await cluster.waitFor(new RegExp(`\\(pid ${victim}\\) died \\(signal SIGKILL\\)`), mark);
    const answeredBefore = answered.size;
    // After the kill: every checkout is answered 201, by the worker left (or the replacement).
    const failures: string[] = [];
    const after = async () => {
      for (let k = 0; k < 8 && nextCustomer < fx.users.length; k++) {
        const r = await checkout(fx.users[nextCustomer++]).catch((err: Error) => ({ status: 0, message: err.message }));
        if (r.status !== 201) failures.push(`${r.status} ${r.message}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, after));
    console.log(`cluster test: SIGKILL of pid ${victim} after ${answeredBefore} orders answered 201; ${cutOff} checkouts cut off in flight; ${answered.size - answeredBefore} answered 201 after it`);
    expect(failures).toEqual([]);
    expect(await orderProblems(db, fx.carts, answered)).toEqual([]);
    const replacement = await cluster.waitFor(/worker \d+ \(pid (\d+)\) ready/, mark);
    cluster.pids.splice(cluster.pids.indexOf(victim), 1, Number(replacement[1]));
  });

  test('a rolling restart (SIGHUP) under a steady stream of GETs and checkouts fails no request', async () => {
    const gets = ['/api/currencies', '/api/product/slugSearch/cluster-ring-2', uploaded || '/api/health'];
    const failures: string[] = [];
    let served = 0;
    let ordered = 0;
    let streaming = true;
    const reader = async (k: number) => {
      for (let n = k; streaming; n++) {
        const url = gets[n % gets.length];
        const status = await fetch(`${cluster.url}${url}`, { signal: AbortSignal.timeout(30_000) })
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch((err: Error) => `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`);
        if (status === 200) served++;
        else failures.push(`GET ${url}: ${status}`);
      }
    };
    const buyer = async () => {
      while (streaming && nextCustomer < fx.users.length) {
        const r = await checkout(fx.users[nextCustomer++]).catch((err: Error) => ({ status: 0, message: err.message }));
        if (r.status === 201) ordered++;
        else failures.push(`checkout: ${r.status} ${r.message}`);
        await sleep(20); // a steady stream, not a flood: the customers last through the restart
      }
    };
    const mark = cluster.output().length;
    const stream = Promise.all([...[0, 1, 2].map(reader), ...[0, 1, 2].map(buyer)]);
    while (served < 30) await sleep(20);
    process.kill(cluster.child.pid!, 'SIGHUP');
    await cluster.waitFor(/rolling restart: done/, mark);
    const atDone = served;
    while (served < atDone + 30) await sleep(20);
    streaming = false;
    await stream;
    console.log(`cluster test: rolling restart under load: ${served} GETs answered 200 and ${ordered} checkouts 201, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(ordered).toBeGreaterThan(0);
    for (const pid of cluster.pids) expect(cluster.output().slice(mark)).toMatch(new RegExp(`\\(pid ${pid}\\) drains`));
    expect(cluster.output().slice(mark)).not.toMatch(/died|cut off/);

    // A clean stop: the primary drains its workers and exits 0; every order answered is whole.
    const exited = new Promise<number | null>((resolve) => cluster.child.once('exit', (code) => resolve(code)));
    cluster.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(cluster.output()).toMatch(/cluster: stopped/);
    expect(await orderProblems(db, fx.carts, answered)).toEqual([]);
  });
});

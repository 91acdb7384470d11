import { randomUUID } from 'node:crypto';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startTcpProxy, type TcpProxy } from '../test/tcpProxy';
import { maskSecrets } from './logging';
import { metricsRefusal } from './metrics';
import { requestIdOf } from './requestIds';

// Issue 23, the operator's view: metrics, readiness, request ids in answers and log lines, secrets
// kept out of the log.

const TOKEN = 'a-metrics-token-of-some-length';
let t: TestApp;
let lines: string[];
let productId: string;
beforeAll(async () => {
  lines = [];
  t = await startTestApp({ logStream: { write: (line) => void lines.push(line) } });
  const usd = await t.currency('USD', '$');
  productId = (await t.product({ title: 'Metrics Ring', basePrice: [{ currType: usd._id, amount: 10 }] }))._id;
});
afterAll(() => t.close());

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
/** The value of one sample, e.g. sample(text, 'mail_outbox_depth'); undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /api/metrics', () => {
  test('Prometheus text: requests by route pattern and status, database, catalogue memory, event loop, memory, the outbox', async () => {
    for (let i = 0; i < 2; i++) expect((await t.call('GET', `/api/product/${productId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/product/${randomUUID()}`)).status).toBe(404);
    const res = await fetch(`${t.url}/api/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The route's pattern, never the URL (one series per route, not per product).
    expect(sample(text, 'http_requests_total{method="GET",route="/api/product/:id",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/product/:id",status="404"}')).toBe(1);
    expect(text).not.toContain(productId);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="200"}')).toBe(2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/product/:id",status="200"}');
    expect(sample(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    // The second read of the product was a kept answer.
    expect(sample(text, 'catalog_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'catalog_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'catalog_cache_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'catalog_cache_entries')).toBeGreaterThan(0);
    expect(text).toMatch(/^catalog_filling [01]$/m);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    // Types and help for each, as Prometheus expects.
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE catalog_cache_requests_total counter');
  });

  test('the outbox gauge counts e-mails not delivered yet, read at each scrape', async () => {
    const depth = async () => sample(await (await fetch(`${t.url}/api/metrics`)).text(), 'mail_outbox_depth')!;
    // Not delivered until long after the test: the sender takes only what is due.
    await t.ctx.db.query(
      `INSERT INTO mail_outbox (idempotency_key, kind, to_address, message, next_attempt_at, status)
       VALUES ($1, 'welcome', 'a@test.local', '{}', now() + interval '1 day', 'pending'), ($2, 'welcome', 'b@test.local', '{}', now() + interval '1 day', 'pending'),
              ($3, 'welcome', 'c@test.local', '{}', now(), 'failed')`,
      [randomUUID(), randomUUID(), randomUUID()],
    );
    const before = await depth();
    expect(before).toBeGreaterThanOrEqual(2);
    await t.ctx.db.query(`UPDATE mail_outbox SET status = 'failed' WHERE next_attempt_at > now() + interval '1 hour'`);
    expect(await depth()).toBe(before - 2);
  });

  test('without METRICS_TOKEN: loopback peers only, decided by the socket; a request a proxy forwarded is not one', async () => {
    const who = (peer: string, headers: Record<string, string> = {}) => metricsRefusal({ socket: { remoteAddress: peer }, headers }, {});
    expect([who('127.0.0.1'), who('127.8.0.1'), who('::1'), who('::ffff:127.0.0.1')]).toEqual([null, null, null, null]);
    expect([who('203.0.113.9'), who('10.0.0.5'), who('::ffff:10.0.0.5'), who('fe80::1')]).toEqual([403, 403, 403, 403]);
    // A proxy on the same host: its peer address is loopback, the client is not.
    expect(who('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(403);
    expect(who('127.0.0.1', { forwarded: 'for=203.0.113.9' })).toBe(403);
    // A header never makes a client loopback (issue 34 #2).
    expect([who('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }), who('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })]).toEqual([403, 403]);
    const outside = await fetch(`${t.url}/api/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { message: string }).message).toMatch(/METRICS_TOKEN/);
  });

  test('behind a trusted proxy without a token, X-Forwarded-For: 127.0.0.1 does not open the metrics (issue 34 #2)', async () => {
    for (const trustProxy of [true, ['127.0.0.1', '::1'], 1] as Array<boolean | string[] | number>) {
      const proxied = await startTestApp({ trustProxy });
      try {
        for (const forwarded of ['127.0.0.1', '::1', '203.0.113.9, 127.0.0.1', 'localhost', '']) {
          expect([trustProxy, forwarded, (await proxied.call('GET', '/api/metrics', { headers: { 'x-forwarded-for': forwarded } })).status]).toEqual([trustProxy, forwarded, 403]);
        }
        // The operator on the host itself, no proxy between: still served.
        expect((await proxied.call('GET', '/api/metrics')).status).toBe(200);
      } finally {
        await proxied.close();
      }
    }
  });

  test('with METRICS_TOKEN: the bearer token from anywhere, 401 without it; each app counts its own requests', async () => {
    const guarded = await startTestApp({ metricsToken: TOKEN, trustProxy: ['127.0.0.1'] });
    try {
      const none = await guarded.call('GET', '/api/metrics');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect((await guarded.call('GET', '/api/metrics', { token: `${TOKEN}x` })).status).toBe(401);
      expect((await guarded.call('GET', '/api/metrics', { token: TOKEN.slice(1) })).status).toBe(401);
      // From anywhere (a client the trusted proxy names), with the token.
      expect((await guarded.call('GET', '/api/metrics', { token: TOKEN, headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
      expect((await guarded.call('GET', '/api/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401);
      const text = (await guarded.call('GET', '/api/metrics', { token: TOKEN })).body as string;
      // This app's registry: the other app's product reads are not in it.
      expect(sample(text, 'http_requests_total{method="GET",route="/api/product/:id",status="200"}')).toBeUndefined();
      expect(sample(text, 'http_requests_total{method="GET",route="/api/metrics",status="401"}')).toBe(4);
    } finally {
      await guarded.close();
    }
  });
});

describe('request ids', () => {
  test('an X-Request-Id that is short and plain is kept, anything else replaced by a uuid; always answered', async () => {
    const given = await fetch(`${t.url}/api/hello`, { headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a:42');
    const made = await fetch(`${t.url}/api/hello`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const bad of ['x'.repeat(129), 'two words', 'a"b', '<script>', 'é']) {
      const id = requestIdOf({ headers: { 'x-request-id': bad } } as never);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf({ headers: { 'x-request-id': 'x'.repeat(128) } } as never)).toBe('x'.repeat(128));
    // Errors and unknown routes carry it too.
    const missing = await fetch(`${t.url}/api/nothing-here`, { headers: { 'x-request-id': 'req-404' } });
    expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, 'req-404']);
  });

  test('the request log lines carry it (a line a handler logs too: the outage test below)', async () => {
    const id = `trace-${randomUUID()}`;
    expect((await t.call('POST', '/api/user/login', { body: { uid: 'nobody@test.local', password: 'wrong-password' }, headers: { 'x-request-id': id } })).status).toBe(401);
    expect(logged().filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Every request line carries an id.
    expect(logged().filter((l) => l.req || l.res).every((l) => typeof l.reqId === 'string')).toBe(true);
  });
});

describe('secrets are redacted from the log', () => {
  test('headers, password and token fields, credentials in URLs and in error messages', async () => {
    const before = lines.length;
    t.app.log.info({ headers: { authorization: 'Bearer jwt-secret-1', cookie: 'sid=cookie-secret-2', 'set-cookie': 'sid=cookie-secret-3' } }, 'headers');
    t.app.log.info({ req: { headers: { authorization: 'Bearer jwt-secret-4' } }, body: { uid: 'jane', password: 'password-secret-5', newPassword: 'password-secret-6' } }, 'a body');
    t.app.log.info({ password: 'password-secret-7', token: 'token-secret-8', user: { token: 'token-secret-9' }, mail: { smtpUrl: 'smtp://u:smtp-secret-10@mail.example.com' } }, 'fields');
    t.app.log.error({ err: new Error('connect to smtps://mailer:smtp-secret-11@mail.example.com:465 failed') }, 'an error');
    t.app.log.warn({ error: 'redis://default:redis-secret-12@cache:6379 refused' }, 'a string error');
    const reset = await fetch(`${t.url}/reset-password?token=reset-secret-13&x=1`, { headers: { authorization: 'Bearer jwt-secret-14', cookie: 'a=cookie-secret-15' } });
    expect(reset.status).toBeLessThan(500);
    await t.call('POST', '/api/user/login', { body: { uid: 'jane@test.local', password: 'password-secret-16' } });
    const text = lines.slice(before).join('');
    for (let i = 1; i <= 16; i++) expect(text).not.toMatch(new RegExp(`-secret-${i}\\b`));
    expect(text).toContain('[redacted]');
    // What is not secret stays readable.
    const out = logged().slice(-200);
    expect(out.find((l) => l.msg === 'a body')?.body.uid).toBe('jane');
    expect(out.find((l) => l.msg === 'an error')?.err.message).toBe('connect to smtps://[redacted]@mail.example.com:465 failed');
    expect(out.find((l) => l.req?.url?.startsWith('/reset-password'))?.req.url).toBe('/reset-password?token=[redacted]&x=1');
  });

  test('maskSecrets leaves plain text and URLs without credentials alone', () => {
    expect(maskSecrets('postgres://shop@db:5432/shop')).toBe('postgres://shop@db:5432/shop');
    expect(maskSecrets('postgres://shop:pw@db:5432/shop')).toBe('postgres://[redacted]@db:5432/shop');
    expect(maskSecrets('/api/product/filter?limit=12&page=1')).toBe('/api/product/filter?limit=12&page=1');
    expect(maskSecrets('/x?X-Amz-Signature=abc&X-Amz-Credential=def')).toBe('/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]');
  });
});

describe('GET /api/ready', () => {
  test('200 once the database answers, every migration is applied and the catalogue is in memory; 503 naming a missing migration', async () => {
    expect(await within(30_000, async () => (await t.call('GET', '/api/ready')).status === 200)).toBe(true);
    expect((await t.call('GET', '/api/ready')).body).toEqual({ status: 'ready' });
    // The liveness answer is unchanged.
    expect((await t.call('GET', '/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });
    const last = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM schema_migrations ORDER BY id DESC LIMIT 1`))!.id;
    await t.ctx.db.query(`DELETE FROM schema_migrations WHERE id = $1`, [last]);
    try {
      const r = await t.call('GET', '/api/ready');
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: `not applied: ${last}`, catalog: 'ok' } });
    } finally {
      await t.ctx.db.query(`INSERT INTO schema_migrations (id) VALUES ($1)`, [last]);
    }
    expect((await t.call('GET', '/api/ready')).status).toBe(200);
  });

  test('503 within a couple of seconds while the database cannot be reached, liveness still 200', async () => {
    let proxy: TcpProxy | undefined;
    let outage: TestApp;
    const outageLines: string[] = [];
    const logStream = { write: (line: string) => void outageLines.push(line) };
    if (process.env.DATABASE_URL) {
      const server = new URL(process.env.DATABASE_URL);
      proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const port = proxy.port;
      outage = await startTestApp({
        logStream,
        databaseUrlFor: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).toString(),
      });
    } else outage = await startTestApp({ logStream });
    try {
      expect(await within(30_000, async () => (await outage.call('GET', '/api/ready')).status === 200)).toBe(true);
      const modes: Array<() => Promise<void>> = proxy ? [async () => proxy!.set('refuse'), async () => proxy!.set('blackhole')] : [() => outage.ctx.db.close()];
      for (const down of modes) {
        await down();
        const started = Date.now();
        const r = await outage.call('GET', '/api/ready');
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ status: 'not ready', checks: { database: expect.stringMatching(/^(down|no answer within 1000 ms)$/), migrations: 'unknown' } });
        expect((await outage.call('GET', '/api/health')).status).toBe(200);
      }
      // A line the handling logs carries the request's id like the request's own lines.
      const id = `outage-${randomUUID()}`;
      expect((await outage.call('POST', '/api/user/login', { body: { uid: 'jane@test.local', password: 'password123' }, headers: { 'x-request-id': id } })).status).toBe(503);
      const mine = outageLines.map((l) => JSON.parse(l)).filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'database unavailable', 'request completed']);
      if (proxy) {
        proxy.set('forward');
        expect(await within(30_000, async () => (await outage.call('GET', '/api/ready')).status === 200)).toBe(true);
      }
    } finally {
      await outage.close();
      await proxy?.close();
    }
  });
});

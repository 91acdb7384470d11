import { randomUUID } from 'node:crypto';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../app';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startTcpProxy, type TcpProxy } from '../test/tcpProxy';

// Issue 16, finding 8: while the database cannot be reached, kept catalogue answers are still
// served, everything else is a quick 503 with Retry-After (never a 500, never a request held for
// the outage), /api/health says the database is down, and all comes back by itself.
// On PostgreSQL (DATABASE_URL) the outage is played by a TCP proxy in front of the real server:
// refused connections, then a network that silently drops everything. On PGlite, the embedded
// database's worker is stopped under the running app.

jest.setTimeout(120_000);
// Small bounds, so an outage is noticed in about a second (defaults: 5 s, 5 s, 2 s).
process.env.PG_CONNECT_TIMEOUT_MS = '1000';
process.env.PG_STATEMENT_TIMEOUT_MS = '1000';
process.env.PG_QUERY_GRACE_MS = '500';

let t: TestApp;
let proxy: TcpProxy | undefined;
let customer: { token: string };
let slug: string;
let productPage: unknown;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const port = proxy.port;
    t = await startTestApp({
      databaseUrlFor: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(port);
        return u.toString();
      },
    });
  } else t = await startTestApp();
  const usd = await t.currency('USD', '$');
  const p = await t.product({ title: 'Outage Ring', basePrice: [{ currType: usd._id, amount: 10 }] });
  slug = p.slug;
  customer = await t.customer();
  const page = await t.call('GET', `/api/product/slugSearch/${slug}`);
  expect(page.status).toBe(200);
  productPage = page.body;
});
afterAll(async () => {
  proxy?.set('forward');
  await t.close();
  await proxy?.close();
});

/** An answer and how long it took (bounded waits are the point here: a request must not hang). */
async function timed(method: string, path: string, opts: Parameters<TestApp['call']>[2] = {}) {
  const started = Date.now();
  const answer = await t.call(method, path, opts);
  return { ...answer, ms: Date.now() - started };
}

async function expectOutageAnswers() {
  // A kept answer: served from memory under the last catalogue version known.
  const page = await timed('GET', `/api/product/slugSearch/${slug}`);
  expect(page.status).toBe(200);
  expect(page.body).toEqual(productPage);
  // What needs the database: a quick 503 with Retry-After and the message, for a read and a write.
  for (const [method, path, opts] of [
    ['GET', `/api/product/${randomUUID()}`, {}],
    ['GET', '/api/cart', { token: customer.token }],
    ['POST', '/api/user/login', { body: { uid: 'nobody@shop.test', password: 'whatever-it-is' } }],
  ] as const) {
    const r = await timed(method, path, opts);
    expect({ path, status: r.status, message: r.body?.message }).toEqual({ path, status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.ms).toBeLessThan(10_000);
  }
  const health = await timed('GET', '/api/health');
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'degraded', database: 'down' });
  expect(health.ms).toBeLessThan(5_000);
}

if (process.env.DATABASE_URL) {
  test('PostgreSQL refusing connections, then a silent network drop, then back: kept answers, quick 503s, and recovery without a restart', async () => {
    proxy!.set('refuse');
    await expectOutageAnswers();
    proxy!.set('blackhole');
    await expectOutageAnswers();
    proxy!.set('forward');
    expect(await within(30_000, async () => (await t.call('GET', '/api/health')).body?.database === 'up')).toBe(true);
    expect((await t.call('GET', '/api/cart', { token: customer.token })).status).toBe(200);
    const wish = await t.call('GET', `/api/product/slugSearch/${slug}`);
    expect(wish.status).toBe(200);
    const added = await t.call('POST', `/api/wishlist/${(productPage as { _id: string })._id}`, { token: customer.token });
    expect(added.status).toBeLessThan(300);
  });
} else {
  test('the embedded database stopping under the running app: kept answers, quick 503s, health says down, no crash', async () => {
    await t.ctx.db.close();
    await expectOutageAnswers();
    // The process is still serving.
    expect((await t.call('GET', '/api/hello')).status).toBe(200);
  });
}

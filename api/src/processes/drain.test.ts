// Graceful shutdown (issue 23): once told to stop, the process takes no new connection, says
// /api/ready 503 and Connection: close on what it still answers, lets a request in flight finish, then
// closes the app (the database last); a request that outlives SHUTDOWN_TIMEOUT_MS is cut off instead.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { gracefulShutdown } from './drain';

jest.setTimeout(60_000);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, path: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

/** The app on in-memory PGlite with GET /slow, answered when release() is called. */
async function appWithSlowRoute() {
  const app = await buildApp({ adminPassword: 'drain-test-password', keepProductPages: false });
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let started = () => {};
  const slowStarted = new Promise<void>((r) => (started = r));
  app.get('/slow', async () => {
    started();
    await released;
    return { done: true };
  });
  return { app, release, slowStarted };
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

test('a request in flight finishes, new connections are refused, ready says 503, then the app closes', async () => {
  const { app, release, slowStarted } = await appWithSlowRoute();
  const lines: string[] = [];
  const drain = gracefulShutdown(app, { timeoutMs: 10_000, log: (l) => lines.push(l) });
  const port = await listen(app);
  const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(port, '/api/health', kept)).headers.connection).toBe('keep-alive');

  const slow = get(port, '/slow', false);
  await slowStarted;
  const drained = drain('SIGTERM');
  // A connection kept alive before the drain is answered once more, and told to close.
  const ready = await get(port, '/api/ready', kept);
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', checks: { shutdown: 'finishing the requests in flight' } });
  expect(ready.headers.connection).toBe('close');
  await expect(get(port, '/api/health', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  release();
  const answer = await slow;
  expect(answer).toMatchObject({ status: 200, body: '{"done":true}' });
  expect(answer.headers.connection).toBe('close');
  await drained;
  await expect(app.ctx.db.query('SELECT 1')).rejects.toThrow();
  expect(lines).toEqual([expect.stringMatching(/^SIGTERM: draining/), expect.stringMatching(/^shutdown: done in \d+ ms$/)]);
  kept.destroy();
});

test('a request still running after the timeout is cut off, and the app closes all the same', async () => {
  const { app, release, slowStarted } = await appWithSlowRoute();
  const lines: string[] = [];
  const drain = gracefulShutdown(app, { timeoutMs: 300, log: (l) => lines.push(l) });
  const port = await listen(app);
  const cut = get(port, '/slow', false).then(() => null, (err: NodeJS.ErrnoException) => err.code);
  await slowStarted;
  await drain('SIGTERM');
  expect(await cut).toBe('ECONNRESET');
  expect(lines[1]).toBe('shutdown: 1 connection(s) still busy after 300 ms are cut off');
  release();
});

test('a request sent on an idle kept-alive connection while the loop is busy, as the drain closes idle ones, is answered, not dropped', async () => {
  const app = await buildApp({ adminPassword: 'drain-test-password', keepProductPages: false });
  const drain = gracefulShutdown(app, { timeoutMs: 10_000, log: () => {} });
  const port = await listen(app);
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const request = 'GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n';
  socket.write(request);
  while (!received.includes('"status"')) await new Promise((r) => setTimeout(r, 10));
  expect(received).toMatch(/^HTTP\/1.1 200/);
  received = '';
  const drained = drain('SIGTERM');
  // Just before the drain's idle timer (1 s): the request reaches the server's socket, then the loop is
  // busy until that timer is due too, so both run in one timers phase, before the request is read.
  setTimeout(() => {
    socket.write(request);
    const until = Date.now() + 20;
    while (Date.now() < until);
  }, 995);
  await closed;
  expect(received).toMatch(/^HTTP\/1.1 200/);
  expect(received.toLowerCase()).toContain('connection: close');
  await drained;
});

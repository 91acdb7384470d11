import net from 'node:net';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 16, finding 7: a client that sends its body a byte every few seconds must not hold a socket
// for minutes. With REQUEST_TIMEOUT_MS (here 1.5 s, default 30 s) the request is answered 408 and
// the socket closed; an idle kept-alive connection goes after KEEP_ALIVE_TIMEOUT_MS (here 1 s,
// default 72 s). Counts the bytes and states, not how fast.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ requestTimeoutMs: 1_500, keepAliveTimeoutMs: 1_000 });
});
afterAll(() => t.close());

/** Opens a raw connection, sends the headers and then one body byte every `everyMs`; answers what came back when the server closed it. */
function slowPost(path: string, everyMs: number, givesUpAfterMs: number): Promise<{ answer: string; closedByServer: boolean; bytesSent: number }> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    const drip = setInterval(() => {
      if (socket.writable) {
        socket.write('x');
        bytesSent++;
      }
    }, everyMs);
    const giveUp = setTimeout(() => finish(false), givesUpAfterMs);
    const finish = (closedByServer: boolean) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closedByServer, bytesSent });
    };
    socket.on('connect', () => socket.write(`POST ${path} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`));
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

test('a body sent a byte at a time is cut off with 408 within the request timeout', async () => {
  const res = await slowPost('/api/user/login', 200, 15_000);
  expect(res.closedByServer).toBe(true);
  expect(res.answer).toMatch(/^HTTP\/1\.1 408/);
  // 1.5 s of a byte per 0.2 s, plus at most one check interval: far from the 1,000 bytes announced.
  expect(res.bytesSent).toBeLessThan(30);
});

test('slow headers are cut off too, and the shop keeps answering others meanwhile', async () => {
  const { port } = new URL(t.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  let bytes = 0;
  const drip = setInterval(() => socket.writable && (socket.write(bytes++ === 0 ? 'GET /api/hello HTTP/1.1\r\n' : 'X-Slow: 1\r\n')), 200);
  const closed = await new Promise<boolean>((resolve) => {
    const giveUp = setTimeout(() => resolve(false), 15_000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(true);
    });
  });
  clearInterval(drip);
  socket.destroy();
  expect(closed).toBe(true);
  expect(bytes).toBeLessThan(30);
  expect((await t.call('GET', '/api/hello')).status).toBe(200);
});

/** Opens a raw connection, sends `request` (if any), and answers what came back once the server closed it (null: still open after givesUpAfterMs). */
function held(request: string | null, givesUpAfterMs: number): Promise<string | null> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => request && socket.write(request));
    let answer = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, givesUpAfterMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(answer);
    });
    socket.on('error', () => undefined);
  });
}

test('a connection that never sends a request is answered 408 and closed', async () => {
  expect(await held(null, 15_000)).toMatch(/^HTTP\/1\.1 408/);
});

test('a kept-alive connection left idle after its answer is closed', async () => {
  const answer = await held('GET /api/hello HTTP/1.1\r\nHost: shop\r\n\r\n', 15_000);
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toMatch(/keep-alive: timeout=1/i);
});

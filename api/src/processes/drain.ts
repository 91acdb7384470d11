import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** SHUTDOWN_TIMEOUT_MS: how long requests in flight get to finish once the process is told to stop. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** A kept-alive connection gets this long to send one more request (answered, then closed) before it is closed idle. */
const IDLE_GRACE_MS = 1_000;

export interface DrainOptions {
  timeoutMs: number;
  log: (line: string) => void;
}

/**
 * A graceful stop (SIGTERM, a rolling restart): /api/ready answers 503, no new connection is accepted
 * (behind the cluster's balancer, new ones go to the other processes), every answer from then on says
 * Connection: close, requests in flight finish (at most timeoutMs), then the app closes: catalogue
 * listeners, the mail sender, the limits' and the database's connections (onClose hooks).
 * Register before listen; the returned function starts the drain, once, whoever calls it.
 */
export function gracefulShutdown(app: FastifyInstance, { timeoutMs, log }: DrainOptions): (reason: string) => Promise<void> {
  app.addHook('onSend', async (_req, reply) => {
    // onSend, not onRequest: an answer to a request that began before the drain must close its connection too.
    if (app.draining) reply.header('connection', 'close');
  });
  let drained: Promise<void> | undefined;
  return (reason) => {
    drained ??= drain(app, reason, timeoutMs, log);
    return drained;
  };
}

async function drain(app: FastifyInstance, reason: string, timeoutMs: number, log: (line: string) => void) {
  app.draining = true;
  const server = app.server;
  const t0 = Date.now();
  if (server.listening) {
    log(`${reason}: draining (requests in flight get ${timeoutMs} ms)`);
    const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
    // net's close, not http's: since Node 19 http's also drops idle kept-alive connections at once,
    // and a client sending on one at that moment gets a reset instead of an answer.
    net.Server.prototype.close.call(server);
    // After the poll phase that follows the timer (setImmediate): a request whose bytes arrived while the
    // loop was busy is read there and its connection is no longer idle. Closed from the timer itself, such a
    // connection looked idle and its client got no answer ('other side closed': the cluster test's
    // rolling restart, on a loaded host).
    const idle = setTimeout(() => setImmediate(() => server.closeIdleConnections()), Math.min(IDLE_GRACE_MS, timeoutMs / 2));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    if (await Promise.race([closed.then(() => false), late])) {
      const open = await new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n ?? 0)));
      log(`shutdown: ${open} connection(s) still busy after ${timeoutMs} ms are cut off`);
      server.closeAllConnections();
    }
    clearTimeout(idle);
    clearTimeout(timer);
  }
  await app.close();
  log(`shutdown: done in ${Date.now() - t0} ms`);
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request's id comes in (from a proxy or a client) and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id from outside is kept only when short and plain: it goes into every log line and back into a
 * header, so anything else (a newline, quotes, 10 KB) is replaced by a fresh one rather than cleaned.
 */
const SAFE_ID = /^[A-Za-z0-9._~:@/+=-]{1,128}$/;

/** Fastify's genReqId: the X-Request-Id a proxy or client sent when it is safe, else a new uuid. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}

/** Every answer names its request's id, so a user's report can be matched to the log lines. */
export function echoRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}

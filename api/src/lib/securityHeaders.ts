import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * helmet's headers, worked out once. @fastify/helmet rebuilds helmet (and re-parses the CSP) on
 * every request, which cost ~6 % of the API's CPU under load; our policy has no per-request part
 * (no nonces), so the same header values are set on every answer instead.
 */
export function fixedSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = fixedSecurityHeaders(options);
  app.addHook('onRequest', (_req, reply, next) => {
    reply.headers(headers);
    next();
  });
}

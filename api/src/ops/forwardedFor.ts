import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * X-Forwarded-For keeps only the well-formed addresses nearest the shop (issue 34 #2): read from the
 * right, as a trusted proxy appends, up to the first entry that is not a bare IP. Whatever a client
 * wrote before that is dropped, so req.ip (and every limit per address) is never a made-up text:
 * at worst it is the nearest proxy's own address.
 */
export function wellFormedForwardedFor(value: string): string | undefined {
  const entries = value.split(',').map((entry) => entry.trim());
  let from = entries.length;
  while (from > 0 && net.isIP(entries[from - 1])) from -= 1;
  return from < entries.length ? entries.slice(from).join(', ') : undefined;
}

/**
 * Cleans the header before anything reads req.ip (registered before every route). With nothing
 * well-formed in it, it names the peer itself: req.ip is then the peer's address, and the request
 * still shows it came forwarded (the metrics' loopback rule: ops/metrics.ts).
 */
export function keepWellFormedForwardedFor(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    const given = req.raw.headers['x-forwarded-for'];
    if (given !== undefined) {
      const kept = wellFormedForwardedFor(Array.isArray(given) ? given.join(',') : given) ?? req.raw.socket.remoteAddress;
      if (kept === undefined) delete req.raw.headers['x-forwarded-for'];
      else req.raw.headers['x-forwarded-for'] = kept;
    }
    done();
  });
}

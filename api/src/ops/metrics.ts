import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Catalog } from '../catalog/index.js';
import type { Db, Queryable } from '../db/client.js';
import { outboxDepth } from '../mail/service.js';
import { clusterMetrics, offerToPrimary } from './clusterMetrics.js';
import { withinMs } from './withinMs.js';

export interface MetricsOptions {
  /** The database as opened (its pool and its statements' times; the counted wrapper has neither). */
  db: Db;
  /** The database every module uses (the outbox's count). */
  q: Queryable;
  catalog: Catalog;
  /** METRICS_TOKEN: when set, a scrape must bring it as a bearer token; when not, only loopback clients may scrape. */
  token?: string;
}

/** A scrape does not wait longer than this for the outbox's count (the gauge is left out instead). */
const OUTBOX_WAIT_MS = 1_000;

/**
 * The process's own numbers (memory, CPU, event-loop lag, GC, handles) are the same for every app
 * in it, so they are made once, in a registry of this module's (never prom-client's global one).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /api/metrics: with a token, whoever brings it (401 otherwise); without one, loopback
 * clients only (403). Loopback is the socket's peer, never an address a header names (a client picks
 * those: issue 34 #2); a loopback peer that forwards someone else's request (a proxy on the same
 * host) is not a loopback client. Behind a trusted proxy the settings require the token.
 */
export function metricsRefusal(req: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } }, o: Pick<MetricsOptions, 'token'>): 401 | 403 | null {
  if (o.token) {
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(given), digest(o.token)) ? null : 401;
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && !forwarded ? null : 403;
}

/**
 * GET /api/metrics in Prometheus' text format, from a registry of this app's own (tests run several
 * apps in one process): requests by route pattern and status, the database pool and statement times,
 * the catalogue's memory, the outbox, and the process. Answers a function that stops observing.
 */
export function registerMetrics(app: FastifyInstance, o: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status.', labelNames, registers });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // The route's pattern (/api/product/:id), never the URL: one series per route, not per product.
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of a database statement, waiting for a connection included.',
    labelNames: ['outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const stopObserving = o.db.observeQueries?.((seconds, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds));
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process: open, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = o.db.poolStats?.();
      if (!stats) return;
      for (const state of ['open', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });

  // The catalogue's memory says what it keeps and how often it was asked (catalog/memory status()).
  const memory = () => o.catalog.memory.status();
  new Counter({
    name: 'catalog_cache_requests_total',
    help: "Reads of the catalogue's kept answers: hit (kept) or miss (made).",
    labelNames: ['result'],
    registers,
    collect() {
      const { hits, misses } = memory().answers;
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  new Gauge({
    name: 'catalog_cache_bytes',
    help: "Memory counted for the catalogue's kept answers (CATALOG_CACHE_MB is the budget).",
    registers,
    collect() {
      this.set(memory().answers.bytes);
    },
  });
  new Gauge({
    name: 'catalog_cache_entries',
    help: "The catalogue's kept answers and parts of answers.",
    registers,
    collect() {
      this.set(memory().answers.entries);
    },
  });
  new Gauge({
    name: 'catalog_product_pages_kept',
    help: 'Product pages this process has put in memory ahead of the visitors.',
    registers,
    // Summed over a cluster's workers (clusterMetrics.ts) unless said otherwise: here the fewest any keeps.
    aggregator: 'min',
    collect() {
      this.set(memory().productPages.kept);
    },
  });
  new Gauge({
    name: 'catalog_filling',
    help: '1 while the product pages are being put in memory or the search index is being built (after start or a catalogue change).',
    registers,
    aggregator: 'max',
    collect() {
      const s = memory();
      this.set(s.productPages.filling || s.facets.building ? 1 : 0);
    },
  });

  // Read on scrape, one count on the sender's partial index; left out when the database does not answer in time.
  new Gauge({
    name: 'mail_outbox_depth',
    help: 'E-mails not delivered yet (waiting, being sent, or to be tried again).',
    registers,
    // Every worker counts the same outbox.
    aggregator: 'max',
    async collect() {
      const depth = await withinMs(OUTBOX_WAIT_MS, outboxDepth(o.q)).catch(() => undefined);
      if (depth === undefined) this.reset();
      else this.set(depth);
    },
  });

  offerToPrimary([processMetrics(), registry]);
  app.get('/api/metrics', { schema: { hide: true } }, async (req, reply) => {
    const refused = metricsRefusal(req, o);
    if (refused === 401) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ message: 'A metrics token is required' });
    if (refused === 403) return reply.code(403).send({ message: 'Metrics are served to this host only (set METRICS_TOKEN to read them from elsewhere)' });
    // A cluster's worker answers for all of them (clusterMetrics.ts); a process alone, for itself.
    const text = (await clusterMetrics()) ?? (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
  app.addHook('onClose', async () => stopObserving?.());
}

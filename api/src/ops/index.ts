import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog/index.js';
import type { Queryable } from '../db/client.js';
import type { BackgroundDb } from '../db/background.js';
import { keepWellFormedForwardedFor } from './forwardedFor.js';
import { registerMetrics } from './metrics.js';
import { readinessCheck, registerReady } from './ready.js';
import { echoRequestIds } from './requestIds.js';

export { loggerOptions, type LogStream } from './logging.js';
export { requestIdOf } from './requestIds.js';

export interface OpsOptions {
  /** The database as opened (pool and statement times), for the metrics' own reads. */
  db: BackgroundDb;
  /** The database every module uses. */
  q: Queryable;
  catalog: Catalog;
  /** METRICS_TOKEN. */
  metricsToken?: string;
}

/**
 * The operator's view (issue 23): request ids on every answer, GET /api/metrics and GET /api/ready.
 * Registered before the routes, so the hooks see every request.
 */
export function registerOps(app: FastifyInstance, o: OpsOptions) {
  echoRequestIds(app);
  keepWellFormedForwardedFor(app);
  registerMetrics(app, { db: o.db, q: o.q, catalog: o.catalog, token: o.metricsToken});
  registerReady(app, readinessCheck(o.q, o.catalog));
}

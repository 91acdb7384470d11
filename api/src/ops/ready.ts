import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shop/contract';
import type { Catalog } from '../catalog/index.js';
import type { Queryable } from '../db/client.js';
import { pendingMigrations } from '../db/migrate.js';
import { fastifySchema } from '../lib/endpoints.js';
import { withinMs } from './withinMs.js';

/** How long the database gets to answer a readiness probe (load balancers probe every few seconds). */
export const READY_WAIT_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process begins to stop (processes/drain.ts): not ready from then on. */
    draining: boolean;
  }
}

export interface Readiness {
  status: 'ready' | 'not ready';
  /** When not ready: each check, 'ok' or what is wrong. */
  checks?: { database: string; migrations: string; catalog: string } | { shutdown: string };
}

/**
 * Whether this process should be sent visitors: the database answers within READY_WAIT_MS, every
 * migration this version knows is applied (a process of a newer version may be migrating), and the
 * catalogue's memory has been filled once since start. Once filled it stays ready through the refills
 * after each catalogue change: every process refills at once, and taking them all out of rotation
 * for an admin's edit would turn away the visitors the database can serve meanwhile.
 */
export function readinessCheck(q: Queryable, catalog: Pick<Catalog, 'memory'>): { check: () => Promise<Readiness>; stop: () => void } {
  let filledOnce = false;
  const filled = () => {
    const memory = catalog.memory.status();
    filledOnce ||= !memory.productPages.filling && !memory.facets.building;
    if (filledOnce) clearInterval(watch);
    return filledOnce;
  };
  // Watched from start, not only when probed: a first probe during a refill after an early edit would
  // otherwise wait for that refill too.
  const watch = setInterval(filled, 250).unref();
  const check = async (): Promise<Readiness> => {
    const pending = await withinMs(READY_WAIT_MS, pendingMigrations(q)).catch(() => null);
    filled();
    const checks = {
      // The error itself is not told: this answer is public.
      database: pending ? 'ok' : pending === null ? 'down' : `no answer within ${READY_WAIT_MS} ms`,
      migrations: !pending ? 'unknown' : pending.length ? `not applied: ${pending.join(', ')}` : 'ok',
      catalog: filledOnce ? 'ok' : 'filling the product pages and the search index',
    };
    return Object.values(checks).every((c) => c === 'ok') ? { status: 'ready' } : { status: 'not ready', checks };
  };
  return { check, stop: () => clearInterval(watch) };
}

/** GET /api/ready: 200 when ready, else 503 naming what is not (GET /api/health stays the liveness probe). */
export function registerReady(app: FastifyInstance, { check, stop }: ReturnType<typeof readinessCheck>) {
  app.addHook('onClose', async () => stop());
  app.decorate('draining', false);
  app.get(
    '/api/ready',
    // At the root (not in the /api scope of the domains' routes), with the map's schema.
    { schema: fastifySchema(endpoints.ready) },
    async (_req, reply) => {
      // Stopping: balancers take this process out of rotation while its requests finish.
      const readiness: Readiness = app.draining ? { status: 'not ready', checks: { shutdown: 'finishing the requests in flight' } } : await check();
      return reply.code(readiness.status === 'ready' ? 200 : 503).header('Cache-Control', 'no-store').send(readiness);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { readinessCheck } from '../ops/ready.js';

/** What a worker sends its primary once it can take visitors (processes/primary.ts). */
export const READY_MESSAGE = { shop: 'ready' } as const;

export const isReadyMessage = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { shop?: unknown }).shop === READY_MESSAGE.shop;

/**
 * In a cluster worker: tells the primary once the process is ready as GET /api/ready means it (the
 * database answers, migrations applied, the catalogue in memory), so a rolling restart drains the old
 * process only when its replacement can serve. Checked in process, not over HTTP: no request log lines.
 */
export function announceWhenReady(app: FastifyInstance, send: (message: typeof READY_MESSAGE) => void) {
  const { check, stop } = readinessCheck(app.ctx.db, app.ctx.catalog);
  const poll = async () => {
    if (app.draining) return stop();
    const ready = (await check()).status === 'ready';
    if (ready) {
      stop();
      send(READY_MESSAGE);
    } else setTimeout(poll, 250).unref();
  };
  void poll();
}

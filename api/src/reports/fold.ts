import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundDb } from '../db/background.js';
import * as Q from './queries.js';

/** How often each API process looks for deltas to fold (migration 022); the insight is exact either way. */
export const FOLD_EVERY_MS = 5_000;

/**
 * Folds the sales deltas into the roll-ups now and then, in every API process (one at a time: Q.fold's
 * advisory lock). The answers do not wait for it: they add the deltas left; folding keeps those few.
 * An idle shop's round is one read. close() stops it and waits for a round under way.
 */
export function startSalesFold(db: BackgroundDb, log: Pick<FastifyBaseLogger, 'warn'>, everyMs = FOLD_EVERY_MS) {
  let closed = false;
  let running: Promise<void> | null = null;
  const round = () => {
    if (closed || running) return;
    running = (async () => {
      if (await Q.unfolded(db)) await Q.fold(db);
    })()
      .catch((error) => log.warn({ error }, 'the sales roll-ups could not be folded; trying again'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}

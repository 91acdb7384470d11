// Issue 39 (P39b, migration 048): invoice numbers given in batches just after the orders commit. A
// checkout queues its order (queries.ts queueInvoiceSql, in its write) and, once committed, waits for a batch that
// started after its commit: that batch numbers every order queued meanwhile in one statement, so the
// counter's lock and its commit's flush are paid once per batch, not once per order. One batch runs
// at a time in a process; callers that come while one runs share the next.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client.js';
import * as Q from './queries.js';

/** The most orders one statement numbers; a longer queue is numbered in several. */
const BATCH = 500;

export interface InvoiceNumbers {
  /**
   * The number of an order this process has just committed. Null if it could not be numbered now (the
   * database failing; logged): the order stands, and the sweep numbers it and sends its confirmation.
   */
  numberOf(orderId: string): Promise<string | null>;
  /** Numbers whatever is queued (the sweep for orders whose process died before their batch). */
  numberQueued(): Promise<number>;
}

export function invoiceNumbers(db: Db, log: Pick<FastifyBaseLogger, 'error'>): InvoiceNumbers {
  let running: Promise<Map<string, string>> | null = null;
  let next: Promise<Map<string, string>> | null = null;

  const start = () => {
    const batch = numberAll(db).finally(() => {
      if (running === batch) running = null;
    });
    running = batch;
    return batch;
  };
  // A batch that starts after this call: the one running may have read the queue before the caller's commit.
  const nextBatch = (): Promise<Map<string, string>> => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };

  return {
    async numberOf(orderId) {
      // Absent from our batch: another process's batch, or a cancel, held the order; reading it FOR SHARE
      // waits for that transaction's end. Null after that only if none had it: then one batch more.
      try {
        for (let tries = 0; tries < 3; tries++) {
          const numbered = (await nextBatch()).get(orderId) ?? (await Q.invoiceNumberOf(db, orderId));
          if (numbered) return numbered;
        }
      } catch (error) {
        log.error({ error, orderId }, 'the invoice of a placed order could not be numbered now: the sweep will');
      }
      return null;
    },
    async numberQueued() {
      return (await nextBatch()).size;
    },
  };
}

/** Every queued order numbered, BATCH at a time (in its own statement each: one transaction per batch). */
async function numberAll(db: Db): Promise<Map<string, string>> {
  const numbered = new Map<string, string>();
  for (;;) {
    const rows = await Q.numberQueued(db, BATCH);
    for (const r of rows) numbered.set(r.order_id, r.number);
    if (rows.length < BATCH) return numbered;
  }
}

/**
 * In a transaction that holds an order without a number (a cancel): numbers it if it is queued, and
 * only it (the counter is not taken for an order that is not queued, nor held for others' numbers).
 */
export const numberQueuedIn = async (q: Queryable, orderId: string) => (await Q.numberQueued(q, 1, orderId))[0]?.number ?? null;

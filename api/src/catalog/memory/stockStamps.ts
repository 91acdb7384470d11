import type { Db } from '../../db/client.js';

/**
 * Which kept answers carry quantities that moved. Quantities are not catalogue data (an order moves
 * them; the catalogue version would throw every kept list away), so the answers that carry them, a
 * product page and a product by id, are kept under a key that holds the product's stamp: each
 * `stock_changed` notification (migration 008: the changed products' ids and slugs, or '*') gives
 * those products a new stamp, so their next read misses and reads the quantities again. An answer
 * read before a change is kept under the stamp it was read at, which no one asks for any more.
 */
export class StockStamps {
  /** Moves on every change; a stamp is the value it had at the product's last change. */
  private generation = 0;
  /** Every stamp at once: '*' (a bulk change), and each time the notifications may have been missed. */
  private epoch = 0;
  private epochAt = 0;
  private readonly stamps = new Map<string, number>();
  private stop?: () => Promise<void>;

  /** The key part for a product's id or slug. */
  of(token: string): string {
    return `${this.epoch}.${this.stamps.get(token) ?? 0}`;
  }

  /** A point to compare later reads with (changedSince). */
  get now(): number {
    return this.generation;
  }

  /** Whether a product changed after `since` (its answer read before then may be old). */
  changedSince(since: number, token: string): boolean {
    return this.epochAt > since || (this.stamps.get(token) ?? 0) > since;
  }

  changed(tokens: string[] | '*') {
    this.generation++;
    if (tokens === '*') {
      this.epoch++;
      this.epochAt = this.generation;
      this.stamps.clear();
    } else for (const t of tokens) this.stamps.set(t, this.generation);
  }

  async start(db: Pick<Db, 'subscribe'>) {
    this.stop = await db.subscribe(
      'stock_changed',
      (payload) => this.changed(payload === '*' ? '*' : payload.split(',').filter(Boolean)),
      // Changes may have been missed while not listening: every stamp moves once listening again. Not
      // when it stops: the kept pages are what a database outage still serves (issue 16 #8).
      (listening) => {
        if (listening) this.changed('*');
      },
    );
  }

  async close() {
    await this.stop?.();
  }
}

import { isDatabaseUnavailable } from '../../db/client.js';
import type { CountedDb } from './ownWrites.js';
import { catalogVersion } from './queries.js';

/**
 * The catalogue version (migration 003: bumped by triggers on every catalogue write, by any API
 * process) without a query per read: migration 004 NOTIFYs each new version and this process
 * LISTENs. It asks the database instead whenever the notifications could be incomplete or late:
 * - while the listener is not connected (starting, lost, reconnecting), and once after it
 *   (re)connects, since a write could have been missed in between;
 * - after a write by this process (CountedDb.writes moved, ownWrites.ts), whose notification may not have arrived yet,
 *   so the writer's own next read sees its write.
 */
const OUTAGE_RETRY_MS = 2_000;

export class CatalogVersion {
  private listening = false;
  private known = 0;
  /** CountedDb.writes when known was last read from the database; -1: read it on the next call. */
  private checkedAt = -1;
  /** Bumped on every listener state change: a lookup that started before one is not trusted. */
  private epoch = 0;
  private stop?: () => Promise<void>;
  private changed = new Set<(version: number) => void>();
  /** Until when the database is taken as down (see current): no lookup is tried before then. */
  private downUntil = 0;
  lookups = 0;

  constructor(private readonly db: Pick<CountedDb, 'writes' | 'query' | 'one' | 'subscribe'>) {}

  async start() {
    this.stop = await this.db.subscribe(
      'catalog_version',
      (payload) => this.learn(Number(payload) || 0),
      (listening) => {
        this.listening = listening;
        this.checkedAt = -1;
        this.epoch++;
      },
    );
  }

  async close() {
    await this.stop?.();
  }

  /** Calls fn with each newer version this process learns of (notified, or read after a write); answers a function that stops it. */
  onChange(fn: (version: number) => void): () => void {
    this.changed.add(fn);
    return () => this.changed.delete(fn);
  }

  private learn(version: number) {
    if (version <= this.known) return;
    this.known = version;
    for (const fn of this.changed) fn(version);
  }

  /**
   * While the database cannot be reached, the last version known is answered, so the answers kept
   * under it are served (issue 16 #8): a shop that shows a catalogue a few seconds old beats one
   * that answers 503 to every visitor, and no write can happen meanwhile to make it staler. After a
   * failed lookup none is tried for OUTAGE_RETRY_MS, so visitors do not each wait for the timeout.
   */
  async current(): Promise<number> {
    const writes = this.db.writes;
    if (this.listening && this.checkedAt === writes) return this.known;
    if (this.known > 0 && Date.now() < this.downUntil) return this.known;
    const epoch = this.epoch;
    const listening = this.listening;
    this.lookups++;
    let version: number;
    try {
      version = await catalogVersion(this.db);
    } catch (err) {
      if (!isDatabaseUnavailable(err) || this.known === 0) throw err;
      this.downUntil = Date.now() + OUTAGE_RETRY_MS;
      return this.known;
    }
    this.downUntil = 0;
    this.learn(version);
    if (listening && epoch === this.epoch) this.checkedAt = writes;
    return this.known;
  }
}

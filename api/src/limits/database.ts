import type { Queryable } from '../db/client.js';
import type { Counters, Window } from './counters.js';

// Counters in PostgreSQL (migration 015: rate_limits), shared by every API process on the database.
// One statement counts a hit, starting a new window when the old one has ended, so two processes
// counting at once never lose one. The database's clock decides windows, not each process's own.

/** Now and then (one hit in CLEANUP_EVERY), ended windows are deleted, a bounded batch at a time. */
const CLEANUP_EVERY = 200;
const CLEANUP_BATCH = 1000;

interface Row {
  hits: number;
  ttl_ms: number;
}
const windowOf = (r: Row): Window => ({ count: Number(r.hits), ttlMs: Math.max(0, Number(r.ttl_ms)) });

export function databaseCounters(db: Queryable, log?: { warn(obj: object, msg: string): void }): Counters {
  let sinceCleanup = 0;
  const cleanup = () =>
    db
      .query(`DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at <= now() ORDER BY reset_at LIMIT ${CLEANUP_BATCH})`)
      .catch((err) => log?.warn({ err }, 'ended rate-limit windows could not be deleted (they will be next time)'));
  return {
    kind: 'database',
    async incr(key, windowMs) {
      const row = await db.one<Row>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
         RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000) AS ttl_ms`,
        [key, windowMs],
        'rate_limit_incr',
      );
      if (++sinceCleanup >= CLEANUP_EVERY) {
        sinceCleanup = 0;
        void cleanup();
      }
      return windowOf(row!);
    },
    async peek(key) {
      const row = await db.one<Row>(
        `SELECT hits, ceil(extract(epoch FROM reset_at - now()) * 1000) AS ttl_ms FROM rate_limits WHERE key = $1 AND reset_at > now()`,
        [key],
        'rate_limit_peek',
      );
      return row ? windowOf(row) : null;
    },
    async reset(key) {
      await db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
    },
    close: async () => undefined,
  };
}

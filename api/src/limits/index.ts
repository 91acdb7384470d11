import type { BackgroundDb } from '../db/background.js';
import { type Counters, memoryCounters } from './counters.js';
import { databaseCounters } from './database.js';
import { redisCounters } from './redis.js';

export { type Counters, memoryCounters, type Window } from './counters.js';

export interface CountersOptions {
  /** REDIS_URL: the counters in Redis. */
  redisUrl?: string;
  /** Redis keys' prefix (default 'shop:limit:'; tests give each run its own). */
  redisPrefix?: string;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Where the limits count: Redis when REDIS_URL is set; else the database when it is a PostgreSQL
 * server, which any number of API processes share; else (embedded PGlite, one process by nature) this
 * process's memory, as the embedded shop always has.
 */
export function createCounters(db: BackgroundDb, { redisUrl, redisPrefix, log }: CountersOptions = {}): Counters {
  if (redisUrl) return redisCounters({ url: redisUrl, prefix: redisPrefix });
  return db.kind === 'postgres' ? databaseCounters(db, log) : memoryCounters();
}

import Redis from 'ioredis';
import type { Counters, Window } from './counters.js';

// Counters in Redis (REDIS_URL), shared by every API process that uses it, without a write to the
// shop's database per hit. A hit is one script run in Redis (atomic): INCR, and the window's expiry set
// by the hit that opens it, as @fastify/rate-limit's own Redis store counts.

const INCR = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

/** Redis could not answer: the request is refused as the database's outages are (503, Retry-After). */
const unavailable = (err: Error) => Object.assign(new Error(`Redis is unavailable: ${err.message}`), { code: 'DATABASE_UNAVAILABLE' });

export interface RedisCountersOptions {
  url: string;
  /** Every key starts with this (several shops, or test runs, on one Redis). */
  prefix?: string;
}

export function redisCounters({ url, prefix = 'shop:limit:' }: RedisCountersOptions): Counters {
  // A request never waits long for Redis: commands are not queued while it is away, and time out.
  const redis = new Redis(url, { keyPrefix: prefix, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: true });
  redis.on('error', () => undefined); // each command reports its own failure; reconnects go on
  const ready = redis.connect().catch(() => undefined);
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    await ready;
    try {
      return await fn();
    } catch (err) {
      throw unavailable(err as Error);
    }
  };
  const windowOf = (r: [number, number]): Window => ({ count: Number(r[0]), ttlMs: Math.max(0, Number(r[1])) });
  return {
    kind: 'redis',
    incr: (key, windowMs) => run(async () => windowOf((await redis.eval(INCR, 1, key, String(windowMs))) as [number, number])),
    peek: (key) =>
      run(async () => {
        const r = (await redis.eval(PEEK, 1, key)) as [number, number] | null;
        return r && r[1] > 0 ? windowOf(r) : null;
      }),
    reset: (key) => run(async () => void (await redis.del(key))),
    async close() {
      await ready;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

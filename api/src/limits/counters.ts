// Counters in fixed windows, the ground every limit (lib/ratelimit.ts) stands on. Three places keep
// them: this process's memory (the embedded PGlite shop: one process is all it can have), PostgreSQL
// (several API processes on one database: the default of a real shop) and Redis (REDIS_URL). Each
// counts atomically, so every process sees the others' hits.

/** A key's current window: hits in it, and how long until it ends. */
export interface Window {
  count: number;
  ttlMs: number;
}

export interface Counters {
  readonly kind: 'memory' | 'database' | 'redis';
  /** One more hit for key; a window that has ended starts again at 1 for windowMs. */
  incr(key: string, windowMs: number): Promise<Window>;
  /** key's window while it lasts, without counting. */
  peek(key: string): Promise<Window | null>;
  /** Forgets key (a successful login clears its account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In this process's memory; `now` is the clock (tests move it). */
export function memoryCounters(now: () => number = Date.now): Counters {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const sweep = (at: number) => {
    for (const [k, v] of hits) if (v.resetAt <= at) hits.delete(k);
  };
  const live = (key: string, at: number) => {
    const entry = hits.get(key);
    return entry && entry.resetAt > at ? entry : undefined;
  };
  return {
    kind: 'memory',
    async incr(key, windowMs) {
      const at = now();
      let entry = live(key, at);
      if (entry) entry.count += 1;
      else {
        if (hits.size > 100000) sweep(at);
        entry = { count: 1, resetAt: at + windowMs };
        hits.set(key, entry);
      }
      return { count: entry.count, ttlMs: entry.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const entry = live(key, at);
      return entry ? { count: entry.count, ttlMs: entry.resetAt - at } : null;
    },
    async reset(key) {
      hits.delete(key);
    },
    close: async () => undefined,
  };
}

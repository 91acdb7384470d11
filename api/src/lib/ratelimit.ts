import { HttpError } from './errors.js';

/**
 * A fixed-window counter per key (IP, account). In-process: with several API processes the
 * effective limit is per process; a shared store (PostgreSQL/Redis) can replace it.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private max: number, private windowMs: number) {}

  hit(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 100000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > this.max) {
      const err = new HttpError(429, 'Too many attempts. Please try again later.');
      (err as HttpError & { retryAfter?: number }).retryAfter = Math.ceil((entry.resetAt - now) / 1000);
      throw err;
    }
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

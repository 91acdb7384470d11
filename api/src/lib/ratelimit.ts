import { isIPv4, isIPv6 } from 'node:net';
import { HttpError } from './errors.js';

/**
 * A fixed-window counter per key (IP, account). In-process: with several API processes the
 * effective limit is per process; a shared store (PostgreSQL/Redis) can replace it.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(readonly max: number, private windowMs: number) {}

  /** Counts one more for key, and refuses (429) once it is over max in the window. */
  hit(key: string, now = Date.now()): void {
    this.count(key, now);
    this.check(key, now);
  }

  /** Counts one more for key without refusing (a failed login is counted after it failed). */
  count(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 100000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    } else entry.count += 1;
  }

  /** Whether key is over max in the current window. */
  isOver(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > now && entry.count > this.max;
  }

  /** Refuses (429, Retry-After) when key is over max, counting nothing. */
  check(key: string, now = Date.now()): void {
    if (this.isOver(key, now)) throw this.tooMany(key, now);
  }

  tooMany(key: string, now = Date.now()): HttpError {
    const err = new HttpError(429, 'Too many attempts. Please try again later.');
    const resetAt = this.hits.get(key)?.resetAt ?? now + this.windowMs;
    (err as HttpError & { retryAfter?: number }).retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return err;
  }

  /** Forgets key (a successful login clears its account's failures). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * The login and register limits (issue 16 #5). Failed logins are counted per IP and per account;
 * a successful one counts nowhere. An account over its failures is refused from every IP (it is
 * under attack). An IP over its failures may still sign in with a correct password (many shoppers
 * share one address behind a proxy or a carrier), but each of its wrong ones is refused as 429.
 * Every attempt, right or wrong, counts against a hard cap per IP ten times higher, which bounds the
 * password-hashing work one address can cause.
 */
export interface AuthLimits {
  failuresPerIp: RateLimiter;
  failuresPerAccount: RateLimiter;
  attemptsPerIp: RateLimiter;
  registrations: RateLimiter;
  /** Password-reset requests and reset attempts per IP (as registrations). */
  resetsPerIp: RateLimiter;
  /** Reset e-mails asked for one address: fewer, over an hour, so nobody's inbox can be flooded. */
  resetsPerAddress: RateLimiter;
}

/** Reset e-mails per address in 60 windows (an hour by default), at most AUTH_RATE_LIMIT. */
export const RESETS_PER_ADDRESS = 5;

export function authLimits({ max, windowMs }: { max: number; windowMs: number }): AuthLimits {
  return {
    failuresPerIp: new RateLimiter(max, windowMs),
    failuresPerAccount: new RateLimiter(max, windowMs),
    attemptsPerIp: new RateLimiter(max * 10, windowMs),
    registrations: new RateLimiter(max, windowMs),
    resetsPerIp: new RateLimiter(max, windowMs),
    resetsPerAddress: new RateLimiter(Math.min(max, RESETS_PER_ADDRESS), 60 * windowMs),
  };
}

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 one by its /64 prefix
 * (one subscriber's network: a single host can take any of its 2^64 addresses, so counting each
 * apart would give an attacker endless budgets).
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0].toLowerCase();
  if (isIPv4(address)) return `ip:${address}`;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1])) return `ip:${mapped[1]}`;
  if (!isIPv6(address)) return `ip:${address}`;
  const [head, tail = ''] = address.split('::');
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) is two words.
  const groups = (part: string) => (part ? part.split(':').flatMap((w) => (w.includes('.') ? ['0', '0'] : [w])) : []);
  const left = groups(head);
  const right = groups(tail);
  const words = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `ip6:${words.slice(0, 4).map((w) => w.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Runs a login under the limits: answers its result, or throws its 401 (counted) or a 429. `login`
 * calls `admit` with the account it found (null: none) before it verifies the password, so an
 * account under attack is refused before any hashing, and its failures are counted once whichever
 * name (email in any case, contact number) it was tried under.
 */
export async function throttledLogin<T>(
  limits: AuthLimits,
  ip: string,
  uid: string,
  login: (admit: (accountId: string | null) => void) => Promise<T>,
): Promise<T> {
  const ipKey = addressKey(ip);
  let accountKey = `uid:${uid.trim().toLowerCase()}`;
  limits.attemptsPerIp.hit(ipKey);
  const ipThrottled = limits.failuresPerIp.isOver(ipKey);
  const admit = (accountId: string | null) => {
    if (accountId) accountKey = `acct:${accountId}`;
    limits.failuresPerAccount.check(accountKey);
  };
  try {
    const result = await login(admit);
    limits.failuresPerAccount.reset(accountKey);
    return result;
  } catch (err) {
    if ((err as HttpError).statusCode !== 401) throw err;
    limits.failuresPerIp.count(ipKey);
    limits.failuresPerAccount.count(accountKey);
    if (ipThrottled) throw limits.failuresPerIp.tooMany(ipKey);
    throw err;
  }
}

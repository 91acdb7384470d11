import { isIPv4, isIPv6 } from 'node:net';
import type { Counters, Window } from '../limits/index.js';
import { HttpError } from './errors.js';

/** The refusal of a key over its limit: 429, Retry-After when its window ends; message: the limit's own words. */
export function tooMany(window: Window, message = 'Too many attempts. Please try again later.'): HttpError {
  const err = new HttpError(429, message);
  (err as HttpError & { retryAfter?: number }).retryAfter = Math.max(1, Math.ceil(window.ttlMs / 1000));
  return err;
}

/**
 * A fixed-window limit per key (an IP, an account): at most max in windowMs. It counts in the
 * shop's counters (limits/: this process's memory on the embedded shop, PostgreSQL or Redis with
 * several processes), under its own name, so every process sees every hit.
 */
export class RateLimiter {
  constructor(
    private readonly name: string,
    readonly max: number,
    private readonly windowMs: number,
    private readonly counters: Counters,
  ) {}

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }

  /** Counts one more for key, and refuses (429) once it is over max in the window. */
  async hit(key: string): Promise<void> {
    const window = await this.count(key);
    if (window.count > this.max) throw tooMany(window);
  }

  /** Counts one more for key without refusing (a failed login is counted after it failed); answers its window. */
  count(key: string): Promise<Window> {
    return this.counters.incr(this.keyOf(key), this.windowMs);
  }

  /** key's window when it is over max, else null. */
  async over(key: string): Promise<Window | null> {
    const window = await this.counters.peek(this.keyOf(key));
    return window && window.count > this.max ? window : null;
  }

  /** Refuses (429, Retry-After) when key is over max, counting nothing. */
  async check(key: string): Promise<void> {
    const window = await this.over(key);
    if (window) throw tooMany(window);
  }

  /** Forgets key (a successful login clears its account's failures). */
  reset(key: string): Promise<void> {
    return this.counters.reset(this.keyOf(key));
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

export function authLimits({ max, windowMs }: { max: number; windowMs: number }, counters: Counters): AuthLimits {
  return {
    failuresPerIp: new RateLimiter('login-failures', max, windowMs, counters),
    failuresPerAccount: new RateLimiter('account-failures', max, windowMs, counters),
    attemptsPerIp: new RateLimiter('login-attempts', max * 10, windowMs, counters),
    registrations: new RateLimiter('registrations', max, windowMs, counters),
    resetsPerIp: new RateLimiter('resets', max, windowMs, counters),
    resetsPerAddress: new RateLimiter('reset-emails', Math.min(max, RESETS_PER_ADDRESS), 60 * windowMs, counters),
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
  login: (admit: (accountId: string | null) => Promise<void>) => Promise<T>,
): Promise<T> {
  const ipKey = addressKey(ip);
  let accountKey = `uid:${uid.trim().toLowerCase()}`;
  await limits.attemptsPerIp.hit(ipKey);
  const ipThrottled = await limits.failuresPerIp.over(ipKey);
  const admit = (accountId: string | null) => {
    if (accountId) accountKey = `acct:${accountId}`;
    return limits.failuresPerAccount.check(accountKey);
  };
  try {
    const result = await login(admit);
    await limits.failuresPerAccount.reset(accountKey);
    return result;
  } catch (err) {
    if ((err as HttpError).statusCode !== 401) throw err;
    const [ipWindow] = await Promise.all([limits.failuresPerIp.count(ipKey), limits.failuresPerAccount.count(accountKey)]);
    if (ipThrottled) throw tooMany(ipWindow);
    throw err;
  }
}

/**
 * Coupon codes tried (issue 34 #5: 170-570 a second from one customer guessed codes), per account and
 * per address (several shoppers may share one: three times as many), in a 10-minute window. Every
 * preview, order or wallet order that carries a code counts, so the limit holds under simultaneous
 * requests; one without a code counts nowhere and costs nothing. A shopper applying a code, changing
 * the cart a few times and ordering uses a handful. Answers the function a route calls with the code.
 */
export const COUPON_TRIES_WINDOW_MS = 10 * 60_000;
export const COUPON_TRIES_PER_ACCOUNT = 30;

export type CountCodeTry = (accountId: string, ip: string, code: string | undefined) => Promise<void>;

export function couponTries(perAccount: number, counters: Counters, message: string): CountCodeTry {
  const accounts = new RateLimiter('coupon-tries', perAccount, COUPON_TRIES_WINDOW_MS, counters);
  const addresses = new RateLimiter('coupon-tries-ip', perAccount * 3, COUPON_TRIES_WINDOW_MS, counters);
  return async (accountId, ip, code) => {
    if (code === undefined || !code.trim()) return;
    const [account, address] = await Promise.all([accounts.count(`acct:${accountId}`), addresses.count(addressKey(ip))]);
    if (account.count > accounts.max) throw tooMany(account, message);
    if (address.count > addresses.max) throw tooMany(address, message);
  };
}

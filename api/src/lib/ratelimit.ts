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
 * The login and register limits (issue 16 #5, issue 34 #4). Failed logins are counted per IP, per
 * account and address, and per account; a successful one counts nowhere. An account and address over
 * its failures is refused (429) from that address only: guessing from elsewhere does not lock the owner
 * out. Past a ceiling ten times higher, an account is under attack from many addresses: every attempt
 * on it waits (ACCOUNT_SLOWDOWN_MS) rather than being refused, and its owner is told once a window. An
 * IP over its failures may still sign in with a correct password (many shoppers share one address
 * behind a proxy or a carrier), but each of its wrong ones is refused as 429. Every attempt, right or
 * wrong, counts against a hard cap per IP ten times higher, which bounds the password-hashing work one
 * address can cause.
 */
export interface AuthLimits {
  failuresPerIp: RateLimiter;
  /** Failures of one account from one address (accountAddressKey): the lockout. */
  failuresPerAccountAddress: RateLimiter;
  /** Failures of one account from anywhere: past it, attempts are slowed, never refused. */
  failuresPerAccount: RateLimiter;
  /** How long each attempt on an account over its ceiling waits. */
  slowdownMs: number;
  attemptsPerIp: RateLimiter;
  registrations: RateLimiter;
  /** Password-reset requests and reset attempts per IP (as registrations). */
  resetsPerIp: RateLimiter;
  /** Reset e-mails asked for one address: fewer, over an hour, so nobody's inbox can be flooded. */
  resetsPerAddress: RateLimiter;
}

/** Reset e-mails per address in 60 windows (an hour by default), at most AUTH_RATE_LIMIT. */
export const RESETS_PER_ADDRESS = 5;
/** An account's ceiling of failures, as a multiple of one address's (AUTH_RATE_LIMIT). */
export const ACCOUNT_CEILING_FACTOR = 10;
/** The wait of each attempt on an account over its ceiling: a guess a second or two, not hundreds. */
export const ACCOUNT_SLOWDOWN_MS = 2_000;

export function authLimits({ max, windowMs }: { max: number; windowMs: number }, counters: Counters, slowdownMs = ACCOUNT_SLOWDOWN_MS): AuthLimits {
  return {
    failuresPerIp: new RateLimiter('login-failures', max, windowMs, counters),
    failuresPerAccountAddress: new RateLimiter('account-address-failures', max, windowMs, counters),
    failuresPerAccount: new RateLimiter('account-failures', max * ACCOUNT_CEILING_FACTOR, windowMs, counters),
    slowdownMs,
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

/** An account's failures from one address: a login's and a password change's (accounts/routes.ts). */
export const accountAddressKey = (accountKey: string, ip: string) => `${accountKey}|${addressKey(ip)}`;

/**
 * Runs a login under the limits: answers its result, or throws its 401 (counted) or a 429. `login`
 * calls `admit` with the account it found (null: none) before it verifies the password, so an
 * account locked from this address is refused before any hashing, and its failures are counted once
 * whichever name (email in any case, contact number) it was tried under. `ceilingReached` is called
 * once per window, by the failure that takes a known account over its ceiling (its owner is told).
 */
export async function throttledLogin<T>(
  limits: AuthLimits,
  ip: string,
  uid: string,
  login: (admit: (accountId: string | null) => Promise<void>) => Promise<T>,
  ceilingReached: (accountId: string, window: Window) => Promise<void> = async () => undefined,
): Promise<T> {
  const ipKey = addressKey(ip);
  let accountKey = `uid:${uid.trim().toLowerCase()}`;
  let accountId: string | null = null;
  await limits.attemptsPerIp.hit(ipKey);
  const ipThrottled = await limits.failuresPerIp.over(ipKey);
  const admit = async (found: string | null) => {
    if (found) {
      accountId = found;
      accountKey = `acct:${found}`;
    }
    await limits.failuresPerAccountAddress.check(accountAddressKey(accountKey, ip));
    // Guessed at from many addresses: slowed for everyone, the owner too (a wait only for wrong
    // passwords would tell a right one by its speed), and refused to no one.
    if (await limits.failuresPerAccount.over(accountKey)) await new Promise((r) => setTimeout(r, limits.slowdownMs));
  };
  try {
    const result = await login(admit);
    await limits.failuresPerAccountAddress.reset(accountAddressKey(accountKey, ip));
    return result;
  } catch (err) {
    if ((err as HttpError).statusCode !== 401) throw err;
    const [ipWindow, , accountWindow] = await Promise.all([
      limits.failuresPerIp.count(ipKey),
      limits.failuresPerAccountAddress.count(accountAddressKey(accountKey, ip)),
      limits.failuresPerAccount.count(accountKey),
    ]);
    // The counters are atomic: one failure in all processes is the one that crosses the ceiling.
    if (accountId && accountWindow.count === limits.failuresPerAccount.max + 1) await ceilingReached(accountId, accountWindow);
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

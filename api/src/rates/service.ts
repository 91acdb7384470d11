// Currency rates from a configurable public provider, cached in memory with a TTL.
// Used to convert an order total to USD for wallet payments and to pre-fill prices in the admin.
import { HttpError } from '../lib/errors.js';

export type RateTable = Record<string, number>;

export interface RatesOptions {
  /**
   * The provider. Either a URL with a `{code}` (lowercase) or `{CODE}` (uppercase) placeholder,
   * e.g. `https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/{code}.json`,
   * or a base URL to which `/{CODE}` is appended, e.g. `https://open.er-api.com/v6/latest`.
   */
  apiBase?: string;
  /** How long fetched rates are fresh (default 1 hour). */
  ttlMs?: number;
  /** How long stale rates may still be used when the provider fails (default 24 hours). */
  maxStaleMs?: number;
  /** After a failed fetch with nothing known, how long to answer 503 without asking again (default 30 s). */
  failureBackoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export const DEFAULT_RATES_API_BASE = 'https://open.er-api.com/v6/latest/{CODE}';
const CODE_RE = /^[A-Za-z]{3}$/;

export const ratesUnavailable = (base: string) => new HttpError(503, `Currency rates for ${base} are not available right now. Please try again later.`);

/**
 * Reads the two common shapes of public rate files:
 * `{ rates: { EUR: 0.9 } }` (exchange-rate APIs) and `{ date, usd: { eur: 0.9 } }` (per-currency files).
 */
export function parseRates(body: unknown, base: string): RateTable | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const raw = (b.rates ?? b.conversion_rates ?? b[base.toLowerCase()] ?? b[base.toUpperCase()]) as unknown;
  if (!raw || typeof raw !== 'object') return null;
  const table: RateTable = {};
  for (const [code, value] of Object.entries(raw as Record<string, unknown>)) {
    if (CODE_RE.test(code) && typeof value === 'number' && Number.isFinite(value) && value > 0) table[code.toUpperCase()] = value;
  }
  table[base.toUpperCase()] = 1;
  return Object.keys(table).length > 1 ? table : null;
}

export interface Rates {
  /** Rates from one base code (`{ EUR: 0.9, ... }`); 503 when none are known. */
  ratesFor(base: string): Promise<RateTable>;
  /** Converts minor units between two codes, rounded to the nearest minor unit. */
  convertMinor(amountMinor: number, from: string, to: string): Promise<number>;
}

export function createRates(opts: RatesOptions = {}): Rates {
  const apiBase = opts.apiBase || DEFAULT_RATES_API_BASE;
  const ttl = opts.ttlMs ?? 60 * 60 * 1000;
  const maxStale = opts.maxStaleMs ?? 24 * 60 * 60 * 1000;
  const backoff = opts.failureBackoffMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { rates: RateTable; at: number }>();
  const failedAt = new Map<string, number>();
  const inFlight = new Map<string, Promise<RateTable>>();

  const urlFor = (code: string) =>
    apiBase.includes('{code}') || apiBase.includes('{CODE}')
      ? apiBase.replace('{code}', code.toLowerCase()).replace('{CODE}', code)
      : `${apiBase.replace(/\/+$/, '')}/${code}`;

  async function download(code: string): Promise<RateTable> {
    const res = await doFetch(urlFor(code), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`rates provider answered ${res.status}`);
    const table = parseRates(await res.json(), code);
    if (!table) throw new Error('rates provider sent no usable rates');
    return table;
  }

  async function ratesFor(baseCode: string): Promise<RateTable> {
    if (!CODE_RE.test(baseCode)) throw new HttpError(400, 'A currency code has three letters');
    const code = baseCode.toUpperCase();
    const cached = cache.get(code);
    const t = now();
    if (cached && t - cached.at < ttl) return cached.rates;
    if (!cached && t - (failedAt.get(code) ?? -Infinity) < backoff) throw ratesUnavailable(code);
    let pending = inFlight.get(code);
    if (!pending) {
      pending = download(code)
        .then((rates) => {
          cache.set(code, { rates, at: now() });
          failedAt.delete(code);
          return rates;
        })
        .finally(() => inFlight.delete(code));
      inFlight.set(code, pending);
    }
    try {
      return await pending;
    } catch {
      // Known but stale rates beat none, for a while.
      if (cached && now() - cached.at < maxStale) return cached.rates;
      failedAt.set(code, now());
      throw ratesUnavailable(code);
    }
  }

  async function convertMinor(amountMinor: number, from: string, to: string): Promise<number> {
    if (from.toUpperCase() === to.toUpperCase()) return amountMinor;
    const rate = (await ratesFor(from))[to.toUpperCase()];
    if (!rate) throw new HttpError(503, `No rate from ${from.toUpperCase()} to ${to.toUpperCase()} is known right now.`);
    return Math.round(amountMinor * rate);
  }

  return { ratesFor, convertMinor };
}

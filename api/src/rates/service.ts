// Currency rates from a configurable public provider, kept in memory for as long as the provider says
// they are valid. Used to convert an order total to USD for wallet payments and to pre-fill prices in
// the admin. A failing provider is asked again at most once a minute, its last good rates served
// meanwhile, marked stale (issue 34 #7).
import { HttpError } from '../lib/errors.js';

export type RateTable = Record<string, number>;

export interface RatesOptions {
  /**
   * The provider. Either a URL with a `{code}` (lowercase) or `{CODE}` (uppercase) placeholder,
   * e.g. `https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/{code}.json`,
   * or a base URL to which `/{CODE}` is appended, e.g. `https://open.er-api.com/v6/latest`.
   */
  apiBase?: string;
  /** How long fetched rates are fresh when the provider does not say (default 1 hour). */
  ttlMs?: number;
  /** How long stale rates may still be used when the provider fails (default 24 hours). */
  maxStaleMs?: number;
  /** After a failed fetch, how long the provider is not asked again, for any code (default 1 minute). */
  failureBackoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export const DEFAULT_RATES_API_BASE = 'https://open.er-api.com/v6/latest/{CODE}';
const CODE_RE = /^[A-Za-z]{3}$/;
/** A provider's validity is taken within these bounds: never asked more than once a minute per code, never kept past a day. */
const MIN_VALID_MS = 60_000;
const MAX_VALID_MS = 24 * 60 * 60 * 1000;

/** ISO 4217's codes as this Node knows them (ICU): the codes the provider may be asked about at all. */
const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));
export const isIso4217 = (code: string) => ISO_4217.has(code);

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

/**
 * Until when the provider says its answer holds: `time_next_update_unix` (exchange-rate APIs), else
 * the HTTP Cache-Control max-age or Expires; null when it says nothing.
 */
export function validUntil(body: unknown, headers: Headers, at: number): number | null {
  const next = (body as { time_next_update_unix?: unknown } | null)?.time_next_update_unix;
  if (typeof next === 'number' && Number.isFinite(next)) return next * 1000;
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(headers.get('cache-control') ?? '')?.[1];
  if (maxAge !== undefined) return at + Number(maxAge) * 1000;
  const expires = Date.parse(headers.get('expires') ?? '');
  return Number.isFinite(expires) ? expires : null;
}

/** Rates from one base code, and whether they are past their validity (the provider failing meanwhile). */
export interface Quote {
  rates: RateTable;
  stale: boolean;
}

export interface Rates {
  /** Rates from one base code (`{ EUR: 0.9, ... }`), marked stale when the provider could not renew them; 503 when none are known. */
  quote(base: string): Promise<Quote>;
  /** Rates from one base code (`{ EUR: 0.9, ... }`); 503 when none are known. */
  ratesFor(base: string): Promise<RateTable>;
  /** Converts minor units between two codes, rounded to the nearest minor unit. */
  convertMinor(amountMinor: number, from: string, to: string): Promise<number>;
}

export function createRates(opts: RatesOptions = {}): Rates {
  const apiBase = opts.apiBase || DEFAULT_RATES_API_BASE;
  const ttl = opts.ttlMs ?? 60 * 60 * 1000;
  const maxStale = opts.maxStaleMs ?? 24 * 60 * 60 * 1000;
  const backoff = opts.failureBackoffMs ?? 60_000;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  /** Each code's last good rates: when they came and until when the provider said they hold. */
  const cache = new Map<string, { rates: RateTable; at: number; until: number }>();
  /** When the provider last failed, whatever the code: it is not asked again before `backoff` has passed. */
  let failedAt = Number.NEGATIVE_INFINITY;
  const inFlight = new Map<string, Promise<void>>();

  const urlFor = (code: string) =>
    apiBase.includes('{code}') || apiBase.includes('{CODE}')
      ? apiBase.replace('{code}', code.toLowerCase()).replace('{CODE}', code)
      : `${apiBase.replace(/\/+$/, '')}/${code}`;

  async function download(code: string): Promise<void> {
    const res = await doFetch(urlFor(code), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`rates provider answered ${res.status}`);
    const body = await res.json();
    const rates = parseRates(body, code);
    if (!rates) throw new Error('rates provider sent no usable rates');
    const at = now();
    const until = Math.min(at + MAX_VALID_MS, Math.max(at + MIN_VALID_MS, validUntil(body, res.headers, at) ?? at + ttl));
    cache.set(code, { rates, at, until });
  }

  /** One call at a time per code; a failure holds every code back for `backoff`. */
  function renew(code: string): Promise<void> {
    let pending = inFlight.get(code);
    if (!pending) {
      pending = download(code)
        .catch((err) => {
          failedAt = now();
          throw err;
        })
        .finally(() => inFlight.delete(code));
      inFlight.set(code, pending);
    }
    return pending;
  }

  async function quote(baseCode: string): Promise<Quote> {
    if (!CODE_RE.test(baseCode)) throw new HttpError(400, 'A currency code has three letters');
    const code = baseCode.toUpperCase();
    const known = () => cache.get(code);
    const fresh = known();
    if (fresh && now() < fresh.until) return { rates: fresh.rates, stale: false };
    if (now() - failedAt >= backoff) await renew(code).catch(() => undefined);
    const last = known();
    if (last && now() < last.until) return { rates: last.rates, stale: false };
    // Known but stale rates beat none, for a while.
    if (last && now() - last.at < maxStale) return { rates: last.rates, stale: true };
    throw ratesUnavailable(code);
  }

  const ratesFor = async (base: string) => (await quote(base)).rates;

  async function convertMinor(amountMinor: number, from: string, to: string): Promise<number> {
    if (from.toUpperCase() === to.toUpperCase()) return amountMinor;
    const rate = (await ratesFor(from))[to.toUpperCase()];
    if (!rate) throw new HttpError(503, `No rate from ${from.toUpperCase()} to ${to.toUpperCase()} is known right now.`);
    return Math.round(amountMinor * rate);
  }

  return { quote, ratesFor, convertMinor };
}

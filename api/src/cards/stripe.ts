// The official Stripe client, made from the settings (STRIPE_SECRET_KEY; STRIPE_API_BASE points it at
// another host, the tests' stand-in: api/src/test/stripeServer.ts), and what the shop asks of it.
import Stripe from 'stripe';
import { HttpError } from '../lib/errors.js';

export type { Stripe };

export interface CardSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Default: Stripe itself. */
  apiBase?: string;
  /** Where the browser loads Stripe.js from, when the buyer picks Card (default: Stripe's). */
  jsUrl?: string;
  /** CARD_HOLD_MINUTES: how long stock and a coupon use are held for an intent (default 15). */
  holdMinutes?: number;
}

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
export const DEFAULT_CARD_HOLD_MINUTES = 15;
/** Webhook events signed longer ago than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

export function createStripe(s: Pick<CardSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = s.apiBase ? new URL(s.apiBase) : null;
  return new Stripe(s.secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
    // Each call once more on a network failure, with the same idempotency key (the client's own retry).
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Aurelia Jewels' },
  });
}

export const cardProviderUnavailable = () => new HttpError(502, 'The card payment provider could not be reached. Please try again.');

/** A Stripe call; its failures as the shop answers them: unknown object 404, a refusal 402, anything else 502 (retry). */
export async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const e = error as { type?: string; statusCode?: number; code?: string; message?: string };
    if (e.code === 'resource_missing' || e.statusCode === 404) throw new HttpError(404, 'Unknown card payment');
    if (e.type === 'StripeCardError') throw new HttpError(402, 'The card was declined');
    throw cardProviderUnavailable();
  }
}

// Stripe counts these currencies in whole units (its "zero-decimal currencies"); the shop counts every
// currency in hundredths, so 1234 minor units of JPY are 12.34 JPY to the shop and cannot be charged.
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/** The amount Stripe charges for `minor` hundredths of the shop's currency `code`. */
export function stripeAmount(minor: number, code: string): number {
  if (!ZERO_DECIMAL.has(code.toUpperCase())) return minor;
  if (minor % 100 !== 0) throw new HttpError(400, `Card payments in ${code.toUpperCase()} need a whole amount`);
  return minor / 100;
}

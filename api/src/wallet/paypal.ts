// A small client for the PayPal Orders v2 REST API (OAuth2 client credentials).
import { HttpError } from '../lib/errors.js';

export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** Default: the provider's sandbox. */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalAmount;
}

export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{ amount?: PaypalAmount; custom_id?: string; payments?: { captures?: PaypalCapture[] } }>;
}

export interface PaypalClient {
  createOrder(amount: PaypalAmount, customId?: string): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  captureOrder(id: string): Promise<PaypalOrder>;
  /** Gives a whole capture back to the buyer. */
  refundCapture(captureId: string): Promise<void>;
}

export const providerUnavailable = () => new HttpError(502, 'The wallet provider could not be reached. Please try again.');

/** "12.34" for 1234 minor units. */
export const minorToValue = (minor: number) => (minor / 100).toFixed(2);

/** 1234 for "12.34"; NaN for anything that is not a plain amount. */
export function valueToMinor(value: unknown): number {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return NaN;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function createPaypalClient(opts: PaypalOptions): PaypalClient {
  const base = (opts.apiBase || PAYPAL_SANDBOX_API).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw providerUnavailable();
    }
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const res = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw providerUnavailable();
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw providerUnavailable();
    // Renew a minute early.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function json<T>(path: string, init: RequestInit & { headers?: Record<string, string> }, failure: (status: number) => HttpError): Promise<T> {
    const res = await call(path, { ...init, headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json', ...init.headers } });
    if (res.status === 401) token = null;
    if (!res.ok) throw failure(res.status);
    return (await res.json()) as T;
  }

  const orderPath = (id: string) => {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(400, 'Unknown wallet order');
    return `/v2/checkout/orders/${id}`;
  };

  return {
    createOrder: (amount, customId) =>
      json<PaypalOrder>(
        '/v2/checkout/orders',
        {
          method: 'POST',
          body: JSON.stringify({
            intent: 'CAPTURE',
            purchase_units: [{ amount, ...(customId ? { custom_id: customId } : {}) }],
            application_context: { shipping_preference: 'NO_SHIPPING' },
          }),
        },
        () => providerUnavailable(),
      ),
    getOrder: (id) => json<PaypalOrder>(orderPath(id), { method: 'GET' }, (s) => (s === 404 ? new HttpError(400, 'Unknown wallet order') : providerUnavailable())),
    captureOrder: (id) =>
      json<PaypalOrder>(
        `${orderPath(id)}/capture`,
        // No PayPal-Request-Id on purpose: a second capture of the same order must fail (422), never replay success.
        { method: 'POST' },
        (s) => (s === 422 || s === 404 ? new HttpError(402, 'The wallet payment could not be captured') : providerUnavailable()),
      ),
    refundCapture: async (captureId) => {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(captureId)) throw new HttpError(400, 'Unknown wallet capture');
      // The capture id as request id: retrying a refund can never refund twice.
      await json(`/v2/payments/captures/${captureId}/refund`, { method: 'POST', body: '{}', headers: { 'PayPal-Request-Id': `refund-${captureId}` } }, () => providerUnavailable());
    },
  };
}

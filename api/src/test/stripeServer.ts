// A local stand-in for Stripe (issue 40): the REST endpoints the shop's card payments use, form-encoded
// as Stripe takes them (payment_intents create, retrieve, confirm, cancel; refunds), Idempotency-Key
// honoured (the same key and body: the first answer again; another body: 400), and every change of an
// intent POSTed as an event to the shop's webhook, signed exactly as Stripe signs
// (`Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>")`). It also serves a small
// Stripe.js stand-in (GET /v3/stripe.js): a Payment Element-like form whose confirmPayment calls this
// server's confirm, with a 3-D Secure challenge for the card that needs one. The official `stripe`
// package talks to it through STRIPE_API_BASE; nothing of the shop's own client is mocked.
// Test cards: 4242 4242 4242 4242 (pm_card_visa) succeeds; 4000 0025 0000 3155 (pm_card_threeDSecure2Required)
// needs 3-D Secure (requires_action, then succeeded once authenticated); 4000 0000 0000 0002
// (pm_card_chargeDeclined) is declined.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_KEYS = { secretKey: 'sk_test_standin_secret', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_standin_webhook_secret' };

export const TEST_CARDS = { visa: '4242424242424242', threeDSecure: '4000002500003155', declined: '4000000000000002' } as const;
const CARD_BY_METHOD: Record<string, string> = { pm_card_visa: TEST_CARDS.visa, pm_card_threeDSecure2Required: TEST_CARDS.threeDSecure, pm_card_chargeDeclined: TEST_CARDS.declined };

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  next_action: null | { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } };
  last_payment_error: null | { type: 'card_error'; code: 'card_declined'; decline_code: 'generic_decline'; message: string };
  automatic_payment_methods: { enabled: boolean } | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  created: number;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: unknown };
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StandInIntent>;
  refunds: StandInRefund[];
  events: StandInEvent[];
  /** Each webhook delivery: the event and the shop's answer's status (0: not reachable). */
  deliveries: Array<{ event: string; type: string; status: number }>;
  /** Calls made, as "METHOD path" (the tests count them). */
  calls: string[];
  /** Where events are POSTed (none: kept, not sent). */
  webhookUrl: string | null;
  /** The event types POSTed there, as a Stripe webhook endpoint's enabled_events (null: every one). */
  enabledEvents: ReadonlySet<string> | null;
  /** While true, every API call answers 500 as an outage would (the client retries, then gives up). */
  down: boolean;
  /** Pays an intent as the buyer's browser would (confirm with a test card's method), through the REST endpoint. */
  pay(intentId: string, method?: keyof typeof CARD_BY_METHOD | string): Promise<StandInIntent>;
  /** Answers the 3-D Secure challenge of an intent that requires_action. */
  authenticate(intentId: string, pass?: boolean): Promise<StandInIntent>;
  /** A signed webhook payload for any event (signed now, or at `timestamp`, with `secret`). */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  /** POSTs an event (again) to the webhook, signed now; answers the shop's status. */
  deliver(event: StandInEvent, opts?: { timestamp?: number; secret?: string; payload?: string }): Promise<number>;
  /** Waits until every delivery started has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Form fields as Stripe's client writes them (a[b][c]=v) made into nested objects. */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let at = out as Record<string, unknown>;
    path.slice(0, -1).forEach((k) => {
      at[k] = (at[k] as Record<string, unknown>) ?? {};
      at = at[k] as Record<string, unknown>;
    });
    at[path[path.length - 1]] = value;
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn(opts: { webhookUrl?: string; keys?: typeof STAND_IN_KEYS } = {}): Promise<StripeStandIn> {
  const keys = opts.keys ?? STAND_IN_KEYS;
  const intents = new Map<string, StandInIntent>();
  const refunds: StandInRefund[] = [];
  const events: StandInEvent[] = [];
  const deliveries: StripeStandIn['deliveries'] = [];
  const calls: string[] = [];
  const idempotent = new Map<string, { bodyHash: string; status: number; body: unknown }>();
  const pending = new Set<Promise<unknown>>();
  let baseUrl = '';

  const sign = (payload: string, o: { timestamp?: number; secret?: string } = {}) => {
    const t = o.timestamp ?? now();
    const v1 = createHmac('sha256', o.secret ?? keys.webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex');
    return `t=${t},v1=${v1}`;
  };

  const deliver = async (event: StandInEvent, o: { timestamp?: number; secret?: string; payload?: string } = {}) => {
    if (!standIn.webhookUrl) return 0;
    const payload = o.payload ?? JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const res = await fetch(standIn.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload, o) }, body: payload });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ event: event.id, type: event.type, status });
    return status;
  };

  const emit = (type: string, object: unknown) => {
    const event: StandInEvent = { id: id('evt'), object: 'event', type, created: now(), api_version: '2024-06-20', livemode: false, data: { object: structuredClone(object) } };
    events.push(event);
    if (standIn.enabledEvents && !standIn.enabledEvents.has(type)) return;
    const p = deliver(event).finally(() => pending.delete(p));
    pending.add(p);
  };

  /** A confirm with a card: the outcome its test number gives. */
  const confirm = (pi: StandInIntent, card: string): { status: number; body: unknown } => {
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${pi.status}.` } } };
    }
    pi.last_payment_error = null;
    pi.next_action = null;
    if (card === TEST_CARDS.declined) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      emit('payment_intent.payment_failed', pi);
      return { status: 402, body: { error: { ...pi.last_payment_error, payment_intent: pi } } };
    }
    if (card === TEST_CARDS.threeDSecure) {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      emit('payment_intent.requires_action', pi);
      return { status: 200, body: pi };
    }
    if (card !== TEST_CARDS.visa) {
      return { status: 402, body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } } };
    }
    succeed(pi);
    return { status: 200, body: pi };
  };
  const succeed = (pi: StandInIntent) => {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.next_action = null;
    emit('payment_intent.succeeded', pi);
  };

  const stripeJs = () => STRIPE_JS.replace('__API__', JSON.stringify(baseUrl));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST' };
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...cors }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      if (req.method === 'GET' && path === '/v3/stripe.js') {
        return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...cors }).end(stripeJs());
      }
      calls.push(`${req.method} ${path}`);
      if (standIn.down) return send(500, { error: { type: 'api_error', message: 'The stand-in is down.' } });
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw);
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const secret = bearer === keys.secretKey;
      // The browser's calls: the publishable key, with the intent's client secret.
      const publishable = bearer === keys.publishableKey;
      if (!secret && !publishable) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      const missing = (what: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

      const key = req.headers['idempotency-key'];
      const idem = typeof key === 'string' && req.method === 'POST' && secret ? `${path}|${key}` : null;
      const bodyHash = createHash('sha256').update(raw).digest('hex');
      if (idem && idempotent.has(idem)) {
        const was = idempotent.get(idem)!;
        if (was.bodyHash !== bodyHash) {
          return send(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
        }
        res.setHeader('idempotent-replayed', 'true');
        return send(was.status, was.body);
      }
      const answer = (status: number, body: unknown) => {
        if (idem) idempotent.set(idem, { bodyHash, status, body: structuredClone(body) });
        send(status, body);
      };

      if (path === '/v1/payment_intents' && req.method === 'POST' && secret) {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 1 || typeof params.currency !== 'string') {
          return answer(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid amount or currency' } });
        }
        const pid = id('pi');
        const pi: StandInIntent = {
          id: pid,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: params.currency.toLowerCase(),
          status: 'requires_payment_method',
          client_secret: `${pid}_secret_${randomBytes(12).toString('hex')}`,
          metadata: (params.metadata as Record<string, string>) ?? {},
          created: now(),
          livemode: false,
          next_action: null,
          last_payment_error: null,
          automatic_payment_methods: (params.automatic_payment_methods as { enabled: string } | undefined)?.enabled === 'true' ? { enabled: true } : null,
        };
        intents.set(pid, pi);
        emit('payment_intent.created', pi);
        return answer(200, pi);
      }
      const m = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(?:\/(confirm|cancel|authenticate))?$/.exec(path);
      if (m) {
        const pi = intents.get(m[1]);
        if (!pi) return missing(`payment_intent: '${m[1]}'`);
        // The browser reaches only its own intent, by its client secret.
        if (publishable && params.client_secret !== pi.client_secret) return missing(`payment_intent: '${m[1]}'`);
        if (!m[2] && req.method === 'GET') return send(200, pi);
        if (m[2] === 'confirm' && req.method === 'POST') {
          const method = params.payment_method as string | undefined;
          const card = method ? CARD_BY_METHOD[method] : ((params.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number ?? '').replace(/\D/g, '');
          const r = confirm(pi, card ?? '');
          return answer(r.status, r.body);
        }
        if (m[2] === 'authenticate' && req.method === 'POST') {
          // The 3-D Secure challenge's answer (Stripe's hosted page, here a button of the Stripe.js stand-in).
          if (pi.status !== 'requires_action') return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'Nothing to authenticate' } });
          if (params.result === 'fail') {
            pi.status = 'requires_payment_method';
            pi.next_action = null;
            pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'We are unable to authenticate your payment method.' };
            emit('payment_intent.payment_failed', pi);
          } else succeed(pi);
          return send(200, pi);
        }
        if (m[2] === 'cancel' && req.method === 'POST' && secret) {
          if (pi.status === 'succeeded') return answer(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'A succeeded PaymentIntent cannot be canceled.' } });
          pi.status = 'canceled';
          emit('payment_intent.canceled', pi);
          return answer(200, pi);
        }
      }
      if (path === '/v1/refunds' && req.method === 'POST' && secret) {
        const pi = intents.get(String(params.payment_intent ?? ''));
        if (!pi) return missing(`payment_intent: '${String(params.payment_intent ?? '')}'`);
        if (pi.status !== 'succeeded') return answer(400, { error: { type: 'invalid_request_error', code: 'charge_not_succeeded', message: 'This PaymentIntent has no successful charge to refund.' } });
        const given = refunds.filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
        const amount = params.amount === undefined ? pi.amount_received - given : Number(params.amount);
        if (!Number.isInteger(amount) || amount < 1 || given + amount > pi.amount_received) {
          return answer(400, { error: { type: 'invalid_request_error', code: given >= pi.amount_received ? 'charge_already_refunded' : 'amount_too_large', message: 'Refund amount is greater than unrefunded amount on charge' } });
        }
        const refund: StandInRefund = { id: id('re'), object: 'refund', payment_intent: pi.id, amount, currency: pi.currency, status: 'succeeded', created: now() };
        refunds.push(refund);
        emit('refund.created', refund);
        return answer(200, refund);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browserCall = async (path: string, body: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    await res.arrayBuffer();
  };

  const standIn: StripeStandIn = {
    url: baseUrl,
    intents,
    refunds,
    events,
    deliveries,
    calls,
    webhookUrl: opts.webhookUrl ?? null,
    enabledEvents: null,
    down: false,
    async pay(intentId, method = 'pm_card_visa') {
      const pi = intents.get(intentId);
      if (!pi) throw new Error(`no intent ${intentId}`);
      await browserCall(`/v1/payment_intents/${intentId}/confirm`, { payment_method: method, client_secret: pi.client_secret });
      return pi;
    },
    async authenticate(intentId, pass = true) {
      const pi = intents.get(intentId);
      if (!pi) throw new Error(`no intent ${intentId}`);
      await browserCall(`/v1/payment_intents/${intentId}/authenticate`, { client_secret: pi.client_secret, result: pass ? 'pass' : 'fail' });
      return pi;
    },
    sign,
    deliver,
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return standIn;
}

/**
 * The Stripe.js stand-in (browser script): window.Stripe(publishableKey) with elements({clientSecret}),
 * elements.create('payment').mount(el) (a card form: number, expiry, CVC), elements.submit() and
 * stripe.confirmPayment({elements, redirect: 'if_required'}), which confirms through the stand-in and,
 * for a card needing 3-D Secure, shows the challenge (Complete / Fail) before answering.
 */
const STRIPE_JS = `(function () {
  var API = __API__;
  function form(o) { return Object.keys(o).map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(o[k]); }).join('&'); }
  function post(key, path, o) {
    return fetch(API + path, { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' }, body: form(o) })
      .then(function (r) { return r.json(); });
  }
  function field(label, name, auto, placeholder) {
    var wrap = document.createElement('label');
    wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;font:14px/1.4 system-ui,sans-serif;color:#30313d';
    wrap.textContent = label;
    var input = document.createElement('input');
    input.name = name; input.autocomplete = auto; input.placeholder = placeholder; input.inputMode = 'numeric';
    input.style.cssText = 'padding:10px 12px;border:1px solid #6b6b76;border-radius:6px;font:16px system-ui,sans-serif;color:#30313d;background:#fff';
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }
  function challenge() {
    return new Promise(function (resolve) {
      var back = document.createElement('div');
      back.setAttribute('role', 'dialog'); back.setAttribute('aria-modal', 'true'); back.setAttribute('aria-label', '3D Secure authentication');
      back.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      var box = document.createElement('div');
      box.style.cssText = 'background:#fff;padding:24px;border-radius:8px;max-width:340px;font:15px/1.5 system-ui,sans-serif;color:#1a1a1a';
      box.innerHTML = '<h2 style="margin:0 0 8px;font-size:18px">3D Secure test payment</h2><p style="margin:0 0 16px">This is a test card that needs authentication.</p>';
      function btn(text, ok) {
        var b = document.createElement('button'); b.type = 'button'; b.textContent = text;
        b.style.cssText = 'margin-right:8px;padding:8px 14px;border-radius:6px;border:1px solid #1a1a1a;background:' + (ok ? '#1a1a1a;color:#fff' : '#fff;color:#1a1a1a');
        b.onclick = function () { back.remove(); resolve(ok); };
        return b;
      }
      box.appendChild(btn('Complete authentication', true)); box.appendChild(btn('Fail authentication', false));
      back.appendChild(box); document.body.appendChild(back);
      box.querySelector('button').focus();
    });
  }
  window.Stripe = function (key) {
    return {
      elements: function (opts) {
        var state = { clientSecret: opts && opts.clientSecret, number: null, exp: null, cvc: null };
        return {
          _state: state,
          create: function () {
            var root;
            return {
              mount: function (target) {
                root = typeof target === 'string' ? document.querySelector(target) : target;
                var box = document.createElement('div');
                box.style.cssText = 'display:grid;gap:10px';
                var n = field('Card number', 'cardnumber', 'cc-number', '1234 1234 1234 1234');
                var e = field('Expiration date', 'exp-date', 'cc-exp', 'MM / YY');
                var c = field('Security code', 'cvc', 'cc-csc', 'CVC');
                state.number = n.input; state.exp = e.input; state.cvc = c.input;
                box.appendChild(n.wrap); box.appendChild(e.wrap); box.appendChild(c.wrap);
                root.appendChild(box);
              },
              unmount: function () { if (root) root.innerHTML = ''; },
              destroy: function () { if (root) root.innerHTML = ''; },
              on: function () {},
            };
          },
          submit: function () {
            var digits = state.number ? state.number.value.replace(/\\D/g, '') : '';
            if (digits.length < 12) return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
            if (!state.exp || !/^\\s*\\d{1,2}\\s*\\/\\s*\\d{2}\\s*$/.test(state.exp.value)) return Promise.resolve({ error: { type: 'validation_error', message: "Your card's expiration date is incomplete." } });
            if (!state.cvc || !/^\\d{3,4}$/.test(state.cvc.value.trim())) return Promise.resolve({ error: { type: 'validation_error', message: "Your card's security code is incomplete." } });
            return Promise.resolve({});
          },
        };
      },
      confirmPayment: function (o) {
        var state = o.elements._state;
        var secret = o.clientSecret || state.clientSecret;
        var id = secret.split('_secret_')[0];
        var number = state.number.value.replace(/\\D/g, '');
        return post(key, '/v1/payment_intents/' + id + '/confirm', { client_secret: secret, 'payment_method_data[card][number]': number, 'payment_method_data[type]': 'card' })
          .then(function (pi) {
            if (pi.error) return { error: pi.error };
            if (pi.status !== 'requires_action') return { paymentIntent: pi };
            return challenge().then(function (ok) {
              return post(key, '/v1/payment_intents/' + id + '/authenticate', { client_secret: secret, result: ok ? 'pass' : 'fail' }).then(function (after) {
                if (after.status === 'succeeded') return { paymentIntent: after };
                return { error: after.last_payment_error || { type: 'card_error', message: 'We are unable to authenticate your payment method.' } };
              });
            });
          });
      },
    };
  };
})();
`;

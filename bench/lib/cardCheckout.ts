// The card checkout's load (issue 40): each "order" is what a buyer's browser does, one after another on
// each of `connections` loops: POST /api/order/card/intent, then the PaymentIntent confirmed at the Stripe
// stand-in with the intent's client secret (as Stripe.js does, with the publishable key and a test card),
// then POST /api/order/card/complete {paymentIntentId}; an order counts when complete answers 201.
// autocannon sends one request after another to one host, so this three-step visit has its own loop;
// when the time is up no new order is started and those on their way are finished (none left half-paid).
import fs from 'node:fs';
import os from 'node:os';
import { Agent, request } from 'undici';
import type { LoadResult } from './load';

export interface CardLoadOptions {
  url: string;
  standInUrl: string;
  publishableKey: string;
  connections: number;
  /** Seconds during which new orders are started. */
  duration: number;
  /** At most this many orders in all. */
  amount?: number;
  /** The next buyer: their bearer token and the intent's body (currency, saved address, method). */
  buyer: () => { token: string; body: Record<string, unknown> };
  /** CPU ms each of the API's and PostgreSQL's processes has used so far (pid -> ms). */
  cpuMs?: () => Promise<Map<number, number>>;
  /** CPU ms the stand-in's process has used so far. */
  standInCpuMs: () => number;
}

export interface CardLoadResult extends LoadResult {
  /** Answers 201 of complete (what `ok` counts), with each one's intent id. */
  intents: string[];
  /** Medians of each step, ms: the API's two calls and the stand-in's confirm. */
  steps: { intent: number; confirm: number; complete: number };
  /** The stand-in's CPU ms per order, and the share of the host's CPU time it took (0..1). */
  standInCpuMsPerOrder: number;
  /** Orders/s with the stand-in's CPU taken out of the host's time (bench/README.md: the method). */
  rpsWithoutStandIn: number;
  /** The host's CPU busy share over the run (all processes, /proc/stat): near 1 when CPU-bound. */
  hostBusy: number;
  /** The load generator's own CPU ms per order (this process). */
  driverCpuMsPerOrder: number;
}

/** Busy and total jiffies of the whole host (/proc/stat's first line). */
function hostTicks(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

export async function runCardCheckout(o: CardLoadOptions): Promise<CardLoadResult> {
  const agent = new Agent({ connections: o.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const api = new URL(o.url);
  const stand = new URL(o.standInUrl);
  const codes: Record<string, number> = {};
  const count = (step: string, status: number | string) => (codes[`${step} ${status}`] = (codes[`${step} ${status}`] ?? 0) + 1);
  const orderMs: number[] = [];
  const steps = { intent: [] as number[], confirm: [] as number[], complete: [] as number[] };
  const intents: string[] = [];
  let started = 0;
  let errors = 0;

  const post = async (origin: URL, path: string, headers: Record<string, string>, body: string) => {
    const t = performance.now();
    const res = await request(new URL(path, origin), { method: 'POST', headers, body, dispatcher: agent, headersTimeout: 30_000, bodyTimeout: 30_000 });
    const text = await res.body.text();
    return { status: res.statusCode, text, ms: performance.now() - t };
  };

  /** One buyer's card checkout; a step that does not answer as it should ends it as an error. */
  const order = async (): Promise<void> => {
    const { token, body } = o.buyer();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const t0 = performance.now();
    const made = await post(api, '/api/order/card/intent', auth, JSON.stringify(body));
    count('intent', made.status);
    steps.intent.push(made.ms);
    if (made.status !== 200) return void errors++;
    const { paymentIntentId, clientSecret } = JSON.parse(made.text) as { paymentIntentId: string; clientSecret: string };
    const paid = await post(
      stand,
      `/v1/payment_intents/${paymentIntentId}/confirm`,
      { authorization: `Bearer ${o.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: clientSecret }).toString(),
    );
    count('confirm', paid.status);
    steps.confirm.push(paid.ms);
    if (paid.status !== 200 || (JSON.parse(paid.text) as { status?: string }).status !== 'succeeded') return void errors++;
    const done = await post(api, '/api/order/card/complete', auth, JSON.stringify({ paymentIntentId }));
    count('complete', done.status);
    steps.complete.push(done.ms);
    if (done.status !== 201) return void errors++;
    intents.push(paymentIntentId);
    orderMs.push(performance.now() - t0);
  };

  const cpuBefore = await o.cpuMs?.();
  const standBefore = o.standInCpuMs();
  const driverBefore = process.cpuUsage();
  const hostBefore = hostTicks();
  const t0 = performance.now();
  const until = t0 + o.duration * 1000;
  const loop = async () => {
    while (performance.now() < until && (o.amount === undefined || started < o.amount)) {
      started++;
      try {
        await order();
      } catch (error) {
        errors++;
        count('network', (error as { code?: string }).code ?? 'error');
      }
    }
  };
  await Promise.all(Array.from({ length: o.connections }, loop));
  const seconds = (performance.now() - t0) / 1000;
  const hostAfter = hostTicks();
  const driver = process.cpuUsage(driverBefore);
  const standMs = o.standInCpuMs() - standBefore;
  const cpuAfter = await o.cpuMs?.();
  await agent.close();

  const ok = intents.length;
  const cores = os.cpus().length;
  let serverMs = NaN;
  if (cpuBefore && cpuAfter) {
    serverMs = 0;
    for (const [pid, now] of cpuAfter) serverMs += Math.max(0, now - (cpuBefore.get(pid) ?? 0));
  }
  return {
    name: 'checkout-card',
    rps: ok / seconds,
    p50: quantile(orderMs, 0.5),
    p99: quantile(orderMs, 0.99),
    total: started,
    ok,
    errors,
    codes,
    seconds,
    cpuMsPerRequest: serverMs / Math.max(ok, 1),
    intents,
    steps: { intent: quantile(steps.intent, 0.5), confirm: quantile(steps.confirm, 0.5), complete: quantile(steps.complete, 0.5) },
    standInCpuMsPerOrder: standMs / Math.max(ok, 1),
    rpsWithoutStandIn: ok / Math.max(seconds - standMs / 1000 / cores, 0.001),
    hostBusy: (hostAfter.busy - hostBefore.busy) / Math.max(hostAfter.total - hostBefore.total, 1),
    driverCpuMsPerOrder: (driver.user + driver.system) / 1000 / Math.max(ok, 1),
  };
}

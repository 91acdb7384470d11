import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createRates, parseRates } from './service';
import { ratesRoutes } from './routes';

/** A local stand-in for the public rate provider: GET /{CODE} -> { rates }. */
function startRatesServer() {
  const state = { hits: 0, fail: false, usdPerEur: 1.1 };
  const server = http.createServer((req, res) => {
    state.hits += 1;
    const code = (req.url ?? '').split('/').pop()!.replace('.json', '');
    if (state.fail || code.toUpperCase() !== 'EUR') {
      res.writeHead(state.fail ? 500 : 404, { 'content-type': 'application/json' }).end('{"error":"nope"}');
      return;
    }
    if (req.url!.endsWith('.json')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ date: '2026-11-22', eur: { usd: state.usdPerEur, gbp: 0.85 } }));
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', base_code: 'EUR', rates: { USD: state.usdPerEur, GBP: 0.85 } }));
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, state, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

describe('currency rates', () => {
  let provider: Awaited<ReturnType<typeof startRatesServer>>;
  beforeEach(async () => {
    provider = await startRatesServer();
  });
  afterEach(() => provider.close());

  it('reads both public file shapes', () => {
    expect(parseRates({ rates: { USD: 1.1, xx: 3, GBP: 'a' } }, 'EUR')).toEqual({ USD: 1.1, EUR: 1 });
    expect(parseRates({ date: 'x', eur: { usd: 1.1 } }, 'EUR')).toEqual({ USD: 1.1, EUR: 1 });
    expect(parseRates({ hello: 1 }, 'EUR')).toBeNull();
  });

  it('fetches once, then serves from the cache until the TTL passes', async () => {
    let t = 1000;
    const rates = createRates({ apiBase: provider.url, ttlMs: 60_000, now: () => t });
    expect(await rates.ratesFor('eur')).toMatchObject({ USD: 1.1, GBP: 0.85, EUR: 1 });
    await rates.ratesFor('EUR');
    expect(provider.state.hits).toBe(1);
    provider.state.usdPerEur = 1.2;
    t += 61_000;
    expect((await rates.ratesFor('EUR')).USD).toBe(1.2);
    expect(provider.state.hits).toBe(2);
  });

  it('fills a {code} template with the lowercase code', async () => {
    const rates = createRates({ apiBase: `${provider.url}/currencies/{code}.json` });
    expect(await rates.convertMinor(10000, 'EUR', 'USD')).toBe(11000);
    expect(await rates.convertMinor(999, 'USD', 'usd')).toBe(999);
  });

  it('keeps serving stale rates when the provider fails, and fails clearly when none are known', async () => {
    let t = 0;
    const rates = createRates({ apiBase: provider.url, ttlMs: 1000, maxStaleMs: 10_000, now: () => t });
    await rates.ratesFor('EUR');
    provider.state.fail = true;
    t = 5000;
    expect((await rates.ratesFor('EUR')).USD).toBe(1.1);
    t = 20_000;
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    await expect(rates.ratesFor('GBP')).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('GBP') });
  });

  it('does not hammer a failing provider', async () => {
    provider.state.fail = true;
    const rates = createRates({ apiBase: provider.url, failureBackoffMs: 30_000 });
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    expect(provider.state.hits).toBe(1);
  });

  it('GET /api/rates/:base answers { base, rates }, 503 {message} when none are known, 400 for a bad code', async () => {
    const app = Fastify();
    await app.register(async (scope) => ratesRoutes(scope, { rates: createRates({ apiBase: provider.url }) }), { prefix: '/api' });
    // (app.inject needs require(esm), which jest on Node 20 lacks: a real port instead.)
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const ok = await fetch(`${url}/api/rates/eur`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ base: 'EUR', rates: { USD: 1.1, GBP: 0.85, EUR: 1 } });
    const none = await fetch(`${url}/api/rates/JPY`);
    expect(none.status).toBe(503);
    expect(((await none.json()) as { message: string }).message).toMatch(/rates for JPY are not available/);
    expect((await fetch(`${url}/api/rates/EURO`)).status).toBe(400);
    await app.close();
  });
});

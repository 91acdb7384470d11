import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp } from '../test/harness';
import { createRates, parseRates } from './service';
import { UNKNOWN_CURRENCY } from './routes';

/** A local stand-in for the public rate provider: GET /{CODE} -> { rates }. */
function startRatesServer() {
  const state = { hits: 0, fail: false, usdPerEur: 1.1, cacheControl: '', nextUpdateUnix: undefined as number | undefined, asked: [] as string[] };
  const server = http.createServer((req, res) => {
    state.hits += 1;
    const code = (req.url ?? '').split('/').pop()!.replace('.json', '');
    state.asked.push(code);
    if (state.cacheControl) res.setHeader('cache-control', state.cacheControl);
    if (state.fail || code.toUpperCase() !== 'EUR') {
      res.writeHead(state.fail ? 500 : 404, { 'content-type': 'application/json' }).end('{"error":"nope"}');
      return;
    }
    if (req.url!.endsWith('.json')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ date: '2026-11-22', eur: { usd: state.usdPerEur, gbp: 0.85 } }));
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', base_code: 'EUR', time_next_update_unix: state.nextUpdateUnix, rates: { USD: state.usdPerEur, GBP: 0.85 } }));
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

  it('keeps serving stale rates, marked stale, when the provider fails, and fails clearly when none are known', async () => {
    let t = 0;
    const rates = createRates({ apiBase: provider.url, ttlMs: 60_000, maxStaleMs: 600_000, now: () => t });
    await rates.ratesFor('EUR');
    provider.state.fail = true;
    t = 61_000;
    expect(await rates.quote('EUR')).toMatchObject({ rates: { USD: 1.1 }, stale: true });
    t = 700_000;
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    t = 800_000;
    await expect(rates.ratesFor('GBP')).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('GBP') });
  });

  it('keeps answers for the validity the provider gives (its next update, or Cache-Control)', async () => {
    let t = 1_000_000;
    provider.state.nextUpdateUnix = (t + 3 * 3_600_000) / 1000;
    const rates = createRates({ apiBase: provider.url, ttlMs: 60_000, now: () => t });
    expect(await rates.quote('EUR')).toEqual({ rates: { USD: 1.1, GBP: 0.85, EUR: 1 }, stale: false });
    t += 3 * 3_600_000 - 1000; // well past ttlMs, before the provider's next update
    await rates.ratesFor('EUR');
    expect(provider.state.hits).toBe(1);
    t += 2000;
    await rates.ratesFor('EUR');
    expect(provider.state.hits).toBe(2);

    const byHeader = createRates({ apiBase: `${provider.url}/currencies/{code}.json`, ttlMs: 60_000, now: () => t });
    provider.state.cacheControl = 'public, max-age=7200';
    await byHeader.ratesFor('EUR');
    t += 7_100_000;
    await byHeader.ratesFor('EUR');
    expect(provider.state.hits).toBe(3);
    t += 200_000;
    await byHeader.ratesFor('EUR');
    expect(provider.state.hits).toBe(4);
  });

  it('asks a failing provider at most once a minute, whatever the code, serving the last good rates meanwhile', async () => {
    let t = 0;
    const rates = createRates({ apiBase: provider.url, ttlMs: 60_000, now: () => t });
    await rates.ratesFor('EUR');
    provider.state.fail = true;
    t = 120_000;
    for (let i = 0; i < 50; i++) {
      expect(await rates.quote('EUR')).toMatchObject({ stale: true, rates: { USD: 1.1 } });
      await expect(rates.ratesFor('GBP')).rejects.toMatchObject({ statusCode: 503 });
      t += 1000; // 50 s in all
    }
    expect(provider.state.hits).toBe(2); // the first good answer, one failed renewal
    t = 120_000 + 60_000;
    await rates.quote('EUR');
    expect(provider.state.hits).toBe(3);
    provider.state.fail = false;
    t += 60_000;
    expect(await rates.quote('EUR')).toMatchObject({ stale: false });
    expect(provider.state.hits).toBe(4);
  });

  it('does not hammer a failing provider', async () => {
    provider.state.fail = true;
    const rates = createRates({ apiBase: provider.url });
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    await expect(rates.ratesFor('EUR')).rejects.toMatchObject({ statusCode: 503 });
    expect(provider.state.hits).toBe(1);
  });

  it("GET /api/rates/:base: the shop's currencies for anyone, ISO 4217 for an admin, a 400 and no call out for anything else (issue 34 #7)", async () => {
    const t = await startTestApp({ ratesApiBase: provider.url });
    try {
      await t.currency('EUR', '€');
      const ok = await t.call('GET', '/api/rates/eur');
      expect([ok.status, ok.body]).toEqual([200, { base: 'EUR', rates: { USD: 1.1, GBP: 0.85, EUR: 1 }, stale: false }]);
      expect(provider.state.hits).toBe(1);

      // What an anonymous caller sent in the issue: any three letters, ISO codes the shop does not sell in.
      const customer = await t.customer();
      const junk = ['abc', 'NaN', 'XYZ', 'JPY', 'usd', 'Gbp'];
      for (let i = 0; i < 261; i++) {
        const code = junk[i % junk.length];
        const res = await t.call('GET', `/api/rates/${code}`, i % 2 ? { token: customer.token } : {});
        expect([code, res.status, res.body.message]).toEqual([code, 400, UNKNOWN_CURRENCY]);
      }
      expect((await t.call('GET', '/api/rates/EURO')).status).toBe(400);
      expect((await t.call('GET', '/api/rates/JPY', { token: 'not-a-token' })).status).toBe(400);
      expect(provider.state.asked).toEqual(['EUR']);

      // The admin's add-currency pre-fill: any ISO 4217 code, and only those.
      const jpy = await t.call('GET', '/api/rates/JPY', { token: t.adminToken });
      expect([jpy.status, jpy.body.message]).toEqual([503, expect.stringMatching(/rates for JPY are not available/)]);
      expect((await t.call('GET', '/api/rates/abc', { token: t.adminToken })).status).toBe(400);
      expect(provider.state.asked).toEqual(['EUR', 'JPY']);

      // The provider down: its failure holds every code back a minute; cached answers are still served.
      provider.state.fail = true;
      for (let i = 0; i < 20; i++) expect((await t.call('GET', '/api/rates/GBP', { token: t.adminToken })).status).toBe(503);
      expect((await t.call('GET', '/api/rates/EUR')).status).toBe(200);
      expect(provider.state.asked).toEqual(['EUR', 'JPY']);
    } finally {
      await t.close();
    }
  });
});

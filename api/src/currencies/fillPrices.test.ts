import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertMinor } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';

// A stand-in for the rates provider (RATES_API_BASE): the real one is unreachable here.
let asked = 0;
const provider = http.createServer((req, res) => {
  asked += 1;
  if (req.url === '/USD') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ rates: { USD: 1, CHF: 0.8765, EUR: 0.9 } }));
  } else {
    res.statusCode = 404;
    res.end('{}');
  }
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({ ratesApiBase: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t.close();
  provider.close();
});

const priceIn = (prices: Array<{ currType: string; amount: number }>, id: string) => prices.find((p) => p.currType === id)?.amount;

describe('POST /currencies/:id/fill-prices and GET /currencies/:id/usage (issue 19)', () => {
  let usd: { _id: string };
  let rings: any[];
  beforeAll(async () => {
    usd = await t.currency('USD', '$');
    rings = [];
    for (const [title, amount] of [
      ['Fill Ring A', 10.01],
      ['Fill Ring B', 0.05],
      ['Fill Ring C', 1234.57],
    ] as const) {
      rings.push(
        await t.product({
          title,
          basePrice: [{ currType: usd._id, amount }],
          variants: [{ type: 'Size', options: [{ name: '7', incRate: [{ currType: usd._id, amount: 2.5 }] }, { name: '8' }] }],
        }),
      );
    }
  });

  test('a new currency is not priced until filled: the storefront shows no amount in it, never 0', async () => {
    const chf = await t.currency('CHF', 'Fr');
    const p = (await t.call('GET', `/api/product/${rings[0]._id}`)).body;
    expect(priceIn(p.basePrice, chf._id)).toBeUndefined();
    expect(p.variants[0].options[0].incRate.find((i: { currType: string }) => i.currType === chf._id)).toBeUndefined();
    expect((await t.call('GET', `/api/currencies/${chf._id}/usage`, { token: t.adminToken })).body).toEqual({ prices: 0, optionIncreases: 0 });
  });

  test('a fixed factor fills every missing price and option increase, rounded to the minor unit, keeping set ones', async () => {
    const eur = await t.currency('EUR', '€');
    // One product already has its own EUR price: kept.
    await t.call('PUT', `/api/product/${rings[2]._id}`, { token: t.adminToken, body: { basePrice: [{ currType: usd._id, amount: 1234.57 }, { currType: eur._id, amount: 999 }] } });
    const r = await t.call('POST', `/api/currencies/${eur._id}/fill-prices`, { token: t.adminToken, body: { from: 'usd', factor: 1.5 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ currency: { _id: eur._id, code: 'EUR' }, from: 'USD', factor: 1.5, prices: 2, optionIncreases: 3 });
    const a = (await t.call('GET', `/api/product/${rings[0]._id}`, { token: t.adminToken })).body;
    // 10.01 * 1.5 = 15.015: 1001 minor units * 1.5 = 1501.5, rounded as the contract rounds (half up): 15.02.
    expect(priceIn(a.basePrice, eur._id)).toBe(convertMinor(1001, 1.5) / 100);
    expect(priceIn(a.basePrice, eur._id)).toBe(15.02);
    expect(priceIn(a.variants[0].options[0].incRate, eur._id)).toBe(3.75);
    expect(a.variants[0].options[1].incRate.find((i: { currType: string }) => i.currType === eur._id)).toBeUndefined();
    expect(priceIn((await t.call('GET', `/api/product/${rings[1]._id}`)).body.basePrice, eur._id)).toBe(0.08);
    expect(priceIn((await t.call('GET', `/api/product/${rings[2]._id}`)).body.basePrice, eur._id)).toBe(999);
    expect((await t.call('GET', `/api/currencies/${eur._id}/usage`, { token: t.adminToken })).body).toEqual({ prices: 3, optionIncreases: 3 });
    // Again: nothing left to fill.
    expect((await t.call('POST', `/api/currencies/${eur._id}/fill-prices`, { token: t.adminToken, body: { from: 'USD', factor: 2 } })).body).toMatchObject({ prices: 0, optionIncreases: 0 });
    const audit = await t.ctx.db.query<{ entity: string; after: any }>(`SELECT entity, after FROM audit_log WHERE entity_id = $1 ORDER BY at`, [eur._id]);
    expect(audit[0]).toMatchObject({ entity: 'currency', after: { filledFrom: 'USD', factor: 1.5, prices: 2, optionIncreases: 3 } });
  });

  test('six fills of one currency at once, each with its own factor: every price and increase filled once, all by one factor', async () => {
    const gbp = await t.currency('GBP', '£');
    const factors = [1.1, 1.2, 1.3, 1.4, 1.6, 1.7];
    const answers = await Promise.all(factors.map((factor) => t.call('POST', `/api/currencies/${gbp._id}/fill-prices`, { token: t.adminToken, body: { from: 'USD', factor } })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const filling = answers.filter((a) => a.body.prices > 0);
    expect(filling).toHaveLength(1);
    expect(answers.reduce((n, a) => n + a.body.prices, 0)).toBe(3);
    expect(answers.reduce((n, a) => n + a.body.optionIncreases, 0)).toBe(3);
    const factor = filling[0].body.factor;
    const a = (await t.call('GET', `/api/product/${rings[0]._id}`, { token: t.adminToken })).body;
    expect(priceIn(a.basePrice, gbp._id)).toBe(convertMinor(1001, factor) / 100);
    expect(priceIn(a.variants[0].options[0].incRate, gbp._id)).toBe(convertMinor(250, factor) / 100);
  });

  test('useRate takes the exchange rate from the provider', async () => {
    const chf = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM currencies WHERE code = 'CHF'`))!.id;
    const r = await t.call('POST', `/api/currencies/${chf}/fill-prices`, { token: t.adminToken, body: { from: 'USD', useRate: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ factor: 0.8765, prices: 3, optionIncreases: 3 });
    const c = (await t.call('GET', `/api/product/${rings[2]._id}`)).body;
    expect(priceIn(c.basePrice, chf)).toBe(convertMinor(123457, 0.8765) / 100);
    expect(asked).toBeGreaterThan(0);
  });

  test('one transaction: a failure part-way writes nothing', async () => {
    const jpy = await t.currency('JPY', '¥');
    const before = await t.fingerprint();
    // Fails on the option increases, after the prices were inserted: every price goes with it.
    await t.ctx.db.query(`CREATE FUNCTION fail_fill() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`);
    await t.ctx.db.query(`CREATE TRIGGER fail_fill BEFORE UPDATE ON variant_options FOR EACH ROW EXECUTE FUNCTION fail_fill()`);
    try {
      const r = await t.call('POST', `/api/currencies/${jpy._id}/fill-prices`, { token: t.adminToken, body: { from: 'USD', factor: 150 } });
      expect(r.status).toBe(500);
    } finally {
      await t.ctx.db.query(`DROP TRIGGER fail_fill ON variant_options`);
      await t.ctx.db.query(`DROP FUNCTION fail_fill()`);
    }
    expect(await t.fingerprint()).toBe(before);
    expect((await t.call('GET', `/api/currencies/${jpy._id}/usage`, { token: t.adminToken })).body).toEqual({ prices: 0, optionIncreases: 0 });
  });

  test('bad input: a clear 4xx and nothing changes', async () => {
    const sek = await t.currency('SEK', 'kr');
    const c = await t.customer();
    const before = await t.fingerprint();
    const fill = (body: unknown, id = sek._id, token = t.adminToken) => t.call('POST', `/api/currencies/${id}/fill-prices`, { token, body });
    for (const body of [{ from: 'USD' }, { from: 'USD', factor: 2, useRate: true }, { from: 'USD', factor: 0 }, { from: 'USD', factor: -1 }, { from: 'US', factor: 1 }, { factor: 1 }, { from: 'XYZ', factor: 1 }, { from: 'SEK', factor: 1 }, { from: 'USD', factor: 1e7 }]) {
      const r = await fill(body);
      expect([body, r.status]).toEqual([body, 400]);
      expect(r.body.message).toEqual(expect.any(String));
    }
    // A factor that makes a price above the largest amount a price may have.
    expect((await fill({ from: 'USD', factor: 999999 })).status).toBe(400);
    // No rate known from USD to SEK.
    expect((await fill({ from: 'USD', useRate: true })).status).toBe(400);
    // The provider has no rates from EUR: 503 with its reason (a fixed factor still works).
    const down = await fill({ from: 'EUR', useRate: true });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/rates for EUR are not available/);
    expect((await fill({ from: 'USD', factor: 1 }, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await t.call('GET', `/api/currencies/00000000-0000-0000-0000-000000000000/usage`, { token: t.adminToken })).status).toBe(404);
    expect((await fill({ from: 'USD', factor: 1 }, sek._id, c.token)).status).toBe(403);
    expect((await t.call('GET', `/api/currencies/${sek._id}/usage`, { token: c.token })).status).toBe(403);
    expect(await t.fingerprint()).toBe(before);
  });
});

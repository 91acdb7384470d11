// Issue 39: shipping zones and methods, tax classes and rates, and a checkout that charges both, on
// both backends. Preview = order = e-mail = CSV to the cent over random carts, each checked against the
// contract's rule computed here from the products' prices; free over on the declared basis in the cart
// (GET /shipping/methods) and at checkout alike; a method that no longer applies is refused; bad input
// is a 400 naming its field with nothing stored; 50 checkouts at once, some refused for stock.
import { checkoutTotals, computeTotals, formatMoney, lineNets, unitPriceMinor, unitWeight, type TaxRateRef } from '@shop/contract';
import fc from 'fast-check';
import { renderMail } from '../mail/templates/index';
import { parseCsv } from '../test/orderFixtures';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
let ring: any;
let book: any;
let classes: Record<string, string>;
let eu: any;
let us: any;

const shop = { name: 'Aurelia Jewels', publicUrl: 'https://shop.example', email: 'hello@shop.example' };
/** The rates this shop has, by country, class name and region (as the contract's rule takes them). */
const RATES: Record<string, Record<string, number>> = { DE: { Standard: 19, Reduced: 7 }, FR: { Standard: 20, Reduced: 5.5 }, 'US/NY': { Standard: 4 } };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
  await t.call('PUT', `/api/currencies/${eur._id}`, { token: t.adminToken, body: { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: true } });
  classes = Object.fromEntries((await t.call('GET', '/api/tax/classes', { token: t.adminToken })).body.map((c: any) => [c.name, c._id]));
  ring = await t.product({
    title: 'Taxed Ring',
    basePrice: [{ currType: usd._id, amount: 99.99 }, { currType: eur._id, amount: 89.9 }],
    weight: 60,
    variants: [{ type: 'Metal', options: [{ name: 'Silver', incRate: [] }, { name: 'Gold', weight: 5, incRate: [{ currType: usd._id, amount: 20.01 }, { currType: eur._id, amount: 18.35 }] }] }],
  });
  book = await t.product({ title: 'Care Booklet', basePrice: [{ currType: usd._id, amount: 0.05 }, { currType: eur._id, amount: 0.05 }], weight: 30, taxClassId: classes.Reduced });
  eu = (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'Europe', countries: ['DE', 'FR'] } })).body;
  us = (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'United States', countries: ['US'] } })).body;
  const method = (body: object) => t.call('POST', '/api/shipping/methods', { token: t.adminToken, body });
  const flat = (u: number, e: number) => [{ currType: usd._id, bands: [{ upTo: null, amount: u }] }, { currType: eur._id, bands: [{ upTo: null, amount: e }] }];
  expect((await method({ zoneId: eu._id, name: 'Standard', estimate: '3-5 business days', type: 'flat', rates: flat(11, 9.9), freeOver: [{ currType: eur._id, amount: 300 }] })).status).toBe(201);
  expect(
    (await method({ zoneId: eu._id, name: 'Express', estimate: '1-2 business days', type: 'weight', rates: [{ currType: eur._id, bands: [{ upTo: 250, amount: 19.99 }, { upTo: 1000, amount: 29.99 }] }] })).status,
  ).toBe(201);
  expect((await method({ zoneId: us._id, name: 'Ground', estimate: '3-6 business days', type: 'flat', rates: flat(8, 7.5), freeOver: [{ currType: usd._id, amount: 150 }] })).status).toBe(201);
  expect(
    (await method({ zoneId: us._id, name: 'By value', estimate: '2 days', type: 'value', rates: [{ currType: usd._id, bands: [{ upTo: 100, amount: 12.5 }, { upTo: null, amount: 6.25 }] }] })).status,
  ).toBe(201);
  const rate = (body: object) => t.call('POST', '/api/tax/rates', { token: t.adminToken, body });
  for (const [where, byClass] of Object.entries(RATES)) {
    const [country, region] = where.split('/');
    for (const [name, percent] of Object.entries(byClass)) expect((await rate({ classId: classes[name], country, region, percent })).status).toBe(201);
  }
});
afterAll(() => t.close());

interface Pick {
  product: any;
  gold: boolean;
  quantity: number;
}
const addToCart = async (token: string, picks: Pick[]) => {
  for (const p of picks) {
    const options = p.product === ring ? [ring.variants[0].options[p.gold ? 1 : 0]._id] : [];
    expect((await t.call('POST', '/api/cart', { token, body: { productId: p.product._id, options, quantity: p.quantity } })).status).toBe(200);
  }
};

/** What the contract's rule charges for the picks (merged as the cart merges them), in minor units. */
function expected(picks: Pick[], currencyId: string, where: string, shippingMinor: number, inclusive: boolean) {
  const merged = new Map<string, Pick & { optionIds: string[] }>();
  for (const p of picks) {
    const optionIds = p.product === ring ? [ring.variants[0].options[p.gold ? 1 : 0]._id] : [];
    const key = `${p.product._id}|${optionIds.join()}`;
    const m = merged.get(key);
    if (m) m.quantity += p.quantity;
    else merged.set(key, { ...p, optionIds });
  }
  const lines = [...merged.values()];
  const totals = computeTotals(lines.map((l) => ({ unit: unitPriceMinor(l.product, l.optionIds, currencyId)!, quantity: l.quantity, discounts: [], productId: l.product._id })), [], currencyId);
  const rateOf = (name: string): TaxRateRef | null => (RATES[where]?.[name] === undefined ? null : { classId: classes[name], className: name, rate: RATES[where][name] });
  const rates = lines.map((l) => rateOf(l.product === book ? 'Reduced' : 'Standard'));
  const c = checkoutTotals(totals, lineNets(totals, lines.map((l) => l.product._id)), rates, shippingMinor, rateOf('Standard'), inclusive);
  return { ...c, weight: lines.reduce((g, l) => g + unitWeight(l.product, l.optionIds) * l.quantity, 0), goods: totals.total };
}

const minor = (amount: number) => Math.round(amount * 100);
const csvOf = async () => parseCsv((await (await fetch(`${t.url}/api/order/export.csv`, { headers: { authorization: `Bearer ${t.adminToken}` } })).text()).slice(1));

test('over random carts: the preview, the order, its e-mail and its CSV rows charge what the contract computes, to the cent', async () => {
  const destinations = [
    { where: 'DE', address: { country: 'Germany', countryCode: 'DE', state: '' } },
    { where: 'FR', address: { country: 'France', state: '' } },
    { where: 'US/NY', address: { country: 'United States', countryCode: 'US', state: 'NY' } },
    { where: 'US', address: { country: 'US', state: 'OR' } },
  ];
  const pick = fc.record({ product: fc.constantFrom('ring', 'book'), gold: fc.boolean(), quantity: fc.integer({ min: 1, max: 120 }) });
  const samples = fc.sample(fc.record({ picks: fc.array(pick, { minLength: 1, maxLength: 4 }), dest: fc.constantFrom(...destinations), eur: fc.boolean(), method: fc.nat() }), { numRuns: 8, seed: 39 });
  // Saleor #6720's cart, in both currencies: 112 booklets at 0.05.
  samples.push({ picks: [{ product: 'book', gold: false, quantity: 112 }], dest: destinations[0], eur: true, method: 0 });
  samples.push({ picks: [{ product: 'book', gold: false, quantity: 112 }], dest: destinations[2], eur: false, method: 0 });
  for (const s of samples) {
    const picks = s.picks.map((p) => ({ ...p, product: p.product === 'ring' ? ring : book }));
    const cur = s.eur ? eur._id : usd._id;
    const c = await t.customer();
    await addToCart(c.token, picks);
    const country = s.dest.address.countryCode ?? (s.dest.where.startsWith('US') ? 'US' : 'FR');
    const methods = await t.call('GET', `/api/shipping/methods?country=${country}&currency=${cur}`, { token: c.token });
    expect(methods.status).toBe(200);
    const region = s.dest.address.state || undefined;
    const want0 = expected(picks, cur, s.dest.where, 0, s.eur);
    if (!methods.body.length) {
      // Too heavy or no rate in the currency for every method of the zone: refused, nothing placed.
      const r = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: cur, shippingAddress: { line1: '1 Rue', city: 'X', postalCode: '12345', ...s.dest.address } } });
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty('shippingMethodId');
      continue;
    }
    const chosen = methods.body[s.method % methods.body.length];
    const want = expected(picks, cur, s.dest.where, minor(chosen.amount), s.eur);
    expect(want.weight).toBe(want0.weight);
    const preview = await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: cur, country, region, shippingMethodId: chosen._id } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ shippingMethod: { _id: chosen._id, name: chosen.name }, shippingCountry: country, shippingPrice: chosen.amount, pricesIncludeTax: s.eur });
    expect(minor(preview.body.totalPrice)).toBe(want.total);
    expect(minor(preview.body.taxTotal)).toBe(want.tax.taxTotal);
    expect(preview.body.taxLines).toEqual(want.tax.taxLines.map((l) => ({ rate: l.rate, base: l.base / 100, amount: l.amount / 100 })));

    const r = await t.call('POST', '/api/order', {
      token: c.token,
      body: { paymentMethod: 'Cash On Delivery', selectedCurr: cur, shippingMethodId: chosen._id, shippingAddress: { line1: '1 Rue', city: 'X', postalCode: '12345', ...s.dest.address } },
    });
    expect(r.status).toBe(201);
    for (const k of ['subTotalPrice', 'totalDiscount', 'totalPrice', 'shippingPrice', 'taxTotal', 'taxLines', 'pricesIncludeTax', 'shippingMethod', 'shippingCountry']) expect(r.body[k]).toEqual(preview.body[k]);
    // The lines' shares and shipping's make the summary.
    const lineTax = r.body.items.reduce((sum: number, i: any) => sum + minor(i.taxAmount), 0);
    expect(lineTax).toBeLessThanOrEqual(want.tax.taxTotal);
    expect(lineTax).toBe(want.tax.lines.reduce((a, b) => a + b, 0));
    expect((await t.call('GET', `/api/order/${r.body._id}`, { token: c.token })).body[0]).toEqual(r.body);

    // The e-mail: the order as answered, rendered with shipping and tax lines and the same total.
    const mail = await t.ctx.db.one<{ message: any }>(`SELECT message FROM mail_outbox WHERE idempotency_key = $1`, [`order-confirmation:${r.body._id}`]);
    expect(mail!.message.order).toEqual(r.body);
    const text = (await renderMail(mail!.message, shop)).text;
    const symbol = s.eur ? '€' : '$';
    expect(text).toContain(`Total: ${formatMoney(r.body.totalPrice, symbol)}`);
    expect(text).toContain(`Shipping (${chosen.name}): ${formatMoney(chosen.amount, symbol)}`);
    for (const l of r.body.taxLines.filter((x: any) => x.amount > 0)) expect(text).toContain(`${s.eur ? 'Including VAT' : 'Tax'} ${l.rate}%: ${formatMoney(l.amount, symbol)}`);

    // The CSV: every row of the order carries its totals, each line its tax.
    const [header, ...rows] = await csvOf();
    const mine = rows.filter((row) => row[0] === r.body.orderNumber);
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(mine).toHaveLength(r.body.items.length);
    for (const row of mine) {
      expect([col(row, 'Order total'), col(row, 'Shipping'), col(row, 'Tax'), col(row, 'Shipping method')]).toEqual([
        r.body.totalPrice.toFixed(2),
        r.body.shippingPrice.toFixed(2),
        r.body.taxTotal.toFixed(2),
        chosen.name,
      ]);
    }
    expect(mine.reduce((sum, row) => sum + minor(Number(col(row, 'Line tax'))), 0)).toBe(lineTax);
  }
});

test('free over is measured on the goods after discounts and the coupon, in the cart and at checkout alike', async () => {
  const coupon = await t.call('POST', '/api/coupons', { token: t.adminToken, body: { code: 'TENOFF', discountType: 'percentage', value: [{ currType: usd._id, amount: 10 }], active: true } });
  expect(coupon.status).toBe(201);
  const cloth = await t.product({ title: 'Polishing Cloth', basePrice: [{ currType: usd._id, amount: 0.51 }], weight: 5 });
  const c = await t.customer();
  // 99.99 + 98 × 0.51 = 149.97: just under Ground's 150 (no tax in the US outside NY).
  await addToCart(c.token, [{ product: ring, gold: false, quantity: 1 }, { product: cloth, gold: false, quantity: 98 }]);
  const ground = async (couponCode?: string) =>
    (await t.call('GET', `/api/shipping/methods?country=US&currency=${usd._id}${couponCode ? `&couponCode=${couponCode}` : ''}`, { token: c.token })).body.find((m: any) => m.name === 'Ground');
  const preview = async (couponCode?: string) =>
    (await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: usd._id, country: 'US', shippingMethodId: (await ground())._id, couponCode } })).body;
  expect(await ground()).toMatchObject({ amount: 8, free: false });
  expect((await preview()).shippingPrice).toBe(8);
  await addToCart(c.token, [{ product: cloth, gold: false, quantity: 1 }]); // 150.48
  expect(await ground()).toMatchObject({ amount: 0, free: true });
  expect((await preview()).shippingPrice).toBe(0);
  // The coupon brings the goods under 150 again (150.48 − 15.05 = 135.43): the cart and the checkout both say so.
  expect(await ground('TENOFF')).toMatchObject({ amount: 8, free: false });
  const p = await preview('TENOFF');
  expect([p.shippingPrice, p.totalPrice]).toEqual([8, 143.43]);
});

describe('a checkout whose method no longer applies is refused; the preview shows the new price', () => {
  const address = (country: string, countryCode?: string) => ({ line1: '1 Main St', city: 'Town', postalCode: '12345', country, countryCode });
  const place = (token: string, shippingMethodId: string | undefined, a: object, cur = eur._id) =>
    t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: cur, shippingMethodId, shippingAddress: a } });

  test('the address changed country', async () => {
    const c = await t.customer();
    await addToCart(c.token, [{ product: ring, gold: false, quantity: 1 }]);
    const euStandard = eu.methods?.[0]?._id ?? (await t.call('GET', '/api/shipping/zones', { token: t.adminToken })).body[0].methods[0]._id;
    const before = await t.fingerprint();
    const r = await place(c.token, euStandard, address('United States', 'US'), usd._id);
    expect(r.status).toBe(400);
    expect(r.body.fields.shippingMethodId).toMatch(/no longer applies/);
    expect(await t.fingerprint()).toBe(before);
    // The preview for the new country takes the cheapest method there, and says which.
    const p = (await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: usd._id, country: 'US', shippingMethodId: euStandard } })).body;
    expect(p.shippingMethod.name).toBe('Ground');
    expect(p.shippingPrice).toBe(8);
  });

  test('the method was deleted, or the cart grew past its last band', async () => {
    const c = await t.customer();
    await addToCart(c.token, [{ product: ring, gold: true, quantity: 3 }]); // 195 g
    const zones = (await t.call('GET', '/api/shipping/zones', { token: t.adminToken })).body;
    const express = zones.find((z: any) => z.name === 'Europe').methods.find((m: any) => m.name === 'Express');
    const options = (await t.call('GET', `/api/shipping/methods?country=DE&currency=${eur._id}`, { token: c.token })).body;
    expect(options.find((m: any) => m._id === express._id)).toMatchObject({ amount: 19.99, free: false });
    await addToCart(c.token, [{ product: ring, gold: true, quantity: 13 }]); // 1,040 g: past 1,000
    expect((await t.call('GET', `/api/shipping/methods?country=DE&currency=${eur._id}`, { token: c.token })).body.map((m: any) => m.name)).toEqual(['Standard']);
    const r = await place(c.token, express._id, address('Germany', 'DE'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('shippingMethodId');
    const gone = (await t.call('POST', '/api/shipping/methods', {
      token: t.adminToken,
      body: { zoneId: express.zoneId, name: 'Courier', estimate: 'today', type: 'flat', rates: [{ currType: eur._id, bands: [{ upTo: null, amount: 40 }] }] },
    })).body;
    expect((await t.call('DELETE', `/api/shipping/methods/${gone._id}`, { token: t.adminToken })).status).toBe(200);
    expect((await place(c.token, gone._id, address('Germany', 'DE'))).status).toBe(400);
    expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toHaveLength(1);
  });

  test('a country no zone covers: "We do not ship to {country} yet", nothing placed', async () => {
    const c = await t.customer();
    await addToCart(c.token, [{ product: ring, gold: false, quantity: 1 }]);
    const before = await t.fingerprint();
    expect((await place(c.token, undefined, address('Japan'))).body.message).toBe('We do not ship to Japan yet');
    expect((await place(c.token, undefined, address('Japon'))).body.message).toBe('We do not ship to Japan yet');
    expect((await place(c.token, undefined, address('Narnia'))).body.message).toBe('We do not ship to Narnia yet');
    const m = await t.call('GET', `/api/shipping/methods?country=JP&currency=${eur._id}`, { token: c.token });
    expect([m.status, m.body.message]).toEqual([400, 'We do not ship to Japan yet']);
    expect(await t.fingerprint()).toBe(before);
  });
});

test('an order keeps its tax lines: a later rate change never alters it', async () => {
  const c = await t.customer();
  await addToCart(c.token, [{ product: ring, gold: false, quantity: 1 }]);
  const r = await t.call('POST', '/api/order', {
    token: c.token,
    body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur._id, shippingAddress: { line1: '1 Str', city: 'Berlin', postalCode: '10115', country: 'Germany' } },
  });
  expect(r.status).toBe(201);
  // 89.90 + 9.90 shipping, 19 % inside: 99.80 × 19/119 = 15.93.
  expect(r.body).toMatchObject({ totalPrice: 99.8, shippingPrice: 9.9, taxTotal: 15.93, taxLines: [{ rate: 19, base: 83.87, amount: 15.93 }], pricesIncludeTax: true });
  expect(r.body.items[0]).toMatchObject({ taxClassName: 'Standard', taxRate: 19 });
  const stored = await t.ctx.db.one<any>(`SELECT shipping_method_name, shipping_country, shipping_price, tax_total, tax_lines, prices_include_tax FROM orders WHERE id = $1`, [r.body._id]);
  expect(stored).toMatchObject({ shipping_method_name: 'Standard', shipping_country: 'DE', shipping_price: 990, tax_total: 1593, prices_include_tax: true });
  expect(stored.tax_lines).toEqual([{ classId: classes.Standard, className: 'Standard', rate: 19, base: 8387, amount: 1593 }]);
  const de = (await t.call('GET', '/api/tax/rates?country=DE', { token: t.adminToken })).body.find((x: any) => x.className === 'Standard');
  expect((await t.call('PUT', `/api/tax/rates/${de._id}`, { token: t.adminToken, body: { classId: de.classId, country: 'DE', percent: 25 } })).status).toBe(200);
  expect((await t.call('GET', `/api/order/${r.body._id}`, { token: c.token })).body[0]).toEqual(r.body);
  await t.call('PUT', `/api/tax/rates/${de._id}`, { token: t.adminToken, body: { classId: de.classId, country: 'DE', percent: 19 } });
});

test('bad input: each a 400 naming its field, nothing stored', async () => {
  const admin = t.adminToken;
  const zone = eu._id;
  const before = await t.fingerprint();
  const cases: Array<[string, string, object, string]> = [
    ['POST', '/api/shipping/zones', { name: 'Nowhere', countries: ['XX'] }, 'countries'],
    ['POST', '/api/shipping/zones', { name: 'Twice', countries: ['FR', 'IT'] }, 'countries'],
    ['PUT', `/api/shipping/zones/${us._id}`, { name: 'United States', countries: ['US', 'DE'] }, 'countries'],
    ['POST', '/api/shipping/zones', { name: 'Lower', countries: ['it'] }, 'countries'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'Neg', estimate: '', type: 'flat', rates: [{ currType: usd._id, bands: [{ upTo: null, amount: -1 }] }] }, 'amount'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'NaN', estimate: '', type: 'flat', rates: [{ currType: usd._id, bands: [{ upTo: null, amount: 'ten' }] }] }, 'amount'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'Overlap', estimate: '', type: 'weight', rates: [{ currType: usd._id, bands: [{ upTo: 500, amount: 1 }, { upTo: 400, amount: 2 }] }] }, 'rates[0].bands'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'Gap', estimate: '', type: 'value', rates: [{ currType: usd._id, bands: [{ upTo: null, amount: 1 }, { upTo: 400, amount: 2 }] }] }, 'rates[0].bands'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'Flat2', estimate: '', type: 'flat', rates: [{ currType: usd._id, bands: [{ upTo: 10, amount: 1 }] }] }, 'rates[0].bands'],
    ['POST', '/api/shipping/methods', { zoneId: zone, name: 'Cur', estimate: '', type: 'flat', rates: [{ currType: us._id, bands: [{ upTo: null, amount: 1 }] }] }, 'rates[0].currType'],
    ['POST', '/api/shipping/methods', { zoneId: us.methods?.[0]?._id ?? ring._id, name: 'Zone', estimate: '', type: 'flat', rates: [{ currType: usd._id, bands: [{ upTo: null, amount: 1 }] }] }, 'zoneId'],
    ['POST', '/api/tax/rates', { classId: classes.Standard, country: 'IT', percent: 101 }, 'percent'],
    ['POST', '/api/tax/rates', { classId: classes.Standard, country: 'IT', percent: -2 }, 'percent'],
    ['POST', '/api/tax/rates', { classId: classes.Standard, country: 'XX', percent: 20 }, 'country'],
    ['POST', '/api/tax/rates', { classId: classes.Standard, country: 'DE', percent: 21 }, 'country'],
    ['POST', '/api/tax/rates', { classId: ring._id, country: 'IT', percent: 22 }, 'classId'],
    ['POST', '/api/tax/classes', { name: 'standard' }, 'name'],
    ['PUT', `/api/product/${ring._id}`, { weight: -1 }, 'weight'],
    ['PUT', `/api/product/${ring._id}`, { weight: 'heavy' }, 'weight'],
    ['PUT', `/api/product/${ring._id}`, { taxClassId: eu._id }, 'taxClassId'],
  ];
  const ground = (await t.call('GET', '/api/shipping/zones', { token: admin })).body.find((z: any) => z.name === 'United States').methods[0];
  cases.push(['PUT', `/api/shipping/methods/${ground._id}`, { ...ground, _id: undefined, zoneId: zone }, 'zoneId']);
  for (const [method, path, body, field] of cases) {
    const r = await t.call(method, path, { token: admin, body: JSON.parse(JSON.stringify(body)) });
    expect([path, field, r.status]).toEqual([path, field, 400]);
    expect(`${JSON.stringify(r.body.fields ?? {})} ${r.body.message}`).toContain(field);
  }
  expect(await t.fingerprint()).toBe(before);
});

test('50 checkouts at once with shipping and tax, some refused for stock: stock and totals stay right', async () => {
  const piece = await t.product({ title: 'Limited Pendant', basePrice: [{ currType: usd._id, amount: 33.33 }, { currType: eur._id, amount: 30.01 }], weight: 90 });
  const stock = await t.call('PUT', `/api/product/${piece._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 30 }] } });
  expect(stock.status).toBe(200);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => t.customer()));
  await Promise.all(buyers.map((b) => t.call('POST', '/api/cart', { token: b.token, body: { productId: piece._id, quantity: 1 } })));
  const answers = await Promise.all(
    buyers.map((b, i) =>
      t.call('POST', '/api/order', {
        token: b.token,
        body: {
          paymentMethod: 'Cash On Delivery',
          selectedCurr: i % 2 ? eur._id : usd._id,
          shippingAddress: i % 2 ? { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'France' } : { line1: '1 Ave', city: 'NYC', postalCode: '10001', country: 'US', state: 'NY' },
        },
      }),
    ),
  );
  const placed = answers.filter((a) => a.status === 201);
  expect(placed).toHaveLength(30);
  expect(answers.filter((a) => a.status === 409)).toHaveLength(20);
  // FR, euros with VAT inside: 30.01 + 9.90 = 39.91, 20 % inside: 6.65. NY, dollars: 33.33 + 8 = 41.33, 4 % added: 1.65.
  for (const a of placed) {
    if (a.body.currency.code === 'EUR') expect([a.body.totalPrice, a.body.taxTotal]).toEqual([39.91, 6.65]);
    else expect([a.body.totalPrice, a.body.taxTotal]).toEqual([42.98, 1.65]);
  }
  const db = await t.ctx.db.one<{ orders: number; sum: number; left: number }>(
    `SELECT (SELECT count(*)::int FROM order_items WHERE product_id = $1) AS orders,
            (SELECT sum(o.total)::bigint FROM orders o WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = $1)) AS sum,
            (SELECT quantity FROM stock_levels WHERE product_id = $1) AS left`,
    [piece._id],
  );
  expect(db).toEqual({ orders: 30, sum: placed.reduce((s, a) => s + minor(a.body.totalPrice), 0), left: 0 });
});

test("the dashboard's revenue shows goods, shipping and tax apart, summing to it", async () => {
  const r = await t.call('GET', '/api/report/insight?period=today', { token: t.adminToken });
  expect(r.status).toBe(200);
  const sums = await t.ctx.db.query<{ code: string; revenue: number; tax: number; shipping: number }>(
    `SELECT currency_code AS code, sum(total)::bigint AS revenue, sum(tax_total)::bigint AS tax,
            sum(shipping_price - CASE WHEN prices_include_tax THEN shipping_tax ELSE 0 END)::bigint AS shipping
       FROM orders WHERE status NOT IN ('cancelled', 'rejected') GROUP BY 1`,
  );
  expect(sums.length).toBe(2);
  for (const s of sums) {
    const c = r.body.currencies.find((x: any) => x.code === s.code).current;
    expect([minor(c.revenue), minor(c.tax), minor(c.shipping)]).toEqual([Number(s.revenue), Number(s.tax), Number(s.shipping)]);
    expect(minor(c.goods) + minor(c.shipping) + minor(c.tax)).toBe(minor(c.revenue));
    expect(c.tax).toBeGreaterThan(0);
    expect(c.shipping).toBeGreaterThan(0);
  }
});

test('every shipping and tax change is in the audit log, named, with who made it; a refused one leaves none', async () => {
  const entries = async (entity: string) => (await t.call('GET', `/api/audit-log?entity=${entity}&limit=50`, { token: t.adminToken })).body.items as Array<{ action: string; subject: string | null; before: any; after: any; actor: { _id: string } | null }>;
  const zone = (await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'Nordics', countries: ['SE', 'NO'] } })).body;
  await t.call('PUT', `/api/shipping/zones/${zone._id}`, { token: t.adminToken, body: { name: 'Nordics', countries: ['SE', 'NO', 'FI'] } });
  const method = (await t.call('POST', '/api/shipping/methods', { token: t.adminToken, body: { zoneId: zone._id, name: 'Nordic Post', estimate: '3-5 business days', type: 'flat', rates: [{ currType: usd._id, bands: [{ upTo: null, amount: 12 }] }] } })).body;
  const cls = (await t.call('POST', '/api/tax/classes', { token: t.adminToken, body: { name: 'Books' } })).body;
  const rate = (await t.call('POST', '/api/tax/rates', { token: t.adminToken, body: { classId: cls._id, country: 'SE', percent: 6 } })).body;
  await t.call('PUT', `/api/tax/rates/${rate._id}`, { token: t.adminToken, body: { classId: cls._id, country: 'SE', percent: 7 } });
  expect((await t.call('POST', '/api/shipping/zones', { token: t.adminToken, body: { name: 'Twice', countries: ['SE'] } })).status).toBe(400);
  await t.call('DELETE', `/api/shipping/methods/${method._id}`, { token: t.adminToken });

  const zones = await entries('shipping-zone');
  expect(zones.filter((e) => e.subject === 'Nordics' || e.after?.name === 'Nordics').map((e) => [e.action, e.before?.countries ?? null, e.after?.countries ?? null])).toEqual([
    ['update', ['NO', 'SE'], ['FI', 'NO', 'SE']],
    ['create', null, ['NO', 'SE']],
  ]);
  expect(zones.some((e) => e.after?.name === 'Twice')).toBe(false);
  expect((await entries('shipping-method')).filter((e) => (e.before ?? e.after)?.name === 'Nordic Post').map((e) => e.action)).toEqual(['delete', 'create']);
  expect((await entries('tax-class')).find((e) => e.after?.name === 'Books')?.action).toBe('create');
  const rates = (await entries('tax-rate')).filter((e) => (e.after ?? e.before)?.name === 'Books SE');
  expect(rates.map((e) => [e.action, e.before?.percent ?? null, e.after?.percent ?? null])).toEqual([
    ['update', 6, 7],
    ['create', null, 6],
  ]);
  expect(rates.every((e) => e.actor !== null)).toBe(true);
});

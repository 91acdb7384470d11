import fc from 'fast-check';
import { computeTotals, discountOff, isActive, unitPriceMinor } from './pricing';
import type { DiscountOut } from '../discounts/queries';

const C = 'usd';
const future = new Date(Date.now() + 86400000).toISOString();
const past = new Date(Date.now() - 86400000).toISOString();
const d = (discountType: 'fixed' | 'percentage', amount: number, timeLimit = future): DiscountOut => ({
  _id: Math.random().toString(),
  title: 't',
  discountType,
  timeLimit,
  value: [{ currType: C, amount }, { currType: 'eur', amount: 99 }],
});

describe('pricing (worked examples, minor units)', () => {
  test('no discounts: subtotal = Σ unit × quantity', () => {
    const t = computeTotals([{ unit: 1999, quantity: 2, discounts: [] }, { unit: 500, quantity: 1, discounts: [] }], [], C);
    expect(t).toMatchObject({ subTotal: 4498, productDiscount: 0, userDiscount: 0, totalDiscount: 0, total: 4498 });
  });

  test('fixed product discount is the amount per unit: $5 off × 3 units of $20 = $15', () => {
    const t = computeTotals([{ unit: 2000, quantity: 3, discounts: [d('fixed', 5)] }], [], C);
    expect(t).toMatchObject({ subTotal: 6000, productDiscount: 1500, total: 4500 });
  });

  test('percentage product discount is a share of the line total: 15% of 2 × $33.33 = $10.00 (9.999 rounded)', () => {
    const t = computeTotals([{ unit: 3333, quantity: 2, discounts: [d('percentage', 15)] }], [], C);
    expect(t.productDiscount).toBe(1000);
    expect(t.total).toBe(6666 - 1000);
  });

  test('expired discounts do not apply; a discount is active up to and including its timeLimit', () => {
    const t = computeTotals([{ unit: 1000, quantity: 1, discounts: [d('fixed', 5, past), d('percentage', 50, past)] }], [d('fixed', 1, past)], C);
    expect(t.total).toBe(1000);
    const now = new Date('2030-01-01T00:00:00Z');
    expect(isActive({ timeLimit: '2030-01-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isActive({ timeLimit: '2029-12-31T23:59:59.999Z' }, now)).toBe(false);
  });

  test('user discounts apply to the subtotal after product discounts', () => {
    // $100 line, 10% product discount → $90; user 10% of $90 = $9 and fixed $5 → total $76.
    const t = computeTotals([{ unit: 10000, quantity: 1, discounts: [d('percentage', 10)] }], [d('percentage', 10), d('fixed', 5)], C);
    expect(t).toMatchObject({ subTotal: 10000, productDiscount: 1000, userDiscount: 1400, totalDiscount: 2400, total: 7600 });
  });

  test('never below zero: a product discount is capped at its line, user discounts at the rest', () => {
    const t = computeTotals([{ unit: 300, quantity: 2, discounts: [d('fixed', 10)] }, { unit: 1000, quantity: 1, discounts: [] }], [d('fixed', 50)], C);
    expect(t.lines[0].discount).toBe(600);
    expect(t).toMatchObject({ subTotal: 1600, productDiscount: 600, userDiscount: 1000, totalDiscount: 1600, total: 0 });
  });

  test('the value of the selected currency is used; a missing currency counts as 0', () => {
    const disc = d('fixed', 5);
    expect(discountOff(disc, 10000, 1, 'eur')).toBe(9900);
    expect(discountOff(disc, 10000, 1, 'gbp')).toBe(0);
  });
});

describe('a missing price is never read as 0 (issue 16, finding 2)', () => {
  const CURRENCIES = ['usd', 'eur', 'gbp'];
  const prices = fc.subarray(CURRENCIES).chain((ids) => fc.tuple(...ids.map((id) => fc.record({ currType: fc.constant(id), amount: fc.integer({ min: 0, max: 100_000 }) }))));
  test('unitPriceMinor is null exactly when the base or a chosen option lacks the currency', () => {
    fc.assert(
      fc.property(prices, fc.array(fc.tuple(prices, fc.boolean()), { maxLength: 4 }), fc.constantFrom(...CURRENCIES), (basePrice, opts, currency) => {
        const options = opts.map(([incRate], i) => ({ _id: `o${i}`, name: `o${i}`, isActive: true, inStock: true, incRate }));
        const chosen = opts.flatMap(([, picked], i) => (picked ? [`o${i}`] : []));
        const product = { basePrice, variants: options.map((o, i) => ({ _id: `v${i}`, type: `v${i}`, options: [o] })) };
        const has = (list: Array<{ currType: string }>) => list.some((p) => p.currType === currency);
        const available = has(basePrice) && options.every((o) => !chosen.includes(o._id) || !o.incRate.length || has(o.incRate));
        const unit = unitPriceMinor(product, chosen, currency);
        expect(unit === null).toBe(!available);
        if (unit !== null) expect(unit).toBe(Math.round(basePrice.find((p) => p.currType === currency)!.amount * 100) + options.filter((o) => chosen.includes(o._id)).reduce((s, o) => s + Math.round((o.incRate.find((p) => p.currType === currency)?.amount ?? 0) * 100), 0));
      }),
      { seed: 16, numRuns: 2_000 },
    );
  });
});

import fc from 'fast-check';
import { computeTotals, discountOff, increaseMinor, isDiscountActive as isActive, unitPriceMinor } from './money';
import type { Discount } from './wire';

const C = 'usd';
const future = new Date(Date.now() + 86400000).toISOString();
const past = new Date(Date.now() - 86400000).toISOString();
const d = (discountType: 'fixed' | 'percentage', amount: number, timeLimit = future): Discount => ({
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
  // 0 often: an option that adds nothing anywhere is the one case a missing amount may count as 0.
  const amount = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 9_999.99, noNaN: true }).map((x) => Math.round(x * 100) / 100));
  const prices = fc.subarray(CURRENCIES).chain((ids) => fc.tuple(...ids.map((id) => fc.record({ currType: fc.constant(id), amount }))));
  const has = (list: Array<{ currType: string }>, currency: string) => list.some((p) => p.currType === currency);

  test('unitPriceMinor is null exactly when the base, or a chosen option that adds something somewhere, lacks the currency; else the sum of the amounts there', () => {
    fc.assert(
      fc.property(prices, fc.array(fc.tuple(prices, fc.boolean()), { maxLength: 4 }), fc.constantFrom(...CURRENCIES), (basePrice, opts, currency) => {
        const options = opts.map(([incRate], i) => ({ _id: `o${i}`, name: `o${i}`, isActive: true, inStock: true, incRate }));
        const chosen = options.filter((_, i) => opts[i][1]);
        const product = { basePrice, variants: options.map((o, i) => ({ _id: `v${i}`, type: `v${i}`, options: [o] })) };
        const addsNothing = (o: (typeof options)[number]) => o.incRate.every((p) => p.amount === 0);
        const available = has(basePrice, currency) && chosen.every((o) => has(o.incRate, currency) || addsNothing(o));
        const unit = unitPriceMinor(product, chosen.map((o) => o._id), currency);
        expect(unit === null).toBe(!available);
        if (unit === null) return;
        const minor = (list: Array<{ currType: string; amount: number }>) => Math.round((list.find((p) => p.currType === currency)?.amount ?? 0) * 100);
        expect(unit).toBe(minor(basePrice) + chosen.reduce((s, o) => s + minor(o.incRate), 0));
      }),
      { seed: 16, numRuns: 3_000 },
    );
  });

  test('a missing increase counts as nothing only for an option that adds nothing in every currency', () => {
    expect(increaseMinor({ incRate: [] }, 'eur')).toBe(0);
    expect(increaseMinor({ incRate: [{ currType: 'usd', amount: 0 }, { currType: 'gbp', amount: 0 }] }, 'eur')).toBe(0);
    expect(increaseMinor({ incRate: [{ currType: 'usd', amount: 40 }, { currType: 'gbp', amount: 0 }] }, 'eur')).toBeNull();
    expect(increaseMinor({ incRate: [{ currType: 'usd', amount: 40 }, { currType: 'eur', amount: 0 }] }, 'eur')).toBe(0);
    expect(increaseMinor({ incRate: [{ currType: 'eur', amount: 12.34 }] }, 'eur')).toBe(1234);
  });
});

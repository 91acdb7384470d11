import { applyDiscounts, discountedUnitPrice, increaseIn, isDiscountActive, priceIn, saleOf, saleTotals, shownPrice, sumIn, unitPriceOf } from './money';
import type { Discount, Price, Product } from './wire';

const USD = 'usd';
const EUR = 'eur';
const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

const discount = (discountType: Discount['discountType'], usd: number, timeLimit = future): Discount => ({
  _id: `${discountType}-${usd}`,
  title: 'Test',
  discountType,
  timeLimit,
  value: [{ currType: USD, amount: usd }, { currType: EUR, amount: usd / 2 }],
});

describe('money', () => {
  it('reads a price in one currency and nothing for a missing one', () => {
    expect(priceIn([{ currType: USD, amount: 10 }], USD)).toBe(10);
    expect(priceIn([{ currType: USD, amount: 10 }], EUR)).toBeUndefined();
  });

  it('adds each chosen option increase to the base price', () => {
    const product = {
      basePrice: [{ currType: USD, amount: 100.1 }],
      variants: [
        { _id: 'v1', type: 'Metal', options: [
          { _id: 'gold', name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: USD, amount: 20.2 }] },
          { _id: 'silver', name: 'Silver', isActive: true, inStock: true, incRate: [{ currType: USD, amount: 0 }] },
        ] },
        { _id: 'v2', type: 'Size', options: [{ _id: 'l', name: 'L', isActive: true, inStock: true, incRate: [{ currType: USD, amount: 0.1 }] }] },
      ],
    } as Pick<Product, 'basePrice' | 'variants'>;
    expect(unitPriceOf(product, ['gold', 'l'], USD)).toBe(120.4);
    expect(unitPriceOf(product, ['silver'], USD)).toBe(100.1);
    expect(unitPriceOf(product, ['gold'], EUR)).toBeUndefined();
  });

  it('an option priced in other currencies but not this one makes the price unavailable, as the server charges; one with no increase anywhere adds nothing', () => {
    const product = {
      basePrice: [{ currType: USD, amount: 100 }, { currType: EUR, amount: 90 }],
      variants: [
        { _id: 'v1', type: 'Metal', options: [{ _id: 'gold', name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: USD, amount: 40 }] }] },
        { _id: 'v2', type: 'Size', options: [{ _id: 's7', name: '7', isActive: true, inStock: true, incRate: [] }] },
      ],
    } as Pick<Product, 'basePrice' | 'variants'>;
    expect(unitPriceOf(product, ['gold', 's7'], USD)).toBe(140);
    expect(unitPriceOf(product, ['gold', 's7'], EUR)).toBeUndefined();
    expect(unitPriceOf(product, ['s7'], EUR)).toBe(90);
  });

  it('an option that adds nothing in every currency it names adds nothing in a currency added later; one that adds something there is not available', () => {
    expect(increaseIn({ incRate: [{ currType: USD, amount: 0 }] }, EUR)).toBe(0);
    expect(increaseIn({ incRate: [{ currType: USD, amount: 40 }, { currType: 'gbp', amount: 0 }] }, EUR)).toBeUndefined();
    expect(increaseIn({ incRate: [{ currType: USD, amount: 40 }, { currType: EUR, amount: 0 }] }, EUR)).toBe(0);
  });

  it('never prices a product from a missing amount (every base, option and currency combination)', () => {
    // Each currency's amount missing, 0 or not: every price list over USD and EUR.
    const lists = (amount: number): Price[][] =>
      [undefined, 0, amount].flatMap((usd) => [undefined, 0, amount].map((eur) => [[USD, usd], [EUR, eur]].flatMap(([currType, a]) => (a === undefined ? [] : [{ currType: currType as string, amount: a as number }]))));
    const has = (list: Price[], currency: string) => list.some((p) => p.currType === currency);
    let cases = 0;
    for (const basePrice of lists(10))
      for (const a of lists(5))
        for (const b of lists(2))
          for (const chosen of [[], ['a'], ['b'], ['a', 'b']])
            for (const currency of [USD, EUR]) {
              const options = [{ _id: 'a', incRate: a }, { _id: 'b', incRate: b }].map((o) => ({ ...o, name: o._id, isActive: true, inStock: true }));
              const product = { basePrice, variants: options.map((o) => ({ _id: `v${o._id}`, type: o._id, options: [o] })) };
              const picked = options.filter((o) => chosen.includes(o._id));
              const available = has(basePrice, currency) && picked.every((o) => has(o.incRate, currency) || o.incRate.every((p) => p.amount === 0));
              const unit = unitPriceOf(product, chosen, currency);
              expect(unit === undefined).toBe(!available);
              if (unit !== undefined) expect(unit).toBe([basePrice, ...picked.map((o) => o.incRate)].reduce((sum, list) => sum + (priceIn(list, currency) ?? 0), 0));
              cases += 1;
            }
    expect(cases).toBe(9 * 9 * 9 * 4 * 2);
  });

  it('applies a discount only until its time limit', () => {
    expect(isDiscountActive(discount('fixed', 5))).toBe(true);
    expect(isDiscountActive(discount('fixed', 5, past))).toBe(false);
    expect(discountedUnitPrice(50, [discount('fixed', 5, past)], USD)).toBe(50);
  });

  it('takes fixed amounts per unit and percentages of the line, never below zero', () => {
    expect(discountedUnitPrice(50, [discount('fixed', 5)], USD)).toBe(45);
    expect(discountedUnitPrice(50, [discount('percentage', 10)], USD)).toBe(45);
    expect(discountedUnitPrice(50, [discount('fixed', 80)], USD)).toBe(0);
    // currType may arrive as an object with _id
    expect(discountedUnitPrice(50, [discount('fixed', 5)], EUR)).toBe(47.5);
  });

  it('computes order totals: product discounts per line, then user discounts on the subtotal', () => {
    // 2 x 100 with 10% off (=20) and 1 x 50 with 5 off per unit (=5): subtotal 250, after products 225,
    // user 10% of 225 = 22.5, total 202.5.
    const totals = applyDiscounts(
      [
        { unitPrice: 100, quantity: 2, discounts: [discount('percentage', 10)] },
        { unitPrice: 50, quantity: 1, discounts: [discount('fixed', 5), discount('fixed', 99, past)] },
      ],
      [discount('percentage', 10)],
      USD,
    );
    expect(totals).toEqual({ subTotalPrice: 250, productDiscount: 25, userDiscount: 22.5, couponDiscount: 0, totalDiscount: 47.5, totalPrice: 202.5 });
  });

  it('takes a coupon last, on what the product and user discounts left (issue 22)', () => {
    const lines = [
      { unitPrice: 100, quantity: 2, discounts: [discount('percentage', 10)], productId: 'ring' },
      { unitPrice: 50, quantity: 1, discounts: [discount('fixed', 5)], productId: 'pendant' },
    ];
    // Whole cart, 15 %: 250 − 25 (products) = 225 − 22.5 (user 10 %) = 202.5; 15 % of it = 30.375 → 30.38; total 172.12.
    const whole = applyDiscounts(lines, [discount('percentage', 10)], USD, new Date(), { discountType: 'percentage', value: [{ currType: USD, amount: 15 }], products: [] });
    expect(whole).toEqual({ subTotalPrice: 250, productDiscount: 25, userDiscount: 22.5, couponDiscount: 30.38, totalDiscount: 77.88, totalPrice: 172.12 });
    // Only the pendant: its 45 after its discount, less its share of the user discount (22.5 × 45/225 = 4.5) = 40.5; 15 % = 6.075 → 6.08.
    const pendant = applyDiscounts(lines, [discount('percentage', 10)], USD, new Date(), { discountType: 'percentage', value: [{ currType: USD, amount: 15 }], products: ['pendant'] });
    expect(pendant.couponDiscount).toBe(6.08);
    expect(pendant.totalPrice).toBe(196.42);
    // A fixed code takes its amount once per order, never more than what it covers.
    const fixed = applyDiscounts(lines, [], USD, new Date(), { discountType: 'fixed', value: [{ currType: USD, amount: 60 }], products: ['pendant'] });
    expect(fixed.couponDiscount).toBe(45);
    expect(fixed.totalPrice).toBe(180);
  });

  it('never charges below zero', () => {
    const totals = applyDiscounts([{ unitPrice: 10, quantity: 1, discounts: [] }], [discount('fixed', 25)], USD);
    expect(totals.totalPrice).toBe(0);
    expect(totals.userDiscount).toBe(10);
  });

  it('sums amounts without floating-point drift', () => {
    expect(sumIn([[{ currType: USD, amount: 0.1 }], [{ currType: USD, amount: 0.2 }]], USD)).toBe(0.3);
  });

  it('a sum with a list that has no amount in the currency is unavailable, never a partial sum', () => {
    expect(sumIn([[{ currType: USD, amount: 5 }], [{ currType: EUR, amount: 2 }]], USD)).toBeUndefined();
    expect(sumIn([], USD)).toBe(0);
  });
});

// Issue 22: every place a piece is shown prices it as checkout charges it.
describe('sale prices', () => {
  const product = {
    basePrice: [{ currType: USD, amount: 100 }],
    variants: [{ _id: 'v', type: 'Metal', options: [{ _id: 'gold', name: 'Gold', isActive: true, inStock: true, incRate: [{ currType: USD, amount: 5 }] }] }],
    discounts: [discount('fixed', 30)],
  };

  it('prices base plus option increases, then the running discounts', () => {
    expect(shownPrice(product, ['gold'], USD)).toEqual({ original: 105, final: 75, discounted: true });
    expect(shownPrice({ ...product, discounts: [discount('fixed', 30, past)] }, [], USD)).toEqual({ original: 100, final: 100, discounted: false });
    expect(shownPrice(product, [], 'unknown')).toBeUndefined();
    expect(shownPrice(product, [], undefined)).toBeUndefined();
    expect(saleOf(89, [discount('percentage', 15)], USD)).toEqual({ original: 89, final: 75.65, discounted: true });
  });

  it("takes line totals and the subtotal after product discounts only, as checkout's lines do", () => {
    const lines = [
      { unitPrice: 89, quantity: 2, discounts: [discount('percentage', 15)] },
      { unitPrice: 40, quantity: 1, discounts: [] },
    ];
    expect(saleTotals(lines, USD)).toEqual({ lines: [151.3, 40], subtotal: 191.3 });
    const charged = applyDiscounts(lines, [discount('percentage', 10)], USD);
    expect(saleTotals(lines, USD).subtotal).toBe(charged.subTotalPrice - charged.productDiscount);
  });

  it('a line with no price in the currency has no total, and the cart none either: never a partial sum', () => {
    expect(saleTotals([{ unitPrice: undefined, quantity: 1, discounts: [] }, { unitPrice: 40, quantity: 2, discounts: [discount('fixed', 5)] }], USD)).toEqual({ lines: [undefined, 70], subtotal: undefined });
    expect(saleTotals([], USD)).toEqual({ lines: [], subtotal: 0 });
  });
});

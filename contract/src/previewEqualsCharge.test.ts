import fc from 'fast-check';
import { applyDiscounts, computeTotals, fromMinor, priceIn, unitPriceMinor, unitPriceOf } from './money';
import type { Currency, Discount, Price, Product } from './wire';

// The browser previews with amounts as the API sends them (2-decimal numbers); the server charges in minor units from what it stores. Both go through the
// contract's one implementation: over thousands of random carts, discounts and currencies, the preview
// is the charge to the cent.
const CURRENCIES: Currency[] = [
  { _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' },
  { _id: 'eur', name: 'Euro', code: 'EUR', symbol: '€' },
  { _id: 'jpy', name: 'Yen', code: 'JPY', symbol: '¥' },
];
const NOW = new Date('2030-06-01T12:00:00Z');

const cents = fc.integer({ min: 0, max: 2_000_000 }).map((minor) => minor / 100);
const prices = fc.subarray(CURRENCIES).chain((cs) => fc.tuple(...cs.map((c) => fc.record({ currType: fc.constant(c._id), amount: cents }))));
const discount = fc.record({
  _id: fc.uuid(),
  title: fc.constant('d'),
  discountType: fc.constantFrom<'fixed' | 'percentage'>('fixed', 'percentage'),
  // Up to a minute either side of now: active, expired, and the boundary itself.
  timeLimit: fc.integer({ min: -60_000, max: 60_000 }).map((ms) => new Date(NOW.getTime() + ms).toISOString()),
  // A percentage may carry decimals (12.5 %, or 15.555 % as typed): both sides must read it alike.
  value: fc.tuple(...CURRENCIES.map((c) => fc.record({ currType: fc.constant(c._id), amount: fc.oneof(cents, fc.double({ min: 0, max: 100, noNaN: true })) }))),
}) as fc.Arbitrary<Discount>;
const product = fc.record({
  basePrice: prices,
  variants: fc.array(fc.array(prices, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
  discounts: fc.array(discount, { maxLength: 3 }),
});
const cartLine = fc.record({ product, quantity: fc.integer({ min: 1, max: 20 }), pick: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }) });
// Issue 22: a coupon, fixed or percentage, for the whole cart or for some of its lines (by index), or none.
const coupon = fc.option(
  fc.record({
    discountType: fc.constantFrom<'fixed' | 'percentage'>('fixed', 'percentage'),
    value: fc.tuple(...CURRENCIES.map((c) => fc.record({ currType: fc.constant(c._id), amount: fc.oneof(cents, fc.double({ min: 0, max: 100, noNaN: true })) }))),
    lines: fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
  }),
);

test('the checkout preview equals the charge, to the cent, for any cart, discounts and currency', () => {
  fc.assert(
    fc.property(fc.array(cartLine, { minLength: 1, maxLength: 6 }), fc.array(discount, { maxLength: 3 }), fc.constantFrom(...CURRENCIES), coupon, (lines, userDiscounts, currency, c) => {
      const rule = c && { discountType: c.discountType, value: c.value, products: c.lines.map((i) => `p${i}`) };
      const built = lines.map(({ product: p, quantity, pick }) => {
        const variants = p.variants.map((opts, v) => ({ _id: `v${v}`, type: `V${v}`, options: opts.map((incRate, o) => ({ _id: `v${v}o${o}`, name: `O${o}`, isActive: true, inStock: true, incRate })) }));
        const chosen = variants.map((v, i) => v.options[pick[i] % v.options.length]._id);
        const shaped: Pick<Product, 'basePrice' | 'variants'> = { basePrice: p.basePrice, variants };
        return { shaped, chosen, quantity, discounts: p.discounts };
      });
      // The server: minor units from the stored product; a line with no price in the currency is refused.
      const units = built.map((l) => unitPriceMinor(l.shaped, l.chosen, currency._id));
      if (units.some((u) => u === null)) {
        // The browser says 'Not Available' for the same line, never a price.
        expect(built.some((l) => unitPriceOf(l.shaped, l.chosen, currency._id) === undefined)).toBe(true);
        return;
      }
      const charged = computeTotals(
        built.map((l, i) => ({ unit: units[i]!, quantity: l.quantity, discounts: l.discounts, productId: `p${i}` })),
        userDiscounts,
        currency._id,
        NOW,
        rule,
      );
      // The browser: the cart's unit price list as the API sends it (amounts).
      const unitPriceList = (i: number): Price[] => [{ currType: currency._id, amount: fromMinor(units[i]!) }];
      const preview = applyDiscounts(
        built.map((l, i) => ({ unitPrice: priceIn(unitPriceList(i), currency._id)!, quantity: l.quantity, discounts: l.discounts, productId: `p${i}` })),
        userDiscounts,
        currency._id,
        NOW,
        rule,
      );
      expect(preview).toEqual({
        subTotalPrice: fromMinor(charged.subTotal),
        productDiscount: fromMinor(charged.productDiscount),
        userDiscount: fromMinor(charged.userDiscount),
        couponDiscount: fromMinor(charged.couponDiscount),
        totalDiscount: fromMinor(charged.totalDiscount),
        totalPrice: fromMinor(charged.total),
      });
      expect(preview.totalPrice).toBeGreaterThanOrEqual(0);
      // The coupon comes last: never more than what the discounts left, and the parts add up.
      expect(charged.couponDiscount).toBeLessThanOrEqual(charged.subTotal - charged.productDiscount - charged.userDiscount);
      expect(charged.total).toBe(charged.subTotal - charged.totalDiscount);
      expect(built.map((l) => unitPriceOf(l.shaped, l.chosen, currency._id))).toEqual(units.map((u) => fromMinor(u!)));
    }),
    { seed: 21, numRuns: 5_000 },
  );
});

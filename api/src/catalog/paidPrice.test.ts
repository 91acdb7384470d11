// Issue 38: "Price (Low – High)" orders by what the shopper pays in the chosen currency, the running
// sales taken off, and the catalogue's memory (facets.ts) gives the very order the database does. A
// property: for any products (prices in some currencies, none in others, equal ones), any sales
// (fixed or a percentage, running or ended, several on a product), both orders are the contract's.
import fc from 'fast-check';
import { discountedUnitPrice, type DiscountRule } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';
import { FacetIndex, type FacetSearch } from './memory/facets';
import { facetLists } from './memory/queries';
import { searchProductIds } from './storefront/queries';

let t: TestApp;
let currencies: string[];

beforeAll(async () => {
  t = await startTestApp();
  currencies = [(await t.currency('USD', '$'))._id, (await t.currency('EUR', '€'))._id];
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const sale = fc.record({
  discountType: fc.constantFrom('fixed' as const, 'percentage' as const),
  // Cents for a fixed value, a percent (to two decimals) for a percentage.
  cents: fc.integer({ min: 1, max: 9000 }),
  running: fc.boolean(),
});
const jewel = fc.record({
  // Per currency a price in cents (null: none there); few distinct ones, so equal prices happen.
  prices: fc.tuple(fc.option(fc.constantFrom(0, 1000, 1999, 2500, 7500, 8500, 12345), { nil: null }), fc.option(fc.integer({ min: 0, max: 20000 }), { nil: null })),
  sales: fc.uniqueArray(fc.nat(3), { maxLength: 2 }),
});

/** The contract's order: by the price paid (discountedUnitPrice), unpriced first, ties newest first. */
function expected(newest: string[], paid: Map<string, number | undefined>, up: boolean): string[] {
  const rank = new Map(newest.map((id, i) => [id, i]));
  const key = (id: string) => paid.get(id) ?? -1;
  return [...newest].sort((a, b) => (up ? key(a) - key(b) : key(b) - key(a)) || rank.get(a)! - rank.get(b)!);
}

test('price sorts follow the price paid, the same in SQL, in memory and in the contract', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(sale, { minLength: 4, maxLength: 4 }), fc.array(jewel, { minLength: 1, maxLength: 7 }), async (sales, jewels) => {
      await t.ctx.db.query('DELETE FROM products');
      await t.ctx.db.query('DELETE FROM discounts');
      const now = Date.now();
      const rules: DiscountRule[] = [];
      const ids: string[] = [];
      for (const [i, s] of sales.entries()) {
        const timeLimit = new Date(now + (s.running ? 24 * HOUR : -HOUR)).toISOString();
        const value = currencies.map((currType) => ({ currType, amount: s.cents / 100 }));
        ids.push((await t.discount({ title: `Sale ${i}`, discountType: s.discountType, timeLimit, value }))._id);
        rules.push({ discountType: s.discountType, timeLimit, value });
      }
      const made: Array<{ id: string; prices: Array<number | null>; rules: DiscountRule[] }> = [];
      for (const [i, j] of jewels.entries()) {
        const basePrice = currencies.flatMap((currType, c) => (j.prices[c] === null ? [] : [{ currType, amount: j.prices[c]! / 100 }]));
        const p = await t.product({ title: `Jewel ${i}`, basePrice, discounts: j.sales.map((s) => ids[s]) });
        made.push({ id: p._id, prices: j.prices, rules: j.sales.map((s) => rules[s]) });
      }
      const newest = (await t.ctx.db.query<{ id: string }>('SELECT id FROM products ORDER BY created_at DESC, id')).map((r) => r.id);
      const index = await FacetIndex.fromLists(await facetLists(t.ctx.db));
      for (const [c, currencyId] of currencies.entries()) {
        const paid = new Map(made.map((m) => [m.id, m.prices[c] === null ? undefined : Math.round(discountedUnitPrice(m.prices[c]! / 100, m.rules, currencyId) * 100)]));
        for (const sortBy of ['basePrice', '-basePrice']) {
          const f: FacetSearch = { currencyId, optionGroups: [], sortBy, limit: 50, offset: 0 };
          const want = expected(newest, paid, sortBy === 'basePrice');
          const sql = await searchProductIds(t.ctx.db, f);
          expect([sortBy, sql.ids]).toEqual([sortBy, want]);
          expect([sortBy, index.search(f)?.ids]).toEqual([sortBy, want]);
          // A page further on is the same order's.
          const second = { ...f, limit: 2, offset: 1 };
          expect((await searchProductIds(t.ctx.db, second)).ids).toEqual(want.slice(1, 3));
          expect(index.search(second)?.ids).toEqual(want.slice(1, 3));
        }
      }
    }),
    { numRuns: 25 },
  );
});

test("the issue's own list: $75.00, a $89.00 piece at 15 % off ($75.65), $67.15 on sale from $79.00, $85.00 go 67.15, 75.00, 75.65, 85.00", async () => {
  await t.ctx.db.query('DELETE FROM products');
  await t.ctx.db.query('DELETE FROM discounts');
  const [usd] = currencies;
  const timeLimit = new Date(Date.now() + 24 * HOUR).toISOString();
  const fifteen = (await t.discount({ title: '15 off', discountType: 'percentage', timeLimit, value: [{ currType: usd, amount: 15 }] }))._id;
  const a = await t.product({ title: 'Seventy-five', basePrice: [{ currType: usd, amount: 75 }] });
  const b = await t.product({ title: 'Pearl Pendant', basePrice: [{ currType: usd, amount: 89 }], discounts: [fifteen] });
  const c = await t.product({ title: 'Sixty-seven', basePrice: [{ currType: usd, amount: 79 }], discounts: [fifteen] });
  const d = await t.product({ title: 'Eighty-five', basePrice: [{ currType: usd, amount: 85 }] });
  const f: FacetSearch = { currencyId: usd, optionGroups: [], sortBy: 'basePrice', limit: 10, offset: 0 };
  expect((await searchProductIds(t.ctx.db, f)).ids).toEqual([c._id, a._id, b._id, d._id]);
  const index = await FacetIndex.fromLists(await facetLists(t.ctx.db));
  expect(index.search(f)?.ids).toEqual([c._id, a._id, b._id, d._id]);
  // Once a sale ends, the kept order is no longer right: the memory leaves the answer to the database.
  const ended = new FacetIndex(Buffer.alloc(0), new Map(), new Map(), new Map(), Date.now() - 1);
  expect(ended.search(f)).toBeNull();
  expect(ended.search({ ...f, sortBy: '-createdAt' })).not.toBeNull();
});

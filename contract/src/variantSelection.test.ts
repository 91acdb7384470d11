import { defaultSelection, selectedOptions, soldOutOptions } from './variantSelection';
import type { Product, VariantOption } from './wire';

const USD = 'usd';
const EUR = 'eur';
const option = (id: string, isActive = true, inStock = true, incRate = [{ currType: USD, amount: 5 }]): VariantOption => ({ _id: id, name: id, isActive, inStock, incRate });
const product = (variants: Product['variants'], stock?: Product['stock']) => ({ variants, trackInventory: stock !== undefined, stock });

// Moved from the catalog (issue 22): the wishlist's 'Add to cart' defaults the same way.
describe('variant selection', () => {
  it('defaults to the first option, skipping ones that cannot be chosen, and keeps variant order', () => {
    const p = product([
      { _id: 'a', type: 'A', options: [option('a1'), option('a2')] },
      { _id: 'b', type: 'B', options: [option('b1', false), option('b2', true, false), option('b3')] },
      { _id: 'c', type: 'C', options: [option('c1', false)] },
      { _id: 'd', type: 'D', options: [] },
    ]);
    const selection = defaultSelection(p);
    expect(selection).toEqual({ a: 'a1', b: 'b3', c: 'c1' });
    expect(selectedOptions(p, selection)).toEqual([
      { variantId: 'a', optionId: 'a1' },
      { variantId: 'b', optionId: 'b3' },
      { variantId: 'c', optionId: 'c1' },
    ]);
  });

  it('skips an option with no price in the currency, and one whose every combination is sold out', () => {
    const metal = { _id: 'm', type: 'Metal', options: [option('gold', true, true, [{ currType: USD, amount: 40 }]), option('silver', true, true, [])] };
    expect(defaultSelection(product([metal]), EUR)).toEqual({ m: 'silver' });
    expect(defaultSelection(product([metal]), USD)).toEqual({ m: 'gold' });
    const tracked = product([metal], [{ options: ['gold'], quantity: 0 }, { options: ['silver'], quantity: 2 }]);
    expect([...soldOutOptions(tracked)]).toEqual(['gold']);
    expect(defaultSelection(tracked, USD)).toEqual({ m: 'silver' });
  });
});

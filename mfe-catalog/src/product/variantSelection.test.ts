import { defaultSelection, selectedOptions } from './variantSelection';
import { isNewProduct, shownPrice } from '../products/pricing';
import { USD, product } from '../test/fixtures';

const option = (id: string, isActive = true, inStock = true) => ({ _id: id, name: id, isActive, inStock, incRate: [{ currType: USD._id, amount: 5 }] });

describe('variant and price logic', () => {
  it('defaults to the first option, skipping ones that cannot be chosen, and keeps variant order', () => {
    const p = product({
      variants: [
        { _id: 'a', type: 'A', options: [option('a1'), option('a2')] },
        { _id: 'b', type: 'B', options: [option('b1', false), option('b2', true, false), option('b3')] },
        { _id: 'c', type: 'C', options: [option('c1', false)] },
        { _id: 'd', type: 'D', options: [] },
      ],
    });
    const selection = defaultSelection(p);
    expect(selection).toEqual({ a: 'a1', b: 'b3', c: 'c1' });
    expect(selectedOptions(p, selection)).toEqual([
      { variantId: 'a', optionId: 'a1' },
      { variantId: 'b', optionId: 'b3' },
      { variantId: 'c', optionId: 'c1' },
    ]);
  });

  it('prices base plus option increases, then the running discounts', () => {
    const p = product({
      variants: [{ _id: 'a', type: 'A', options: [option('a1'), option('a2')] }],
      discounts: [{ _id: 'd', title: 'd', discountType: 'fixed', timeLimit: new Date(Date.now() + 60_000).toISOString(), value: [{ currType: USD._id, amount: 30 }] }],
    });
    expect(shownPrice(p, ['a2'], USD._id)).toEqual({ original: 105, final: 75, discounted: true });
    expect(shownPrice({ ...p, discounts: [] }, [], USD._id)).toEqual({ original: 100, final: 100, discounted: false });
    expect(shownPrice(p, [], 'unknown')).toBeUndefined();
    expect(shownPrice(p, [], undefined)).toBeUndefined();
  });

  it('knows the New badge by a tag equal to "new" ignoring case', () => {
    expect(isNewProduct({ tags: ['sale', 'NeW'] })).toBe(true);
    expect(isNewProduct({ tags: ['newest'] })).toBe(false);
  });
});

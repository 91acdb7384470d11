import { linePhoto, photosOf } from './optionPhotos';
import type { Product, VariantOption } from './wire';

const option = (id: string, imageUrls?: string[]): VariantOption => ({ _id: id, name: id, isActive: true, inStock: true, incRate: [], imageUrls });
const product: Pick<Product, 'imageUrls' | 'variants'> = {
  imageUrls: ['side.jpg', 'gold.jpg', 'silver.jpg', 'size6.jpg'],
  variants: [
    { _id: 'size', type: 'Size', options: [option('5'), option('6', ['size6.jpg'])] },
    { _id: 'metal', type: 'Metal', options: [option('gold', ['gold.jpg', 'side.jpg']), option('silver', ['silver.jpg', 'gone.jpg']), option('rose')] },
  ],
};

describe('photosOf (issue 22)', () => {
  it("answers the chosen options' photos in variant order, each once, skipping those no longer the product's", () => {
    expect(photosOf(product, ['5', 'gold'])).toEqual(['gold.jpg', 'side.jpg']);
    expect(photosOf(product, ['gold', '6'])).toEqual(['size6.jpg', 'gold.jpg', 'side.jpg']);
    expect(photosOf(product, ['silver'])).toEqual(['silver.jpg']);
  });

  it('puts the variants named first ahead (the one the shopper chose last)', () => {
    expect(photosOf(product, ['6', 'gold'], ['metal'])).toEqual(['gold.jpg', 'side.jpg', 'size6.jpg']);
  });

  it("answers the product's photos when no chosen option has any (or none is chosen)", () => {
    expect(photosOf(product, ['5', 'rose'])).toBe(product.imageUrls);
    expect(photosOf(product, [])).toBe(product.imageUrls);
    expect(photosOf({ imageUrls: [], variants: [] }, [])).toEqual([]);
  });

  it("a line's photo is the first of them, or null", () => {
    expect(linePhoto(product, ['silver', '5'])).toBe('silver.jpg');
    expect(linePhoto(product, ['rose'])).toBe('side.jpg');
    expect(linePhoto({ imageUrls: [], variants: [] }, [])).toBeNull();
  });
});

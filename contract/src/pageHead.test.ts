import { headIn, NOT_FOUND_HEAD, PAGE_HEADS, pageTitle, productHead, SHOP_DESCRIPTION, SHOP_DESCRIPTIONS, shopHead, summary } from './pageHead';
import type { PageHead } from './pageHead';

describe("a page's head, as the server writes it and the browser sets it", () => {
  it('titles a page with its name and the shop', () => {
    expect(pageTitle('Emerald Cut Halo Pendant')).toBe('Emerald Cut Halo Pendant — Aurelia Jewels');
    expect(pageTitle(NOT_FOUND_HEAD.title)).toBe('Page not found — Aurelia Jewels');
    expect(pageTitle()).toBe('Aurelia Jewels');
  });

  it("describes a product by its description on one line, cut at a word past 155 characters; the shop's without one", () => {
    expect(productHead({ title: 'Ring', description: '  A slim\n band. ' })).toEqual({ title: 'Ring', description: 'A slim band.' });
    expect(productHead({ title: 'Ring', description: ' ' }).description).toBe(SHOP_DESCRIPTION);
    const long = summary('word '.repeat(60));
    expect([long.length <= 155, long.endsWith('word…')]).toEqual([true, true]);
  });

  it("names the shop's keyword; a search without one is the shop", () => {
    expect(shopHead(' ring ').title).toBe('Shop: “ring”');
    expect(shopHead('')).toBe(PAGE_HEADS['catalog/ShopPage']);
  });
});

// Issue 37: every page's head has its French, the server's and the browser's alike (headIn).
describe('heads in French', () => {
  it("each page's own head, and the 404's, has a French title and its noindex; other heads are left as they are", () => {
    for (const head of [...Object.values(PAGE_HEADS), NOT_FOUND_HEAD] as PageHead[]) {
      const fr = headIn(head, 'fr');
      expect(fr).not.toBe(head);
      expect(fr.title).not.toBe(head.title);
      expect(Boolean(fr.noindex)).toBe(Boolean(head.noindex));
      expect(headIn(head, 'en')).toBe(head);
    }
    const product = productHead({ title: 'Bague', description: '' }, 'fr');
    expect(headIn(product, 'fr')).toBe(product);
    expect(product.description).toBe(SHOP_DESCRIPTIONS.fr);
  });

  it('a search names its keyword the French way', () => {
    expect(shopHead(' bague ', 'fr').title).toBe('Boutique : « bague »');
    expect(shopHead('', 'fr')).toBe(headIn(PAGE_HEADS['catalog/ShopPage'], 'fr'));
  });
});

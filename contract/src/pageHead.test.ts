import { NOT_FOUND_HEAD, PAGE_HEADS, pageTitle, productHead, SHOP_DESCRIPTION, shopHead, summary } from './pageHead';

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

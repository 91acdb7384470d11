import { nextShopQuery, parseShopQuery, productFilterRequest, shopSearchParams } from './shopQuery';
import { priceFromText } from './MobileModals';

describe('shop list state in the URL', () => {
  it('reads every part of the list state and falls back to defaults for nonsense', () => {
    expect(parseShopQuery(new URLSearchParams('que=ring&page=3&sort=-basePrice&options=a,b&min=10&max=200&available=1&sale=1&rated=1&view=list'))).toEqual({
      que: 'ring', page: 3, sort: '-basePrice', options: ['a', 'b'], min: 10, max: 200, available: true, sale: true, topRated: true, view: 'list',
    });
    expect(parseShopQuery(new URLSearchParams('page=-2&sort=price&min=abc&available=yes&sale=true&rated=yes&view=table'))).toEqual({
      que: '', page: 1, sort: '', options: [], min: undefined, max: undefined, available: false, sale: false, topRated: false, view: 'grid',
    });
  });

  it('writes only what differs from the defaults and round-trips', () => {
    const query = parseShopQuery(new URLSearchParams('que=gold hoops&options=x&max=50'));
    expect(shopSearchParams(query).toString()).toBe('que=gold+hoops&options=x&max=50');
    expect(parseShopQuery(shopSearchParams(query))).toEqual(query);
    expect(shopSearchParams(parseShopQuery(new URLSearchParams(''))).toString()).toBe('');
  });

  it('goes back to page 1 when the keyword, sort, filters or price change, but not for the view', () => {
    const on3 = parseShopQuery(new URLSearchParams('page=3'));
    expect(nextShopQuery(on3, { sort: 'title' }).page).toBe(1);
    expect(nextShopQuery(on3, { options: ['a'] }).page).toBe(1);
    expect(nextShopQuery(on3, { min: 5, max: 9 }).page).toBe(1);
    expect(nextShopQuery(on3, { que: 'x' }).page).toBe(1);
    expect(nextShopQuery(on3, { available: true }).page).toBe(1);
    expect(nextShopQuery(on3, { sale: true }).page).toBe(1);
    expect(nextShopQuery(on3, { topRated: true }).page).toBe(1);
    expect(nextShopQuery(on3, { view: 'list' }).page).toBe(3);
    expect(nextShopQuery(on3, { page: 4 }).page).toBe(4);
  });

  it('sorts by rating and keeps to 4 stars and up (issue 41)', () => {
    expect(productFilterRequest(parseShopQuery(new URLSearchParams('sort=-rating&rated=1')), 'cur-1').body).toMatchObject({ sortBy: '-rating', minRating: 4 });
    expect(shopSearchParams(parseShopQuery(new URLSearchParams('sort=-rating&rated=1'))).toString()).toBe('sort=-rating&rated=1');
  });

  it('builds the SPEC §7 call: keyword in the query string, sort, currency, options and price in the body', () => {
    const query = parseShopQuery(new URLSearchParams('que=ring&page=2&sort=title&options=a,b&min=10&max=200'));
    expect(productFilterRequest(query, 'cur-1')).toEqual({
      url: '/product/filter?limit=12&page=2&keyword=ring',
      body: { sortBy: 'title', selectedCurr: 'cur-1', filterOptions: ['a', 'b'], basePrice: { gte: 10, lte: 200 } },
    });
    expect(productFilterRequest(parseShopQuery(new URLSearchParams('')), 'cur-1')).toEqual({
      url: '/product/filter?limit=12&page=1',
      body: { sortBy: '-createdAt', selectedCurr: 'cur-1', filterOptions: [], basePrice: {} },
    });
    // 'In stock only' (issue 17): available: true in the body, only when asked.
    expect(productFilterRequest(parseShopQuery(new URLSearchParams('available=1')), 'cur-1').body).toEqual({
      sortBy: '-createdAt', selectedCurr: 'cur-1', filterOptions: [], basePrice: {}, available: true,
    });
    // Issue 20: 'On sale' is onSale: true; 'Default sorting' with a keyword is relevance, without one newest first.
    expect(productFilterRequest(parseShopQuery(new URLSearchParams('que=ring&sale=1')), 'cur-1').body).toEqual({
      sortBy: 'relevance', selectedCurr: 'cur-1', filterOptions: [], basePrice: {}, onSale: true,
    });
    expect(shopSearchParams(parseShopQuery(new URLSearchParams('sale=1&que=ring'))).toString()).toBe('que=ring&sale=1');
  });

  it('turns the free-text Min/Max into numbers on Apply', () => {
    expect(priceFromText(' 1,250.5 ')).toBe(1250.5);
    expect(priceFromText('')).toBeUndefined();
    expect(priceFromText('abc')).toBeUndefined();
    expect(priceFromText('-3')).toBeUndefined();
  });
});

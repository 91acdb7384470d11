import { api, ApiCallError, currenciesAtom, sessionAtom, shopStore, signedOutSession, type ApiResponse, type CartItem, type Currency, type Discount, type WishlistItem } from '@shop/shared';
import { cart } from '../cart/cartState';
import { wishlist } from '../wishlist/wishlistState';
import { stopShopSync } from '../state/sessionSync';
import { forgetCoupon } from '../coupon/couponState';

export const EUR: Currency = { _id: 'cur-eur', name: 'Euro', code: 'EUR', symbol: '€' };
export const USD: Currency = { _id: 'cur-usd', name: 'US Dollar', code: 'USD', symbol: '$' };

const price = (eur: number, usd: number) => [
  { currType: EUR._id, amount: eur },
  { currType: USD._id, amount: usd },
];

export function cartItem(id: string, title: string, quantity: number, unit: { eur: number; usd: number }, options: string[] = [], availableQuantity: number | null = null): CartItem {
  return {
    _id: id,
    product: { _id: `p-${id}`, title, slug: title.toLowerCase().replace(/\s+/g, '-'), imageUrls: [`uploads/${id}.jpg`], discounts: [] },
    options: options.map((name, i) => ({ variantType: `Variant ${i}`, selectedOption: { _id: `o-${name}`, name } })),
    quantity,
    unitPrice: price(unit.eur, unit.usd),
    totalPrice: price(Math.round(unit.eur * quantity * 100) / 100, Math.round(unit.usd * quantity * 100) / 100),
    availableQuantity,
  };
}

/** A running percentage discount of the same percent in every currency (e.g. 15: 89.00 sells for 75.65). */
export const percentOff = (percent: number): Discount => ({
  _id: `sale-${percent}`,
  title: `${percent} % off`,
  discountType: 'percentage',
  timeLimit: new Date(Date.now() + 86_400_000).toISOString(),
  value: [
    { currType: EUR._id, amount: percent },
    { currType: USD._id, amount: percent },
  ],
});

/** A cart line whose product has these running discounts. */
export const onSale = (item: CartItem, ...discounts: Discount[]): CartItem => ({ ...item, product: { ...item.product, discounts } });

/** A cart line as the server sends it when its product has a price in one currency only: the others are left out. */
export const pricedOnlyIn = (item: CartItem, currencyId: string): CartItem => ({
  ...item,
  unitPrice: item.unitPrice.filter((p) => p.currType === currencyId),
  totalPrice: item.totalPrice.filter((p) => p.currType === currencyId),
});

/** A wishlist item with no discounts and no variants, untracked (always available) unless told otherwise. */
export function wishlistItem(id: string, title: string, basePrice: Array<{ currType: string; amount: number }>, more: Partial<WishlistItem> = {}): WishlistItem {
  return { _id: id, slug: title.toLowerCase().replace(/\s+/g, '-'), title, imageUrls: [`uploads/${id}.jpg`], basePrice, discounts: [], variants: [], trackInventory: false, available: true, stock: [], ...more };
}

export const ok = <T>(data: T) => Promise.resolve<ApiResponse<T>>({ data, status: 200 });

export function httpError(status: number, message: string) {
  return new ApiCallError({ status, data: { message } }, message);
}

export function signInCustomer(selectedCurrency = EUR._id) {
  shopStore.set(sessionAtom, { auth: true, name: 'Jane', role: 'customer', isSuperAdmin: false, token: 'token-1', selectedCurrency });
}

/** A clean page: signed out, no lists, no subscriptions, known currencies, no HTTP mocks. */
export function resetShop() {
  jest.restoreAllMocks();
  stopShopSync();
  shopStore.set(sessionAtom, signedOutSession);
  cart.clear();
  wishlist.clear();
  forgetCoupon();
  shopStore.set(currenciesAtom, [EUR, USD]);
  localStorage.clear();
}

type Handler = (url: string, body?: unknown) => Promise<unknown>;

/** Routes api.get/post/put/delete to one handler per "METHOD /path". Unknown calls reject. */
export function mockApi(routes: Record<string, Handler | unknown>) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const handle = (method: string) => (url: string, body?: unknown) => {
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (route === undefined) return Promise.reject(httpError(404, `no mock for ${method} ${url}`));
    return typeof route === 'function' ? (route as Handler)(url, body) : ok(route);
  };
  jest.spyOn(api, 'get').mockImplementation(handle('GET') as never);
  jest.spyOn(api, 'post').mockImplementation(handle('POST') as never);
  jest.spyOn(api, 'put').mockImplementation(handle('PUT') as never);
  jest.spyOn(api, 'delete').mockImplementation(handle('DELETE') as never);
  return calls;
}

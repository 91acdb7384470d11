import { ApiCallError, type ApiResponse, type Currency, type Filter, type Product } from '@shop/shared';

export const USD: Currency = { _id: 'cur-usd', name: 'US Dollar', code: 'USD', symbol: '$' };
export const EUR: Currency = { _id: 'cur-eur', name: 'Euro', code: 'EUR', symbol: '€' };

export const FILTERS: Filter[] = [
  { _id: 'f-metal', name: 'Metal', filterOptions: [{ _id: 'o-gold', name: 'Gold' }, { _id: 'o-silver', name: 'Silver' }] },
  { _id: 'f-type', name: 'Type', filterOptions: [{ _id: 'o-ring', name: 'Ring' }] },
];

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    slug: 'aurora-ring',
    title: 'Aurora Ring',
    description: 'A slim band in recycled gold.',
    features: ['18k recycled gold', 'Hand polished'],
    imageUrls: ['uploads/a.jpg', 'uploads/b.jpg'],
    basePrice: [{ currType: USD._id, amount: 100 }, { currType: EUR._id, amount: 90 }],
    tags: ['New', 'ring'],
    isNew: true,
    discounts: [],
    filterOptions: ['o-gold'],
    variants: [],
    // Untracked inventory (as every product before issue 17): unlimited, always available.
    trackInventory: false,
    available: true,
    ...overrides,
  };
}

/** An answer as the shared API client resolves it. */
export const ok = <T,>(data: T) => Promise.resolve<ApiResponse<T>>({ data, status: 200 });

/** An error with an HTTP status, as the API client rejects. */
export function httpError(status: number, message = 'error'): ApiCallError {
  return new ApiCallError({ data: { message }, status }, message);
}

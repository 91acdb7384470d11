import type { Order } from '@shop/shared';

/** An order as GET /order answers it (one line with a unit price, one without). */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderNumber: 'AJ-100042',
    status: 'pending',
    orderDate: '2026-11-22T10:30:00.000Z',
    paymentMethod: 'Cash On Delivery',
    currency: { symbol: '$', currType: 'usd', code: 'USD' },
    shippingAddress: { fullName: 'Jane Doe', line1: '12 Rose Lane', line2: 'Flat 3', city: 'Bath', state: 'Somerset', postalCode: '10001', country: 'UK' },
    items: [
      {
        _id: 'i1',
        product: { title: 'Pearl Drop Earrings', slug: 'pearl-drop-earrings', imageUrls: ['uploads\\pearl.jpg'] },
        options: [{ variantType: 'Metal', selectedOption: { name: 'Gold' } }, { variantType: 'Size', selectedOption: { name: 'Small' } }],
        quantity: 2,
        unitPrice: [{ currType: 'usd', amount: 600 }],
        totalPrice: [{ currType: 'usd', amount: 1200 }],
      } as Order['items'][number],
      {
        _id: 'i2',
        product: { title: 'Silver Ring', slug: 'silver-ring', imageUrls: [] },
        options: [],
        quantity: 4,
        totalPrice: [{ currType: 'usd', amount: 100 }],
      },
    ],
    subTotalPrice: 1300,
    totalDiscount: 50.5,
    coupon: null,
    totalPrice: 1249.5,
    refund: null,
    invoiceNumber: 'INV-2026-000042',
    creditNoteNumber: null,
    shippingMethod: null, shippingCountry: null, shippingPrice: 0, taxTotal: 0, taxLines: [], pricesIncludeTax: false,
    ...overrides,
  };
}

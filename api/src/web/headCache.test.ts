import type { Product, ShopRoute } from '@shop/contract';
import { keptPageHead } from './headCache';
import type { PageFacts } from './pageHead';

// A product page's head is kept with its product until one of its discounts ends: then its price changes.

const route: ShopRoute = { path: '/:slug', remote: 'catalog/ProductPage', guard: 'none', leadImage: { of: 'product', sizes: '100vw' } };
const END = Date.parse('2030-01-01T00:00:00Z');
const product = {
  _id: 'p1',
  slug: 'ring',
  title: 'Ring',
  description: 'A ring.',
  imageUrls: ['/uploads/ring.jpg'],
  basePrice: [{ currType: 'usd', amount: 100 }],
  discounts: [{ _id: 'd1', title: 'Sale', discountType: 'percentage', timeLimit: new Date(END).toISOString(), value: [{ currType: 'usd', amount: 20 }] }],
  variants: [],
  available: true,
} as unknown as Product;
const facts: PageFacts = { route, status: 200, product: { card: { title: 'Ring', slug: 'ring', imageUrls: product.imageUrls }, product } };
const currency = { _id: 'usd', code: 'USD', name: 'Dollar', symbol: '$' };
const priceAt = (now: number) => {
  const head = keptPageHead(facts, '', { routes: [route], publicUrl: 'https://x.test', currency, now: new Date(now) })!;
  return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]).offers.price;
};

test("a product page's head is made again once a discount of it has ended, not before", () => {
  expect(priceAt(END - 60_000)).toBe(80);
  expect(priceAt(END)).toBe(80);
  expect(priceAt(END + 1)).toBe(100);
  expect(priceAt(END + 60_000)).toBe(100);
});

import { startTestApp, type TestApp } from './harness';

// 5,000 requests take ~40 s alone; in CI the two suites run side by side on 2 cores (140 s seen).
jest.setTimeout(400_000);

// ≥ 5,000 malformed requests across every route: never a 5xx, always a JSON { message }, and not
// one row changes anywhere (a fingerprint of every table before and after).

let t: TestApp;
let customerToken: string;
let real: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  const usd = await t.currency('USD', '$');
  const p = await t.product({ title: 'Fuzz Ring', basePrice: [{ currType: usd._id, amount: 10 }], variants: [{ type: 'Size', options: [{ name: '6' }] }] });
  const c = await t.customer();
  customerToken = c.token;
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, options: [p.variants[0].options[0]._id], quantity: 1 } });
  real = { product: p._id, currency: usd._id, user: c.id, variant: p.variants[0]._id, option: p.variants[0].options[0]._id };
});
afterAll(() => t.close());

type Route = [method: string, path: string, hasBody: boolean];
const R: Route[] = [
  ['POST', '/api/user/register', true], ['POST', '/api/user/login', true], ['POST', '/api/user/getUserDiscounts', false],
  ['GET', '/api/user/addresses', false], ['POST', '/api/user/addresses', true], ['PUT', '/api/user/address/:id', true], ['DELETE', '/api/user/address/:id', false],
  ['POST', '/api/user', false], ['POST', '/api/user/deleted', false], ['GET', '/api/user/:id', false], ['DELETE', '/api/user/:id', false],
  ['PUT', '/api/user/:id/change-role', true], ['PATCH', '/api/user/:id/addDiscountToUser', true], ['PATCH', '/api/user/:id/removeDiscount', true],
  ['POST', '/api/product/filter', true], ['GET', '/api/product/filter', false], ['GET', '/api/product/slugSearch/:id', false], ['GET', '/api/product/hBasePrice/:id', false],
  ['GET', '/api/product/:id', false], ['POST', '/api/product', true], ['PUT', '/api/product/:id', true], ['DELETE', '/api/product/:id', false],
  ['POST', '/api/product/:id/images', true], ['DELETE', '/api/product/:id/images/:id', false], ['PUT', '/api/product/:id/filterOptions', true],
  ['POST', '/api/product/:id/variants', true], ['PUT', '/api/product/:id/variants/:id', true], ['DELETE', '/api/product/:id/variants/:id', false],
  ['POST', '/api/product/variant-option/:id', true], ['PUT', '/api/product/variant-option/:id', true], ['DELETE', '/api/product/variant-option/:id', false],
  ['GET', '/api/filter', false], ['GET', '/api/filter/:id', false], ['POST', '/api/filter', true], ['PATCH', '/api/filter/:id', true], ['DELETE', '/api/filter/:id', false],
  ['POST', '/api/filter/:id/filterOptions', true], ['PUT', '/api/filter/filterOptions/:id', true], ['DELETE', '/api/filter/filterOptions/:id', false],
  ['GET', '/api/currencies', false], ['POST', '/api/currencies', true], ['PUT', '/api/currencies/:id', true], ['DELETE', '/api/currencies/:id', false],
  ['GET', '/api/discounts', false], ['POST', '/api/discounts', true], ['PUT', '/api/discounts/:id', true], ['DELETE', '/api/discounts/:id', false],
  ['GET', '/api/coupons', false], ['POST', '/api/coupons', true], ['GET', '/api/coupons/:id', false], ['PUT', '/api/coupons/:id', true],
  ['DELETE', '/api/coupons/:id', false], ['GET', '/api/coupons/:id/redemptions', false], ['GET', '/api/product/suggest', false], ['GET', '/api/product/:id/related', false],
  ['GET', '/api/audit-log', false], ['GET', '/api/audit-log/actors', false], ['GET', '/api/admin/search', false],
  ['POST', '/api/product/bulk', true], ['POST', '/api/product/import', true], ['PUT', '/api/product/:id/images/order', true],
  ['POST', '/api/currencies/:id/fill-prices', true], ['GET', '/api/currencies/:id/usage', false], ['POST', '/api/user/:id/restore', false],
  ['GET', '/api/order/export.csv', false], ['GET', '/api/product/export.csv', false], ['GET', '/api/user/export.csv', false],
  ['GET', '/api/cart', false], ['POST', '/api/cart', true], ['PUT', '/api/cart/:id', true], ['DELETE', '/api/cart/:id', false],
  ['GET', '/api/wishlist', false], ['POST', '/api/wishlist/:id', false], ['DELETE', '/api/wishlist/:id', false],
  ['POST', '/api/order', true], ['POST', '/api/order/preview', true], ['GET', '/api/order', false], ['GET', '/api/order/:id', false], ['PATCH', '/api/order/:id', true],
  ['DELETE', '/api/order/:id', false], ['GET', '/api/order/report/:id', false], ['GET', '/api/report', false], ['GET', '/api/report/insight', false], ['GET', '/api/config/getPaypalClient', false],
];

const BAD_IDS = ['abc', '1', "1' OR '1'='1", '%00', '..%2F..%2Fetc%2Fpasswd', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(5000), '%F0%9F%92%8E', '-1', 'null', '%E0%A4%A'];
const BAD_BODIES: Array<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '12345'],
  ['application/json', 'true'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['application/json', '[' .repeat(2000)],
  ['application/json', JSON.stringify({ quantity: 'lots', productId: 42, title: [], name: {}, status: 7, newRole: 'god', uid: 1, password: null, selectedCurr: 'usd', discountId: 'x', filterOptionIds: 'x', type: [], email: 5, fullName: {}, code: 1, symbol: [], discountType: 'free', timeLimit: {}, value: 'x', line1: {}, postalCode: {}, city: [] })],
  ['application/json', JSON.stringify({ productId: "'; DROP TABLE users; --", selectedCurr: "' OR 1=1 --", discountId: '../../', newRole: 'admin; --', filterOptionIds: ["'"], status: 'shipped\u0000' })],
  ['application/json', JSON.stringify({ quantity: 1e308, amount: -1, basePrice: [{ currType: 'x', amount: 'NaN' }], value: [{ currType: null, amount: Infinity }] })],
  ['application/json', '\u0000\u0001\u0002'],
  ['application/json', '{"a":"\\ud800"}'],
  ['text/plain', 'hello'],
  ['application/xml', '<a>1</a>'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\n'],
  ['multipart/form-data', 'garbage'],
  ['application/json', JSON.stringify({ title: 'x'.repeat(1_100_000) })],
];
const BAD_QUERIES = ['?limit=-1', '?page=abc', '?limit=1e9', '?status=everything', '?keyword=' + 'k'.repeat(300), '?page=0&limit=0', '?limit[]=1&limit[]=2', '?sortBy=hack'];

function requests(): Array<{ method: string; url: string; headers: Record<string, string>; payload?: string }> {
  const out: Array<{ method: string; url: string; headers: Record<string, string>; payload?: string }> = [];
  const tokens = ['', 'Bearer garbage', `Bearer ${customerToken}`, `Bearer ${t.adminToken}`, `Bearer ${t.superToken}`];
  for (const [method, path, hasBody] of R) {
    const params = (path.match(/:id/g) ?? []).length;
    for (const auth of tokens) {
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      // malformed path params (real ids elsewhere, so only the bad one is wrong)
      if (params) for (const bad of BAD_IDS) out.push({ method, url: path.replace(':id', bad).replace(/:id/g, real.variant), headers });
      // malformed bodies on every route (a body where none is expected must be harmless too), with ids that exist
      const url = path.replace(':id', hasBody ? real.product : '00000000-0000-0000-0000-000000000000').replace(/:id/g, real.option);
      for (const [type, payload] of BAD_BODIES) {
        if (!hasBody && !['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        if (!hasBody && type === 'application/json' && !payload.startsWith('{')) continue;
        out.push({ method, url: hasBody ? url : path.replace(/:id/g, '00000000-0000-0000-0000-000000000000'), headers: { ...headers, 'content-type': type }, payload });
      }
      for (const q of BAD_QUERIES) if (method === 'GET' || path.includes('filter') || path === '/api/user' || path === '/api/user/deleted') out.push({ method, url: path.replace(/:id/g, 'zz') + q, headers });
    }
  }
  return out;
}

test('≥ 5,000 malformed requests: no 5xx, a JSON message on every error, no data changed', async () => {
  const before = await t.fingerprint();
  const all = requests();
  expect(all.length).toBeGreaterThanOrEqual(5000);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const check = (r: { method: string; url: string; payload?: string; headers: Record<string, string> }, status: number, body: string) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let message: unknown;
    try {
      message = JSON.parse(body).message;
    } catch {
      message = undefined;
    }
    if (status >= 500 || (status >= 400 && typeof message !== 'string')) failures.push(`${r.method} ${r.url.slice(0, 80)} [${r.headers['content-type'] ?? ''}] ${String(r.payload).slice(0, 40)} -> ${status} ${body.slice(0, 120)}`);
  };
  // All over real HTTP, 25 at a time.
  for (let i = 0; i < all.length; i += 25) {
    await Promise.all(
      all.slice(i, i + 25).map(async (r) => {
        const res = await fetch(t.url + r.url, { method: r.method, headers: r.headers, body: r.payload });
        check(r, res.status, await res.text());
      }),
    );
  }
  expect(failures.slice(0, 20)).toEqual([]);
  expect(await t.fingerprint()).toBe(before);
  expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
});

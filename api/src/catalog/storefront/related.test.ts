// Issue 38: a product page's "You may also like": up to 8 pieces sharing its category or material, in
// stock, priced in the chosen currency, published, never itself; the most alike first.
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const option: Record<string, string> = {};
let usd: string;
let eur: string;

beforeAll(async () => {
  t = await startTestApp();
  usd = (await t.currency('USD', '$'))._id;
  eur = (await t.currency('EUR', '€'))._id;
  for (const [name, options] of [['Category', ['Rings', 'Necklaces']], ['Material', ['Gold', 'Silver']], ['Stone', ['Ruby']]] as const) {
    const f = await t.call('POST', '/api/filter', { token: t.adminToken, body: { name, filterOptions: options } });
    for (const o of f.body.filterOptions) option[o.name] = o._id;
  }
});
afterAll(() => t.close());

const related = async (id: string, currency?: string) => {
  const r = await t.call('GET', `/api/product/${id}/related${currency ? `?selectedCurr=${currency}` : ''}`);
  expect(r.status).toBe(200);
  return (r.body as Array<{ title: string }>).map((p) => p.title);
};

test('same category or material, in stock, priced in the currency, published, the closest first, at most 8', async () => {
  const price = (amount: number, currencies = [usd]) => currencies.map((currType) => ({ currType, amount }));
  const ring = await t.product({ title: 'Gold Ruby Ring', basePrice: price(100, [usd, eur]), filterOptions: [option.Rings, option.Gold, option.Ruby] });
  await t.product({ title: 'Gold Band Ring', basePrice: price(90, [usd, eur]), filterOptions: [option.Rings, option.Gold] });
  await t.product({ title: 'Silver Ring', basePrice: price(40, [usd, eur]), filterOptions: [option.Rings, option.Silver] });
  await t.product({ title: 'Gold Chain', basePrice: price(70), filterOptions: [option.Necklaces, option.Gold] });
  await t.product({ title: 'Ruby Pendant', basePrice: price(80, [usd, eur]), filterOptions: [option.Necklaces, option.Silver, option.Ruby] }); // a stone only: not related
  await t.product({ title: 'Draft Gold Ring', basePrice: price(50, [usd, eur]), filterOptions: [option.Rings, option.Gold], published: false });
  const soldOut = await t.product({ title: 'Sold Out Gold Ring', basePrice: price(60, [usd, eur]), filterOptions: [option.Rings, option.Gold] });
  // Its inventory counted, and none left.
  await t.ctx.db.query('UPDATE products SET track_inventory = true WHERE id = $1', [soldOut._id]);

  expect(await related(ring._id, usd)).toEqual(['Gold Band Ring', 'Gold Chain', 'Silver Ring']);
  // In euros the chain has no price: left out.
  expect(await related(ring._id, eur)).toEqual(['Gold Band Ring', 'Silver Ring']);
  for (let i = 0; i < 10; i++) await t.product({ title: `Gold Ring ${i}`, basePrice: price(10 + i), filterOptions: [option.Rings, option.Gold] });
  const many = await related(ring._id, usd);
  expect(many).toHaveLength(8);
  expect(many).not.toContain('Gold Ruby Ring');
  expect((await t.call('GET', '/api/product/not-an-id/related')).status).toBe(400);
});

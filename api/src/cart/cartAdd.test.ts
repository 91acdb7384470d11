// Issue 43: a cart add is one round trip (cart_add, migration 050) checked against the stock as of now, not
// the kept product page's quantities (which follow the stock's notification a moment later), and under the
// customer's lock: simultaneous adds of one piece never hold more than is left, and the refusals say what is.
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let pendant: any;

const setStock = async (quantity: number) =>
  expect((await t.call('PUT', `/api/product/${pendant._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity }] } })).status).toBe(200);
const add = (token: string, quantity: number) => t.call('POST', '/api/cart', { token, body: { productId: pendant._id, options: [], quantity } });

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  pendant = await t.product({ title: 'Scarce Pendant', basePrice: [{ currType: usd._id, amount: 300 }] });
});
afterAll(() => t.close());

test('twenty simultaneous adds of a piece with 5 left: the line holds 5, every other add a 409 saying 5 are left', async () => {
  await setStock(5);
  const buyer = await t.customer();
  const answers = await Promise.all(Array.from({ length: 20 }, () => add(buyer.token, 1)));
  expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
  const refused = answers.filter((r) => r.status !== 200);
  expect(refused).toHaveLength(15);
  for (const r of refused) {
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/5/);
  }
  const cart = (await t.call('GET', '/api/cart', { token: buyer.token })).body.items;
  expect(cart.map((i: any) => [i.product._id, i.quantity])).toEqual([[pendant._id, 5]]);
});

test('the stock lowered behind the memory (a write no notification has announced yet) is what an add is held to', async () => {
  await setStock(4);
  const buyer = await t.customer();
  expect((await add(buyer.token, 2)).status).toBe(200);
  // The row changed with its triggers off: no stock_changed notification, so the kept page says 4 for as long
  // as the test runs (another process's sale leaves it so for a moment).
  await t.ctx.db.tx(async (q) => {
    await q.query(`SET LOCAL session_replication_role = replica`);
    await q.query(`UPDATE stock_levels SET quantity = 2 WHERE product_id = $1`, [pendant._id]);
  });
  const refused = await add(buyer.token, 1);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/2/);
  // Nothing written by the refusal: the line still holds 2.
  expect((await t.call('GET', '/api/cart', { token: buyer.token })).body.items.map((i: any) => i.quantity)).toEqual([2]);
});

test("a refused add changes nothing, and an add by one customer never touches another's cart", async () => {
  await setStock(3);
  const [one, two] = [await t.customer(), await t.customer()];
  expect((await add(one.token, 3)).status).toBe(200);
  const before = await t.fingerprint();
  expect((await add(one.token, 1)).status).toBe(409);
  expect((await add(two.token, 4)).status).toBe(409);
  expect(await t.fingerprint()).toBe(before);
  expect((await add(two.token, 3)).status).toBe(200);
  expect((await t.call('GET', '/api/cart', { token: one.token })).body.items.map((i: any) => i.quantity)).toEqual([3]);
});

import { listFullMessage, PER_USER_LISTS } from '@shop/contract';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 34 #9: a customer's own lists are capped (PER_USER_LISTS), with a clear 400, and the cap holds
// when the adds come all at once (each add counts under the customer's lock).

let t: TestApp;
let usd: { _id: string };
beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
}, 60_000);
afterAll(() => t.close());

const address = (i: number) => ({ line1: `${i} Rue de la Paix`, city: 'Paris', postalCode: 75001 + i, country: 'France' });

test('saved addresses: at most 20, even with 40 asked at once; the 21st is a 400 that stores nothing', async () => {
  const c = await t.customer();
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => t.call('POST', '/api/user/addresses', { token: c.token, body: address(i) })));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(PER_USER_LISTS.addresses.max);
  for (const refused of answers.filter((a) => a.status !== 201)) expect(refused).toMatchObject({ status: 400, body: { message: listFullMessage('addresses') } });
  expect((await t.call('GET', '/api/user/addresses', { token: c.token })).body).toHaveLength(20);
  // A full book still takes edits, and room comes back with a delete.
  const [first] = (await t.call('GET', '/api/user/addresses', { token: c.token })).body;
  expect((await t.call('PUT', `/api/user/address/${first._id}`, { token: c.token, body: address(99) })).status).toBe(200);
  expect((await t.call('DELETE', `/api/user/address/${first._id}`, { token: c.token })).status).toBe(200);
  expect((await t.call('POST', '/api/user/addresses', { token: c.token, body: address(100) })).status).toBe(201);
  expect((await t.call('POST', '/api/user/addresses', { token: c.token, body: address(101) })).status).toBe(400);
  // Another customer's book is their own.
  const other = await t.customer();
  expect((await t.call('POST', '/api/user/addresses', { token: other.token, body: address(1) })).status).toBe(201);
});

test('the wishlist and the cart are capped too, under simultaneous adds; more of what is there takes no room', async () => {
  const { wishlist, cartLines } = PER_USER_LISTS;
  const products: Array<{ _id: string }> = [];
  while (products.length < wishlist.max + 10) {
    const batch = Array.from({ length: 15 }, (_, i) => t.product({ title: `Capped ${products.length + i}`, basePrice: [{ currType: usd._id, amount: 10 }] }));
    products.push(...(await Promise.all(batch)));
  }
  const c = await t.customer();
  for (const p of products.slice(0, wishlist.max - 10)) expect((await t.call('POST', `/api/wishlist/${p._id}`, { token: c.token })).status).toBe(200);
  const wished = await Promise.all(products.slice(wishlist.max - 10).map((p) => t.call('POST', `/api/wishlist/${p._id}`, { token: c.token })));
  expect(wished.filter((a) => a.status === 200)).toHaveLength(10);
  for (const refused of wished.filter((a) => a.status !== 200)) expect(refused).toMatchObject({ status: 400, body: { message: listFullMessage('wishlist') } });
  expect((await t.call('GET', '/api/wishlist', { token: c.token })).body.items).toHaveLength(wishlist.max);
  // Adding one already there again is no new item.
  const kept = (await t.call('GET', '/api/wishlist', { token: c.token })).body.items[0];
  expect((await t.call('POST', `/api/wishlist/${kept._id}`, { token: c.token })).status).toBe(200);

  const toCart = (p: { _id: string }) => t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, options: [], quantity: 1 } });
  for (const p of products.slice(0, cartLines.max - 10)) expect((await toCart(p)).status).toBeLessThan(300);
  const added = await Promise.all(products.slice(cartLines.max - 10, cartLines.max + 20).map(toCart));
  expect(added.filter((a) => a.status < 300)).toHaveLength(10);
  for (const refused of added.filter((a) => a.status >= 300)) expect(refused).toMatchObject({ status: 400, body: { message: listFullMessage('cartLines') } });
  const cart = (await t.call('GET', '/api/cart', { token: c.token })).body;
  expect(cart.items).toHaveLength(cartLines.max);
  // More of a line already in the full cart is fine.
  expect((await toCart(products[0])).status).toBeLessThan(300);
}, 120_000);

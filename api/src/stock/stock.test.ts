import { startTestApp, within, type TestApp } from '../test/harness';
import { loadProducts } from '../catalog/productQueries';

// Issue 17: stock that never sells a piece twice, on PGlite and (DATABASE_URL) PostgreSQL.
let t: TestApp;
let usd: { _id: string };
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

const checkout = (token: string) => t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
const setStock = (productId: string, body: unknown, token = t.adminToken) => t.call('PUT', `/api/product/${productId}/stock`, { token, body });
const addToCart = (token: string, productId: string, quantity = 1, options: string[] = []) => t.call('POST', '/api/cart', { token, body: { productId, quantity, options } });

/** A tracked product without variants holding `quantity` pieces. */
async function piece(title: string, quantity: number) {
  const p = await t.product({ title, basePrice: [{ currType: usd._id, amount: 100 }] });
  expect((await setStock(p._id, { trackInventory: true, stock: [{ options: [], quantity }] })).status).toBe(200);
  return p;
}

/** Each combination's quantity and its ledger's sum, from the database. */
async function levels(productId: string) {
  return t.ctx.db.query<{ key: string; quantity: number; ledger: number }>(
    `SELECT s.options_key AS key, s.quantity, (SELECT coalesce(sum(m.delta), 0)::int FROM stock_movements m WHERE m.product_id = s.product_id AND m.options_key = s.options_key) AS ledger
       FROM stock_levels s WHERE s.product_id = $1 ORDER BY s.options_key`,
    [productId],
  );
}

async function customersWithCart(n: number, productId: string) {
  const customers = await Promise.all(Array.from({ length: n }, (_, i) => t.customer(`Shopper ${i}`)));
  for (const c of customers) expect((await addToCart(c.token, productId)).status).toBe(200);
  return customers;
}

describe('PUT /product/{productId}/stock', () => {
  let ring: any;
  let gold: string, silver: string, s6: string, s7: string;
  beforeAll(async () => {
    ring = await t.product({
      title: 'Stock Ring',
      basePrice: [{ currType: usd._id, amount: 50 }],
      variants: [
        { type: 'Metal', options: [{ name: 'Gold' }, { name: 'Silver' }] },
        { type: 'Size', options: [{ name: '6' }, { name: '7' }] },
      ],
    });
    [gold, silver] = ring.variants[0].options.map((o: any) => o._id);
    [s6, s7] = ring.variants[1].options.map((o: any) => o._id);
  });

  test('sets quantities per combination and answers the product with one entry per combination, in variant order', async () => {
    const r = await setStock(ring._id, { trackInventory: true, stock: [{ options: [s7, gold], quantity: 2 }, { options: [silver, s6], quantity: 5 }] });
    expect(r.status).toBe(200);
    expect(r.body.trackInventory).toBe(true);
    expect(r.body.available).toBe(true);
    expect(r.body.stock).toEqual([
      { options: [gold, s6], quantity: 0 },
      { options: [gold, s7], quantity: 2 },
      { options: [silver, s6], quantity: 5 },
      { options: [silver, s7], quantity: 0 },
    ]);
    // The product page carries the same, with the threshold; a list carries `available` only.
    const page = await t.call('GET', `/api/product/slugSearch/${ring.slug}`);
    expect(page.body.stock).toEqual(r.body.stock);
    expect(page.body.lowStockThreshold).toBe(3);
    const list = await t.call('POST', '/api/product/filter?keyword=Stock%20Ring', { body: {} });
    expect(list.body.items[0]).toMatchObject({ trackInventory: true, available: true });
    expect(list.body.items[0].stock).toBeUndefined();
    // Every movement is in the ledger, by the admin.
    const ledger = await t.call('GET', `/api/product/${ring._id}/stock/ledger`, { token: t.adminToken });
    expect(ledger.status).toBe(200);
    expect(ledger.body.itemCount).toBe(2);
    expect(ledger.body.items.map((m: any) => [m.combination, m.delta, m.reason])).toEqual(
      expect.arrayContaining([['Gold / 7', 2, 'adjustment'], ['Silver / 6', 5, 'adjustment']]),
    );
    expect(ledger.body.items[0].admin).toMatchObject({ fullName: expect.any(String) });
    for (const l of await levels(ring._id)) expect(l.ledger).toBe(l.quantity);
  });

  test.each([
    ['an unknown combination', () => ({ trackInventory: true, stock: [{ options: [gold, '00000000-0000-0000-0000-000000000000'], quantity: 1 }] })],
    ['an incomplete combination', () => ({ trackInventory: true, stock: [{ options: [gold], quantity: 1 }] })],
    ['two options of one variant', () => ({ trackInventory: true, stock: [{ options: [gold, silver], quantity: 1 }] })],
    ['a combination given twice', () => ({ trackInventory: true, stock: [{ options: [gold, s6], quantity: 1 }, { options: [s6, gold], quantity: 2 }] })],
    ['a negative quantity', () => ({ trackInventory: true, stock: [{ options: [gold, s6], quantity: -1 }] })],
    ['a quantity over 1,000,000', () => ({ trackInventory: true, stock: [{ options: [gold, s6], quantity: 1_000_001 }] })],
    ['a fractional quantity', () => ({ trackInventory: true, stock: [{ options: [gold, s6], quantity: 1.5 }] })],
    ['no trackInventory', () => ({ stock: [] })],
    // A valid first line does not land when a later one is refused.
    ['a valid line then a bad one', () => ({ trackInventory: false, stock: [{ options: [gold, s6], quantity: 9 }, { options: [gold], quantity: 1 }] })],
  ])('%s is a 400 and changes nothing', async (_, body) => {
    const before = await levels(ring._id);
    const r = await setStock(ring._id, body());
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(expect.any(String));
    expect(await levels(ring._id)).toEqual(before);
    expect((await t.call('GET', `/api/product/${ring._id}`)).body.trackInventory).toBe(true);
  });

  test("every admin answer of the product carries its quantities and the shop's low-stock threshold", async () => {
    const r = await t.call('PUT', `/api/product/${ring._id}/variants/${ring.variants[1]._id}`, { token: t.adminToken, body: { type: 'Ring size' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ trackInventory: true, lowStockThreshold: 3 });
    expect(r.body.stock).toHaveLength(4);
  });

  test('only an admin sets stock or reads the ledger; an unknown product is a 404', async () => {
    const c = await t.customer();
    expect((await setStock(ring._id, { trackInventory: false, stock: [] }, c.token)).status).toBe(403);
    expect((await t.call('PUT', `/api/product/${ring._id}/stock`, { body: { trackInventory: false, stock: [] } })).status).toBe(401);
    expect((await t.call('GET', `/api/product/${ring._id}/stock/ledger`, { token: c.token })).status).toBe(403);
    expect((await setStock('00000000-0000-0000-0000-000000000000', { trackInventory: true, stock: [] })).status).toBe(404);
    expect((await t.call('GET', `/api/product/00000000-0000-0000-0000-000000000000/stock/ledger`, { token: t.adminToken })).status).toBe(404);
  });

  test("an option's inStock/isActive flag makes its combinations unavailable whatever their quantity", async () => {
    await t.ctx.db.query(`UPDATE variant_options SET in_stock = false WHERE id = $1`, [silver]);
    const c = await t.customer();
    const r = await addToCart(c.token, ring._id, 1, [silver, s6]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Metal Silver is out of stock');
    await t.ctx.db.query(`UPDATE variant_options SET in_stock = true WHERE id = $1`, [silver]);
  });
});

describe('the cart refuses more than there is', () => {
  test('POST /cart and PUT /cart answer 409 naming the product; the cart line carries what is available', async () => {
    const p = await piece('Cart Cap Pendant', 2);
    const c = await t.customer();
    const first = await addToCart(c.token, p._id, 2);
    expect(first.status).toBe(200);
    expect(first.body.items[0].availableQuantity).toBe(2);
    const more = await addToCart(c.token, p._id, 1);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Only 2 of Cart Cap Pendant left');
    const line = (await t.call('GET', '/api/cart', { token: c.token })).body.items[0];
    expect(line.quantity).toBe(2);
    const put = await t.call('PUT', `/api/cart/${line._id}`, { token: c.token, body: { quantity: 3 } });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe('Only 2 of Cart Cap Pendant left');
    // Fewer is always allowed, even while still above what is left.
    await setStock(p._id, { trackInventory: true, stock: [{ options: [], quantity: 0 }] });
    const fewer = await t.call('PUT', `/api/cart/${line._id}`, { token: c.token, body: { quantity: 1 } });
    expect(fewer.status).toBe(200);
    expect(fewer.body.items[0]).toMatchObject({ quantity: 1, availableQuantity: 0 });
    expect((await t.call('PUT', `/api/cart/${line._id}`, { token: c.token, body: { quantity: 2 } })).status).toBe(409);
    await setStock(p._id, { trackInventory: true, stock: [{ options: [], quantity: 0 }] });
    const sold = await addToCart((await t.customer()).token, p._id, 1);
    expect(sold.status).toBe(409);
    expect(sold.body.message).toBe('Cart Cap Pendant is out of stock');
    expect((await t.call('GET', '/api/cart', { token: c.token })).body.items[0].availableQuantity).toBe(0);
  });

  test('a product that does not track its inventory is unlimited (availableQuantity null)', async () => {
    const p = await t.product({ title: 'Untracked Bangle', basePrice: [{ currType: usd._id, amount: 10 }] });
    const c = await t.customer();
    const r = await addToCart(c.token, p._id, 500);
    expect(r.status).toBe(200);
    expect(r.body.items[0].availableQuantity).toBeNull();
  });
});

describe('checkout takes the stock in the order’s transaction', () => {
  test('50 customers with the last piece in their cart check out at once: 1 order, 49 × 409, their carts intact', async () => {
    const p = await piece('Last Ring', 1);
    const customers = await customersWithCart(50, p._id);
    const answers = await Promise.all(customers.map((c) => checkout(c.token)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe('Last Ring is out of stock');
    const losers = customers.filter((_, i) => answers[i].status === 409);
    for (const c of losers) expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toHaveLength(1);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
    const orders = await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM order_items WHERE product_id = $1`, [p._id]);
    expect(orders!.n).toBe(1);
  });

  test('5 pieces and 30 buyers of one each: exactly 5 orders', async () => {
    const p = await piece('Five Earrings', 5);
    const customers = await customersWithCart(30, p._id);
    const answers = await Promise.all(customers.map((c) => checkout(c.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(25);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
  });

  test('a piece sold out between cart and checkout is refused cleanly: 409, no order, no stock moved, cart kept', async () => {
    const p = await piece('Vanishing Brooch', 1);
    const other = await t.product({ title: 'Plain Chain', basePrice: [{ currType: usd._id, amount: 5 }] });
    const c = await t.customer();
    await addToCart(c.token, other._id, 1);
    await addToCart(c.token, p._id, 1);
    await setStock(p._id, { trackInventory: true, stock: [{ options: [], quantity: 0 }] });
    const before = await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`);
    const r = await checkout(c.token);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Vanishing Brooch is out of stock');
    expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n).toBe(before!.n);
    expect((await t.call('GET', '/api/cart', { token: c.token })).body.items.map((i: any) => [i.product.title, i.availableQuantity])).toEqual([
      ['Plain Chain', null],
      ['Vanishing Brooch', 0],
    ]);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
  });

  test('orders get human numbers, unique and increasing, shown on the order', async () => {
    const p = await t.product({ title: 'Numbered Ring', basePrice: [{ currType: usd._id, amount: 5 }] });
    const customers = await customersWithCart(5, p._id);
    const highest = async () => (await t.ctx.db.one<{ n: number }>(`SELECT coalesce(max(number), 0)::int AS n FROM orders`))!.n;
    const before = await highest();
    const answers = await Promise.all(customers.map((c) => checkout(c.token)));
    const numbers = answers.map((a) => a.body.orderNumber as string);
    for (const n of numbers) expect(n).toMatch(/^AJ-1\d{5,}$/);
    expect(new Set(numbers).size).toBe(5);
    // Each later than every order before them; the admin's list and the order itself show the same number.
    for (const n of numbers) expect(Number(n.slice(3))).toBeGreaterThan(before);
    expect(Math.max(...numbers.map((n) => Number(n.slice(3))))).toBe(await highest());
    const list = (await t.call('GET', '/api/order', { token: t.adminToken })).body as any[];
    for (const a of answers) expect(list.find((o) => o._id === a.body._id).orderNumber).toBe(a.body.orderNumber);
    expect((await t.call('GET', `/api/order/${answers[0].body._id}`, { token: customers[0].token })).body[0].orderNumber).toBe(answers[0].body.orderNumber);
  });
});

describe('the order lifecycle gives back what it took', () => {
  async function orderOf(title: string, pieces: number) {
    const p = await piece(title, pieces);
    const c = await t.customer();
    await addToCart(c.token, p._id, 1);
    const o = await checkout(c.token);
    expect([o.status, o.body.message]).toEqual([201, undefined]);
    return { p, c, order: o.body };
  }
  const patch = (id: string, status: string, token: string) => t.call('PATCH', `/api/order/${id}`, { token, body: { status } });

  test('a cancel sent twice at once returns the piece once', async () => {
    const { p, c, order } = await orderOf('Returned Ring', 1);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
    const answers = await Promise.all([patch(order._id, 'cancelled', c.token), patch(order._id, 'cancelled', c.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 1, ledger: 1 }]);
    const ledger = (await t.call('GET', `/api/product/${p._id}/stock/ledger`, { token: t.adminToken })).body.items;
    expect(ledger.map((m: any) => [m.delta, m.reason, m.orderNumber])).toEqual([
      [1, 'cancelled', order.orderNumber],
      [-1, 'order', order.orderNumber],
      [1, 'adjustment', null],
    ]);
  });

  test('reject returns the piece; reinstating the order takes it again', async () => {
    const { p, order } = await orderOf('Rejected Ring', 1);
    expect((await patch(order._id, 'rejected', t.adminToken)).status).toBe(200);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 1, ledger: 1 }]);
    expect((await patch(order._id, 'processing', t.adminToken)).status).toBe(200);
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
  });

  test('a reinstated order whose piece was sold meanwhile is refused with 409 and stays rejected', async () => {
    const { p, order } = await orderOf('Resold Ring', 1);
    await patch(order._id, 'rejected', t.adminToken);
    const other = await t.customer();
    await addToCart(other.token, p._id, 1);
    expect((await checkout(other.token)).status).toBe(201);
    const r = await patch(order._id, 'processing', t.adminToken);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Resold Ring is out of stock');
    expect((await t.call('GET', `/api/order/${order._id}`, { token: t.adminToken })).body[0].status).toBe('rejected');
    expect(await levels(p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
  });

  test('shipped and delivered orders keep their pieces; deleting a pending order returns them', async () => {
    const shipped = await orderOf('Shipped Ring', 1);
    await patch(shipped.order._id, 'shipped', t.adminToken);
    await patch(shipped.order._id, 'rejected', t.adminToken);
    expect(await levels(shipped.p._id)).toEqual([{ key: '', quantity: 0, ledger: 0 }]);
    const pending = await orderOf('Deleted Order Ring', 2);
    expect((await t.call('DELETE', `/api/order/${pending.order._id}`, { token: t.adminToken })).status).toBe(200);
    expect(await levels(pending.p._id)).toEqual([{ key: '', quantity: 2, ledger: 2 }]);
    const ledger = (await t.call('GET', `/api/product/${pending.p._id}/stock/ledger`, { token: t.adminToken })).body.items;
    expect(ledger[0]).toMatchObject({ delta: 1, reason: 'deleted', orderNumber: pending.order.orderNumber });
  });

  test('the product page follows the stock: out of stock after the last piece sells, back after a cancel', async () => {
    const { p, c, order } = await orderOf('Followed Ring', 1);
    const quantity = async () => (await t.call('GET', `/api/product/slugSearch/${p.slug}`)).body.stock[0].quantity;
    expect(await within(3000, async () => (await quantity()) === 0)).toBe(true);
    expect((await t.call('POST', '/api/product/filter?keyword=Followed', { body: { available: true } })).body.items).toHaveLength(0);
    await patch(order._id, 'cancelled', c.token);
    expect(await within(3000, async () => (await quantity()) === 1)).toBe(true);
    expect(await within(3000, async () => (await t.call('POST', '/api/product/filter?keyword=Followed', { body: { available: true } })).body.items.length === 1)).toBe(true);
  });
});

describe('admin views', () => {
  test('GET /stock/low lists tracked combinations at or below the threshold, lowest first; the list filters and sorts by stock', async () => {
    const low = await piece('Low Locket', 2);
    await piece('Plenty Locket', 50);
    const r = await t.call('GET', '/api/stock/low', { token: t.adminToken });
    expect(r.status).toBe(200);
    const lines = r.body.filter((l: any) => l.title.endsWith('Locket'));
    expect(lines).toEqual([{ productId: low._id, title: 'Low Locket', slug: low.slug, options: [], combination: '', quantity: 2 }]);
    expect((await t.call('GET', '/api/stock/low', { token: (await t.customer()).token })).status).toBe(403);
    const search = (body: object) => t.call('POST', '/api/product/filter?keyword=Locket', { body });
    expect((await search({ stock: 'low' })).body.items.map((i: any) => i.title)).toEqual(['Low Locket']);
    expect((await search({ stock: 'out' })).body.items).toEqual([]);
    const sorted = await search({ sortBy: '-stock', withStock: true });
    expect(sorted.body.items.map((i: any) => [i.title, i.stock[0].quantity])).toEqual([['Plenty Locket', 50], ['Low Locket', 2]]);
  });
});

test("the list filter's availability (SQL, product_available) agrees with every product answer's `available`", async () => {
  // By now this file has made products tracked and not, sold out, with options off, with and without variants.
  const rows = await t.ctx.db.query<{ id: string; sql: boolean }>(`SELECT id, product_available(id, track_inventory) AS sql FROM products ORDER BY created_at`);
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.some((r) => r.sql) && rows.some((r) => !r.sql)).toBe(true);
  const answers = await loadProducts(t.ctx.db, rows.map((r) => r.id));
  expect(answers.map((p) => [p.title, p.available])).toEqual(rows.map((r, i) => [answers[i].title, r.sql]));
});

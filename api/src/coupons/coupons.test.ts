import { startTestApp, type TestApp } from '../test/harness';

// Issue 22: coupon codes, on PGlite and (DATABASE_URL) PostgreSQL. The server decides: it validates and
// counts a code in the order's transaction; limits hold under many simultaneous checkouts.
let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
});
afterAll(() => t.close());

let codes = 0;
const newCode = (prefix = 'CODE') => `${prefix}${++codes}X`;
const percent = (n: number) => [{ currType: usd._id, amount: n }, { currType: eur._id, amount: n }];
const createCoupon = (body: Record<string, unknown>, token = t.adminToken) =>
  t.call('POST', '/api/coupons', { token, body: { discountType: 'percentage', value: percent(10), active: true, ...body } });
const checkout = (token: string, couponCode?: string, currency = usd._id) =>
  t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: currency, shippingAddress: address, couponCode } });
const preview = (token: string, couponCode?: string, currency = usd._id) => t.call('POST', '/api/order/preview', { token, body: { selectedCurr: currency, couponCode } });
const addToCart = (token: string, productId: string, quantity = 1) => t.call('POST', '/api/cart', { token, body: { productId, quantity, options: [] } });
const coupon = async (id: string) => (await t.call('GET', `/api/coupons/${id}`, { token: t.adminToken })).body;
const ordersOf = async (userId: string) => (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]))[0].n;

let piece: { _id: string };
let other: { _id: string };
beforeAll(async () => {
  piece = await t.product({ title: 'Coupon Ring', basePrice: [{ currType: usd._id, amount: 80 }, { currType: eur._id, amount: 60 }] });
  other = await t.product({ title: 'Coupon Pendant', basePrice: [{ currType: usd._id, amount: 40 }, { currType: eur._id, amount: 30 }] });
});

/** A customer with `piece` in their cart. */
async function shopper(productId = piece._id, quantity = 1) {
  const c = await t.customer();
  expect((await addToCart(c.token, productId, quantity)).status).toBe(200);
  return c;
}

describe('the back office: /api/coupons', () => {
  test('creates, reads, edits and deletes a coupon; answers it with _id and timesUsed', async () => {
    const code = newCode('Welcome');
    const created = await createCoupon({ code, minSubtotal: [{ currType: usd._id, amount: 50 }], usageLimit: 5, perCustomerLimit: 1, firstOrderOnly: true, products: [piece._id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      _id: expect.any(String), code, discountType: 'percentage', usageLimit: 5, perCustomerLimit: 1, firstOrderOnly: true, active: true, products: [piece._id], timesUsed: 0,
      startsAt: null, endsAt: null, minSubtotal: [{ currType: usd._id, amount: 50 }],
    });
    expect(created.body.value).toEqual(expect.arrayContaining(percent(10)));
    const id = created.body._id;
    const list = await t.call('GET', '/api/coupons', { token: t.adminToken });
    expect(list.body.find((c: any) => c._id === id)).toEqual(created.body);
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    const edited = await t.call('PUT', `/api/coupons/${id}`, { token: t.adminToken, body: { code, discountType: 'fixed', value: [{ currType: usd._id, amount: 12.5 }], active: false, endsAt } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ discountType: 'fixed', value: [{ currType: usd._id, amount: 12.5 }], active: false, endsAt, products: [], usageLimit: null, firstOrderOnly: false });
    expect((await t.call('DELETE', `/api/coupons/${id}`, { token: t.adminToken })).body).toEqual({ message: 'Coupon deleted' });
    expect((await t.call('GET', `/api/coupons/${id}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', `/api/coupons/${id}`, { token: t.adminToken })).status).toBe(404);
  });

  test('codes are unique without regard to case: a clash is a 409, on create and on edit', async () => {
    const code = newCode('Spring');
    expect((await createCoupon({ code })).status).toBe(201);
    const clash = await createCoupon({ code: code.toLowerCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('already used');
    const second = await createCoupon({ code: newCode('Autumn') });
    const edit = await t.call('PUT', `/api/coupons/${second.body._id}`, { token: t.adminToken, body: { code: code.toUpperCase(), discountType: 'percentage', value: percent(5), active: true } });
    expect(edit.status).toBe(409);
    expect((await coupon(second.body._id)).code).not.toBe(code.toUpperCase());
  });

  test.each([
    ['no code', () => ({ code: '' })],
    ['a code with spaces inside', () => ({ code: 'TWO WORDS' })],
    ['a code over 40 characters', () => ({ code: 'X'.repeat(41) })],
    ['a percentage over 100', () => ({ code: newCode(), value: percent(101) })],
    ['two different percents', () => ({ code: newCode(), value: [{ currType: usd._id, amount: 10 }, { currType: eur._id, amount: 20 }] })],
    ['a fixed coupon worth nothing', () => ({ code: newCode(), discountType: 'fixed', value: [{ currType: usd._id, amount: 0 }] })],
    ['an unknown currency', () => ({ code: newCode(), discountType: 'fixed', value: [{ currType: '00000000-0000-0000-0000-000000000000', amount: 5 }] })],
    ['an unknown product', () => ({ code: newCode(), products: ['00000000-0000-0000-0000-000000000000'] })],
    ['an end before the start', () => ({ code: newCode(), startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' })],
    ['a date that is no date', () => ({ code: newCode(), endsAt: 'tomorrow' })],
    ['a date past the year 9999', () => ({ code: newCode(), endsAt: '+275760-01-01T00:00:00Z' })],
    ['a usage limit of 0', () => ({ code: newCode(), usageLimit: 0 })],
    ['a fractional usage limit', () => ({ code: newCode(), usageLimit: 1.5 })],
  ])('%s is a 400 and writes nothing', async (_, body) => {
    const before = await t.fingerprint();
    const r = await createCoupon(body());
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(expect.any(String));
    expect(await t.fingerprint()).toBe(before);
  });

  test('only an admin manages coupons', async () => {
    const c = await t.customer();
    expect((await createCoupon({ code: newCode() }, c.token)).status).toBe(403);
    expect((await t.call('GET', '/api/coupons', { token: c.token })).status).toBe(403);
    expect((await t.call('GET', '/api/coupons')).status).toBe(401);
  });
});

describe('a code at checkout', () => {
  test('applies on the preview and the order: the order keeps the code and amount, and the total includes it', async () => {
    const code = newCode('Fifteen');
    const { body: created } = await createCoupon({ code, value: percent(15) });
    const c = await shopper(piece._id, 2);
    const p = await preview(c.token, code.toLowerCase());
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ subTotalPrice: 160, coupon: { code, amount: 24 }, totalDiscount: 24, totalPrice: 136 });
    const o = await checkout(c.token, ` ${code.toLowerCase()} `);
    expect(o.status).toBe(201);
    expect(o.body).toMatchObject({ coupon: { code, amount: 24 }, totalPrice: 136, totalDiscount: 24 });
    // Shown wherever the order is: the customer's, the admin's, and the confirmation e-mail.
    expect((await t.call('GET', `/api/order/${o.body._id}`, { token: c.token })).body[0]).toEqual(o.body);
    const all = await t.call('GET', '/api/order', { token: t.adminToken });
    expect(all.body.find((x: any) => x._id === o.body._id).coupon).toEqual({ code, amount: 24 });
    const mail = await t.ctx.db.one<{ message: string }>(`SELECT message::text FROM mail_outbox WHERE idempotency_key = $1`, [`order-confirmation:${o.body._id}`]);
    expect(mail!.message).toContain(code);
    expect((await coupon(created._id)).timesUsed).toBe(1);
    const redemptions = await t.call('GET', `/api/coupons/${created._id}/redemptions`, { token: t.adminToken });
    expect(redemptions.body).toMatchObject({ itemCount: 1, items: [{ orderId: o.body._id, orderNumber: o.body.orderNumber, amount: 24, releasedAt: null, customer: { _id: c.id } }] });
    // A deleted coupon leaves past orders as they were.
    await t.call('DELETE', `/api/coupons/${created._id}`, { token: t.adminToken });
    expect((await t.call('GET', `/api/order/${o.body._id}`, { token: c.token })).body[0]).toMatchObject({ coupon: { code, amount: 24 }, totalPrice: 136 });
  });

  test('without a code, or with a blank one, nothing changes: coupon is null', async () => {
    const c = await shopper();
    expect((await preview(c.token)).body.coupon).toBeNull();
    const o = await checkout(c.token, '  ');
    expect(o.status).toBe(201);
    expect(o.body.coupon).toBeNull();
  });

  test('an unknown or inactive code: 400 on the preview, 409 on the order, and no order is written', async () => {
    const inactive = newCode('Off');
    await createCoupon({ code: inactive, active: false });
    for (const code of ['NOSUCHCODE', inactive]) {
      const c = await shopper();
      const p = await preview(c.token, code);
      expect([p.status, p.body.message]).toEqual([400, 'This code is not valid']);
      const o = await checkout(c.token, code);
      expect([o.status, o.body.message]).toEqual([409, 'This code is not valid']);
      expect(await ordersOf(c.id)).toBe(0);
      expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toHaveLength(1);
    }
  });

  test('expiry and start, to the minute', async () => {
    const ended = newCode('Ended');
    const ending = newCode('Ending');
    const later = newCode('Later');
    await createCoupon({ code: ended, endsAt: new Date(Date.now() - MINUTE).toISOString() });
    await createCoupon({ code: ending, endsAt: new Date(Date.now() + MINUTE).toISOString() });
    await createCoupon({ code: later, startsAt: new Date(Date.now() + MINUTE).toISOString() });
    const c = await shopper();
    // Not running: the answer of a code that does not exist (issue 34 #5; guessing.test.ts).
    expect((await preview(c.token, ended)).body.message).toBe('This code is not valid');
    expect((await checkout(c.token, ended)).body.message).toBe('This code is not valid');
    expect((await preview(c.token, later)).body.message).toBe('This code is not valid');
    const o = await checkout(c.token, ending);
    expect(o.status).toBe(201);
    expect(o.body.coupon.code).toBe(ending);
  });

  test('a minimum subtotal per currency, after product discounts', async () => {
    const code = newCode('Min');
    await createCoupon({ code, minSubtotal: [{ currType: usd._id, amount: 100 }, { currType: eur._id, amount: 50 }] });
    const c = await shopper(); // 80 USD, 60 EUR
    const usdPreview = await preview(c.token, code);
    expect([usdPreview.status, usdPreview.body.message]).toEqual([400, 'This code needs a subtotal of $100.00']);
    expect((await checkout(c.token, code)).status).toBe(409);
    const eurPreview = await preview(c.token, code, eur._id);
    expect(eurPreview.status).toBe(200);
    expect(eurPreview.body.coupon).toEqual({ code, amount: 6 });
    expect((await checkout(c.token, code, eur._id)).status).toBe(201);
  });

  test('first order only, and a customer limit: refused with their messages', async () => {
    const first = newCode('First');
    const once = newCode('Once');
    await createCoupon({ code: first, firstOrderOnly: true });
    await createCoupon({ code: once, perCustomerLimit: 1 });
    const c = await shopper();
    expect((await checkout(c.token, once)).status).toBe(201);
    await addToCart(c.token, piece._id);
    expect((await preview(c.token, first)).body.message).toBe('This code is for a first order');
    const again = await checkout(c.token, once);
    expect([again.status, again.body.message]).toEqual([409, 'You have already used this code']);
    expect(await ordersOf(c.id)).toBe(1);
  });

  test('a code for some products takes off only what they cost; none of them in the cart: refused', async () => {
    const code = newCode('Pendants');
    await createCoupon({ code, value: percent(50), products: [other._id] });
    const c = await shopper(piece._id);
    expect((await preview(c.token, code)).body.message).toBe('This code does not apply to the items in your cart');
    await addToCart(c.token, other._id);
    const p = await preview(c.token, code);
    expect(p.body).toMatchObject({ subTotalPrice: 120, coupon: { code, amount: 20 }, totalPrice: 100 });
  });

  test('a percentage coupon after product and user discounts gives the SPEC-order total to the cent', async () => {
    const sale = await t.discount({ title: 'Sale 10%', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: percent(10) });
    const loyal = await t.discount({ title: 'Loyal 5%', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: percent(5) });
    const onSale = await t.product({ title: 'Coupon Bracelet', basePrice: [{ currType: usd._id, amount: 99.99 }], discounts: [sale._id] });
    const c = await shopper(onSale._id, 3);
    await t.ctx.db.query(`INSERT INTO user_discounts (user_id, discount_id) VALUES ($1, $2)`, [c.id, loyal._id]);
    const code = newCode('Pct');
    await createCoupon({ code, value: percent(15) });
    // 3 × 99.99 = 299.97; sale 10 % = 30.00 (29.997) → 269.97; loyal 5 % = 13.50 (13.4985) → 256.47;
    // coupon 15 % = 38.47 (38.4705) → 218.00.
    const o = await checkout(c.token, code);
    expect(o.status).toBe(201);
    expect(o.body).toMatchObject({ subTotalPrice: 299.97, totalDiscount: 81.97, coupon: { code, amount: 38.47 }, totalPrice: 218 });
  });
});

describe('limits under concurrency', () => {
  test('a code limited to 10 uses, 100 customers ordering at once: exactly 10 orders carry it, 90 get a 409 and nothing is written for them', async () => {
    const code = newCode('Ten');
    const { body: created } = await createCoupon({ code, usageLimit: 10 });
    const customers = await Promise.all(Array.from({ length: 100 }, () => shopper()));
    const answers = await Promise.all(customers.map((c) => checkout(c.token, code)));
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status !== 201);
    // Every refusal as the shopper reads it, so a failure names what came back.
    expect([...new Set(lost.map((a) => `${a.status} ${a.body.message}`))].filter((m) => !/^409 This code (is not valid|has reached its usage limit)$/.test(m))).toEqual([]);
    expect(won).toHaveLength(10);
    expect(won.every((a) => a.body.coupon?.code === code)).toBe(true);
    // Read once the uses had run out, the code answers as any code not running; lost in the race to count
    // its use after this checkout priced it, it says why (issue 34 #5).
    expect(lost.every((a) => a.status === 409 && ['This code is not valid', 'This code has reached its usage limit'].includes(a.body.message))).toBe(true);
    expect(lost).toHaveLength(90);
    const ids = customers.map((c) => c.id);
    const rows = await t.ctx.db.query<{ n: number; with_code: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE coupon_code = $2)::int AS with_code FROM orders WHERE user_id = ANY($1::uuid[])`,
      [ids, code],
    );
    expect(rows[0]).toEqual({ n: 10, with_code: 10 });
    expect((await coupon(created._id)).timesUsed).toBe(10);
    const carts = await t.ctx.db.query<{ n: number }>(`SELECT count(DISTINCT user_id)::int AS n FROM cart_items WHERE user_id = ANY($1::uuid[])`, [ids]);
    expect(carts[0].n).toBe(90);
  });

  test('one use per customer, two orders by the same customer at once: one carries the code', async () => {
    const code = newCode('PerCustomer');
    await createCoupon({ code, perCustomerLimit: 1 });
    const c = await shopper(piece._id, 2);
    const answers = await Promise.all([checkout(c.token, code), checkout(c.token, code)]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const used = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = $1`, [code]);
    expect(used[0].n).toBe(1);
  });

  test('a cancelled or rejected order gives its use back; a rejected order reopened holds it again', async () => {
    const code = newCode('One');
    const { body: created } = await createCoupon({ code, usageLimit: 1 });
    const first = await shopper();
    const order = await checkout(first.token, code);
    expect(order.status).toBe(201);
    const second = await shopper();
    expect((await checkout(second.token, code)).body.message).toBe('This code is not valid');
    // Two cancels at once return the use once.
    const cancels = await Promise.all([1, 2].map(() => t.call('PATCH', `/api/order/${order.body._id}`, { token: first.token, body: { status: 'cancelled' } })));
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await coupon(created._id)).timesUsed).toBe(0);
    const secondOrder = await checkout(second.token, code);
    expect(secondOrder.status).toBe(201);
    expect((await coupon(created._id)).timesUsed).toBe(1);
    await t.call('PATCH', `/api/order/${secondOrder.body._id}`, { token: t.adminToken, body: { status: 'rejected' } });
    expect((await coupon(created._id)).timesUsed).toBe(0);
    await t.call('PATCH', `/api/order/${secondOrder.body._id}`, { token: t.adminToken, body: { status: 'processing' } });
    expect((await coupon(created._id)).timesUsed).toBe(1);
    const redemptions = await t.call('GET', `/api/coupons/${created._id}/redemptions`, { token: t.adminToken });
    expect(redemptions.body.items.map((r: any) => [r.orderId, r.releasedAt === null])).toEqual([
      [secondOrder.body._id, true],
      [order.body._id, false],
    ]);
    // A deleted order gives it back too.
    await t.call('DELETE', `/api/order/${secondOrder.body._id}`, { token: t.adminToken });
    expect((await coupon(created._id)).timesUsed).toBe(0);
  });
});

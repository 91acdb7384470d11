import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let usd: { _id: string };
let eur: { _id: string };
let ring: any;
let plain: any;
const future = () => new Date(Date.now() + 86400000).toISOString();
const past = () => new Date(Date.now() - 86400000).toISOString();
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
  eur = await t.currency('EUR', '€');
  const pct = await t.discount({ title: '10% off', discountType: 'percentage', timeLimit: future(), value: [{ currType: usd._id, amount: 10 }, { currType: eur._id, amount: 10 }] });
  const old = await t.discount({ title: 'old', discountType: 'fixed', timeLimit: past(), value: [{ currType: usd._id, amount: 50 }] });
  ring = await t.product({
    title: 'Test Ring',
    basePrice: [{ currType: usd._id, amount: 100 }, { currType: eur._id, amount: 90 }],
    discounts: [pct._id, old._id],
    variants: [{ type: 'Metal', options: [{ name: 'Silver', incRate: [] }, { name: 'Gold', incRate: [{ currType: usd._id, amount: 25.5 }, { currType: eur._id, amount: 20 }] }] }],
  });
  plain = await t.product({ title: 'Plain Chain', basePrice: [{ currType: usd._id, amount: 19.99 }, { currType: eur._id, amount: 18 }] });
});
afterAll(() => t.close());

async function fill(token: string) {
  const gold = ring.variants[0].options[1]._id;
  expect((await t.call('POST', '/api/cart', { token, body: { productId: ring._id, options: [{ variantId: ring.variants[0]._id, optionId: gold }], quantity: 2 } })).status).toBe(200);
  expect((await t.call('POST', '/api/cart', { token, body: { productId: plain._id, quantity: 3 } })).status).toBe(200);
}

describe('POST /order', () => {
  test('charges base + options, product discounts, then user discounts; snapshots; empties the cart; saves the address', async () => {
    const c = await t.customer('Olga Buyer');
    await fill(c.token);
    const userDisc = await t.discount({ title: 'vip $10', discountType: 'fixed', timeLimit: future(), value: [{ currType: usd._id, amount: 10 }] });
    await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: t.adminToken, body: { discountId: userDisc._id } });
    // ring: (100 + 25.50) × 2 = 251.00, 10% → 25.10; chain: 19.99 × 3 = 59.97; subtotal 310.97
    // after product discounts 285.87; user $10 → total 275.87; discount 35.10
    const preview = await t.call('POST', '/api/order/preview', { token: c.token, body: { selectedCurr: usd._id } });
    expect(preview.body).toEqual({ subTotalPrice: 310.97, productDiscount: 25.1, userDiscount: 10, couponDiscount: 0, totalDiscount: 35.1, coupon: null, totalPrice: 275.87, currency: { symbol: '$', currType: usd._id, code: 'USD' },
      // Issue 39: a shop with no shipping zone charges neither shipping nor tax.
      shippingMethod: null, shippingCountry: null, shippingPrice: 0, taxTotal: 0, taxLines: [], pricesIncludeTax: false });
    const r = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'pending', paymentMethod: 'Cash On Delivery', subTotalPrice: 310.97, totalDiscount: 35.1, totalPrice: 275.87, currency: { symbol: '$', currType: usd._id } });
    expect(r.body.shippingAddress).toMatchObject({ ...address, fullName: 'Olga Buyer' });
    expect(r.body.items[0]).toMatchObject({ product: { title: 'Test Ring', slug: 'test-ring' }, quantity: 2, options: [{ variantType: 'Metal', selectedOption: { name: 'Gold' } }], totalPrice: [{ currType: usd._id, amount: 251 }] });
    expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toEqual([]);
    const addrs = await t.call('GET', '/api/user/addresses', { token: c.token });
    expect(addrs.body).toHaveLength(1);
    // the answer and the confirmation are made before the rows are written: exactly what reading the order back shows
    expect(r.body).toEqual((await t.call('GET', `/api/order/${r.body._id}`, { token: c.token })).body[0]);
    const confirmation = await t.ctx.db.one<{ message: { kind: string; order: unknown } }>(`SELECT message FROM mail_outbox WHERE idempotency_key = $1`, [`order-confirmation:${r.body._id}`]);
    // With the invoice its PDF attachment is made from (issue 39): the number and the seller taken in the order's last statement.
    expect(confirmation!.message).toEqual({
      kind: 'order-confirmation',
      order: r.body,
      invoice: expect.objectContaining({ kind: 'invoice', number: r.body.invoiceNumber, orderNumber: r.body.orderNumber, total: Math.round(r.body.totalPrice * 100), seller: expect.objectContaining({ legalName: '' }) }),
    });
    expect(r.body.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    // the snapshot survives product changes
    await t.call('PUT', `/api/product/${plain._id}`, { token: t.adminToken, body: { title: 'Renamed Chain' } });
    const again = await t.call('GET', `/api/order/${r.body._id}`, { token: c.token });
    expect(again.body[0].items[1].product.title).toBe('Plain Chain');
    await t.call('PUT', `/api/product/${plain._id}`, { token: t.adminToken, body: { title: 'Plain Chain' } });
  });

  test('the 201 answer is sent uncompressed (a small answer, on the thread checkouts wait on); reading the order back is compressed', async () => {
    const c = await t.customer('Uma Plain');
    await fill(c.token);
    const headers = { 'accept-encoding': 'br, gzip' };
    const r = await t.call('POST', '/api/order', { token: c.token, headers, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
    expect(r.status).toBe(201);
    expect(Buffer.byteLength(JSON.stringify(r.body))).toBeGreaterThan(1024); // above the compression threshold
    expect(r.headers.get('content-encoding')).toBeNull();
    const back = await t.call('GET', `/api/order/${r.body._id}`, { token: c.token, headers });
    expect(back.headers.get('content-encoding')).toBe('br');
    expect(back.body[0]).toEqual(r.body);
  });

  test('in another currency, with a saved addressId', async () => {
    const c = await t.customer();
    await fill(c.token);
    const a = await t.call('POST', '/api/user/addresses', { token: c.token, body: address });
    const r = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: eur._id, addressId: a.body._id } });
    // ring (90 + 20) × 2 = 220, 10% = 22; chain 18 × 3 = 54; subtotal 274, total 252
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ subTotalPrice: 274, totalDiscount: 22, totalPrice: 252, currency: { symbol: '€' } });
    expect(r.body).toEqual((await t.call('GET', `/api/order/${r.body._id}`, { token: c.token })).body[0]);
  });

  test('refusals: empty cart, bad address, unknown address, unknown currency, bad payment method, no auth', async () => {
    const c = await t.customer();
    const base = { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id };
    expect(await t.call('POST', '/api/order', { token: c.token, body: { ...base, shippingAddress: address } })).toMatchObject({ status: 400, body: { message: 'Cart is empty' } });
    await fill(c.token);
    for (const bad of [{ ...address, postalCode: 'abc' }, { ...address, city: '' }, { line1: 'x' }]) {
      const r = await t.call('POST', '/api/order', { token: c.token, body: { ...base, shippingAddress: bad } });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/address|postalCode|city/i);
    }
    expect((await t.call('POST', '/api/order', { token: c.token, body: base })).status).toBe(400);
    expect((await t.call('POST', '/api/order', { token: c.token, body: { ...base, addressId: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
    expect((await t.call('POST', '/api/order', { token: c.token, body: { ...base, selectedCurr: '00000000-0000-0000-0000-000000000000', shippingAddress: address } })).status).toBe(400);
    expect((await t.call('POST', '/api/order', { token: c.token, body: { ...base, paymentMethod: 'Bitcoin', shippingAddress: address } })).status).toBe(400);
    expect((await t.call('POST', '/api/order', { body: { ...base, shippingAddress: address } })).status).toBe(401);
    expect((await t.call('GET', '/api/cart', { token: c.token })).body.items).toHaveLength(2);
  });

  test('checkouts of an empty cart use up no order number: the next order has the number after the last one', async () => {
    const c = await t.customer();
    const base = { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address };
    await fill(c.token);
    const first = await t.call('POST', '/api/order', { token: c.token, body: base });
    for (let i = 0; i < 3; i++) expect((await t.call('POST', '/api/order', { token: c.token, body: base })).status).toBe(400);
    await fill(c.token);
    const next = await t.call('POST', '/api/order', { token: c.token, body: base });
    const n = (o: { body: { orderNumber: string } }) => Number(o.body.orderNumber.replace(/\D/g, ''));
    expect(n(next)).toBe(n(first) + 1);
  });

  test('a total never goes below zero', async () => {
    const c = await t.customer();
    const huge = await t.discount({ title: 'huge', discountType: 'fixed', timeLimit: future(), value: [{ currType: usd._id, amount: 100000 }] });
    await t.call('PATCH', `/api/user/${c.id}/addDiscountToUser`, { token: t.adminToken, body: { discountId: huge._id } });
    await fill(c.token);
    const r = await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
    expect(r.body).toMatchObject({ subTotalPrice: 310.97, totalDiscount: 310.97, totalPrice: 0 });
  });
});

describe('order status, visibility and reports', () => {
  let a: any;
  let b: any;
  let orderA: string;
  beforeAll(async () => {
    a = await t.customer();
    b = await t.customer();
    await fill(a.token);
    orderA = (await t.call('POST', '/api/order', { token: a.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } })).body._id;
  });

  test('customers see only their own orders; admins see all, filtered by status', async () => {
    expect((await t.call('GET', '/api/order?status=all', { token: a.token })).body.map((o: any) => o._id)).toEqual([orderA]);
    expect((await t.call('GET', '/api/order', { token: b.token })).body).toEqual([]);
    expect((await t.call('GET', `/api/order/${orderA}`, { token: b.token })).status).toBe(404);
    const all = await t.call('GET', '/api/order?status=pending', { token: t.adminToken });
    expect(all.body.length).toBeGreaterThan(1);
    expect(all.body.every((o: any) => o.status === 'pending')).toBe(true);
    expect((await t.call('GET', '/api/order?status=lost', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/order')).status).toBe(401);
  });

  test('a customer may only cancel their own pending order', async () => {
    expect((await t.call('PATCH', `/api/order/${orderA}`, { token: a.token, body: { status: 'shipped' } })).status).toBe(403);
    expect((await t.call('PATCH', `/api/order/${orderA}`, { token: b.token, body: { status: 'cancelled' } })).status).toBe(404);
    const r = await t.call('PATCH', `/api/order/${orderA}`, { token: a.token, body: { status: 'cancelled' } });
    expect(r).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await t.call('PATCH', `/api/order/${orderA}`, { token: a.token, body: { status: 'cancelled' } })).status).toBe(409);
    expect((await t.call('PATCH', `/api/order/${orderA}`, { token: t.adminToken, body: { status: 'processing' } })).status).toBe(409);
  });

  test('an admin sets processing/shipped/delivered/rejected and deletes', async () => {
    const c = await t.customer();
    await fill(c.token);
    const id = (await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } })).body._id;
    for (const s of ['processing', 'shipped', 'delivered', 'rejected']) {
      expect((await t.call('PATCH', `/api/order/${id}`, { token: t.adminToken, body: { status: s } })).body.status).toBe(s);
    }
    expect((await t.call('PATCH', `/api/order/${id}`, { token: t.adminToken, body: { status: 'cancelled' } })).status).toBe(403);
    expect((await t.call('PATCH', `/api/order/${id}`, { token: t.adminToken, body: { status: 'lost' } })).status).toBe(400);
    expect((await t.call('DELETE', `/api/order/${id}`, { token: c.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/order/${id}`, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('DELETE', `/api/order/${id}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('GET', `/api/order/not-a-uuid`, { token: t.adminToken })).status).toBe(400);
  });

  test('shipping records a carrier and a tracking number (optional): the order, its e-mail and the audit show them, with a link for a known carrier (issue 38)', async () => {
    const c = await t.customer();
    await fill(c.token);
    const id = (await t.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } })).body._id;
    const patch = (body: object, token = t.adminToken) => t.call('PATCH', `/api/order/${id}`, { token, body });
    // Bad input: named, nothing changed.
    const bad = await patch({ status: 'shipped', trackingNumber: '1Z<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('trackingNumber');
    expect((await patch({ status: 'shipped', carrier: 'x'.repeat(61) })).body.message).toContain('carrier');
    const early = await patch({ status: 'processing', carrier: 'UPS' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('carrier goes with status shipped only');
    expect((await t.call('GET', `/api/order/${id}`, { token: c.token })).body[0]).toMatchObject({ status: 'pending', shipment: null });
    // The back office's order details name the buyer's e-mail and phone (the account's number).
    const contact = (await t.ctx.db.one<{ contact: string }>(`SELECT contact FROM users WHERE id = $1`, [c.id]))!.contact;
    expect((await t.call('GET', `/api/order/${id}`, { token: t.adminToken })).body[0].user).toEqual({ _id: c.id, fullName: c.fullName, email: c.email, phone: contact });

    const shipped = await patch({ status: 'shipped', carrier: ' UPS ', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };
    expect(shipped.body).toMatchObject({ status: 'shipped', shipment });
    // The shopper reads it in My orders, and in the e-mail the change sends.
    expect((await t.call('GET', `/api/order/${id}`, { token: c.token })).body[0].shipment).toEqual(shipment);
    expect((await t.call('GET', '/api/order', { token: c.token })).body[0].shipment).toEqual(shipment);
    const mails = await t.ctx.db.query<{ message: any }>(`SELECT message FROM mail_outbox WHERE idempotency_key LIKE $1`, [`order-status:${id}:shipped:%`]);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.order.shipment).toEqual(shipment);
    const audit = await t.ctx.db.one<{ after: any }>(`SELECT after FROM audit_log WHERE entity_id = $1 ORDER BY at DESC LIMIT 1`, [id]);
    expect(audit!.after).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

    // A corrected number on a shipped order: kept, no second e-mail; an unknown carrier has no link.
    const fixed = await patch({ status: 'shipped', carrier: 'Bob’s Courier', trackingNumber: 'B-7' });
    expect(fixed.body.shipment).toEqual({ carrier: 'Bob’s Courier', trackingNumber: 'B-7', trackingUrl: null });
    expect(await t.ctx.db.query(`SELECT 1 FROM mail_outbox WHERE idempotency_key LIKE $1`, [`order-status:${id}:shipped:%`])).toHaveLength(1);
    // Delivered keeps the shipment; shipping without details leaves none.
    expect((await patch({ status: 'delivered' })).body.shipment).toEqual({ carrier: 'Bob’s Courier', trackingNumber: 'B-7', trackingUrl: null });
    const c2 = await t.customer();
    await fill(c2.token);
    const plainId = (await t.call('POST', '/api/order', { token: c2.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } })).body._id;
    const bare = await t.call('PATCH', `/api/order/${plainId}`, { token: t.adminToken, body: { status: 'shipped', carrier: '', trackingNumber: '' } });
    expect(bare.body).toMatchObject({ status: 'shipped', shipment: null });
  });

  test('reports by period and the summary', async () => {
    const r = await t.call('GET', '/api/order/report/today', { token: t.adminToken });
    expect(Object.keys(r.body).sort()).toEqual(['cancelled', 'delivered', 'pending', 'processing', 'rejected', 'shipped']);
    expect(r.body.cancelled).toBeGreaterThanOrEqual(1);
    for (const p of ['weekly', 'monthly', 'yearly']) expect((await t.call('GET', `/api/order/report/${p}`, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', '/api/order/report/decade', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/order/report/today', { token: a.token })).status).toBe(403);
    const s = await t.call('GET', '/api/report', { token: t.adminToken });
    expect(s.body).toMatchObject({ product: 2, filter: 0 });
    expect(s.body.order).toBeGreaterThan(0);
    expect(s.body.user).toBeGreaterThan(3);
    expect((await t.call('GET', '/api/report', { token: a.token })).status).toBe(403);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { retryPendingRefunds } from '../orders/service';


const CLIENT_ID = 'test-client';
const SECRET = 'test-secret';

type StandInOrder = { id: string; status: string; amount: { currency_code: string; value: string }; custom_id?: string; captures: number };

/** A local stand-in for PayPal's REST API (OAuth2, create, get and capture orders). */
function startPaypalStandIn() {
  const orders = new Map<string, StandInOrder>();
  const refunds: string[] = [];
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = req.url ?? '';
      if (url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected || raw !== 'grant_type=client_credentials') return send(401, { error: 'invalid_client' });
        return send(200, { access_token: 'A21-token', token_type: 'Bearer', expires_in: 32400 });
      }
      if (req.headers.authorization !== 'Bearer A21-token') return send(401, { name: 'AUTHENTICATION_FAILURE' });
      const view = (o: StandInOrder) => ({
        id: o.id,
        status: o.status,
        purchase_units: [
          {
            amount: o.amount,
            custom_id: o.custom_id,
            ...(o.status === 'COMPLETED' ? { payments: { captures: [{ id: `CAP-${o.id}`, status: 'COMPLETED', amount: o.amount }] } } : {}),
          },
        ],
      });
      if (url === '/v2/checkout/orders' && req.method === 'POST') {
        const body = JSON.parse(raw) as { intent: string; purchase_units: Array<{ amount: StandInOrder['amount']; custom_id?: string }> };
        if (body.intent !== 'CAPTURE') return send(422, { name: 'UNPROCESSABLE_ENTITY' });
        const id = `ORDER${++seq}`;
        orders.set(id, { id, status: 'CREATED', amount: body.purchase_units[0].amount, custom_id: body.purchase_units[0].custom_id, captures: 0 });
        return send(201, view(orders.get(id)!));
      }
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url);
      if (refund && req.method === 'POST') {
        refunds.push(refund[1]);
        return send(201, { id: `REF-${refund[1]}`, status: 'COMPLETED' });
      }
      const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url);
      const order = m && orders.get(m[1]);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (!m[2]) return send(200, view(order));
      if (order.status !== 'APPROVED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED' }] });
      order.status = 'COMPLETED';
      order.captures += 1;
      return send(201, view(order));
    });
  });
  return new Promise<{ url: string; orders: Map<string, StandInOrder>; refunds: string[]; approve: (id: string) => void; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        orders,
        refunds,
        approve: (id) => (orders.get(id)!.status = 'APPROVED'), // what the buyer does in the provider's window
        close: () => new Promise((r) => server.close(() => r())),
      });
    }),
  );
}

/** A local stand-in for the rate provider: EUR -> USD 1.1; anything else unknown. */
function startRatesStandIn() {
  const server = http.createServer((req, res) => {
    if (req.url === '/EUR') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rates: { USD: 1.1 } }));
    else res.writeHead(404).end();
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

describe('wallet payments against a stand-in provider', () => {
  let paypal: Awaited<ReturnType<typeof startPaypalStandIn>>;
  let ratesServer: Awaited<ReturnType<typeof startRatesStandIn>>;
  let app: FastifyInstance;
  let url: string;
  let token: string;
  const cur = { eur: '', gbp: '' };
  let productId = '';

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id?: string; message?: string } };
  };
  const fillCart = () => call('POST', '/cart', { productId, options: [], quantity: 2 });
  const address = { country: 'France', line1: '1 Rue de la Paix', city: 'Paris', postalCode: '75002' };
  const orderCount = async () => Number((await app.ctx.db.one<{ n: string }>(`SELECT count(*) AS n FROM orders`))!.n);

  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    ratesServer = await startRatesStandIn();
    // The app wires the wallet itself from these settings, exactly as server.ts passes the environment.
    app = await buildApp({
      seedDemo: false,
      hashCost: { memoryCost: 1024, timeCost: 1 },
      paypalClientId: CLIENT_ID,
      paypalClientSecret: SECRET,
      paypalApiBase: paypal.url,
      ratesApiBase: ratesServer.url,
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });

    const db = app.ctx.db;
    cur.eur = (await db.one<{ id: string }>(`INSERT INTO currencies (name, code, symbol) VALUES ('Euro', 'EUR', '€') RETURNING id`))!.id;
    cur.gbp = (await db.one<{ id: string }>(`INSERT INTO currencies (name, code, symbol) VALUES ('Pound', 'GBP', '£') RETURNING id`))!.id;
    productId = (await db.one<{ id: string }>(`INSERT INTO products (slug, title) VALUES ('gold-ring', 'Gold Ring') RETURNING id`))!.id;
    await db.query(`INSERT INTO product_prices (product_id, currency_id, amount) VALUES ($1, $2, 5000), ($1, $3, 4300)`, [productId, cur.eur, cur.gbp]);
    const reg = await fetch(`${url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Wallet Buyer', email: 'buyer@example.com', contact: '5550001', password: 'wallet-buyer-secret' }),
    });
    token = ((await reg.json()) as { token: string }).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await paypal?.close();
    await ratesServer?.close();
  });

  it('publishes the client id for the wallet button only when payments can be verified', async () => {
    expect((await call('GET', '/config/getPaypalClient')).body).toEqual({ clientId: CLIENT_ID });
    const withoutSecret = await buildApp({ seedDemo: false, paypalClientId: CLIENT_ID });
    const address = await withoutSecret.listen({ port: 0, host: '127.0.0.1' });
    expect(await (await fetch(`${address}/api/config/getPaypalClient`)).json()).toEqual({ clientId: null });
    await withoutSecret.close();
  }, 90_000); // it starts a second app (a database and its migrations): ~4 s alone, over 30 s on the busy CI host

  it('creates the provider order server-side for the cart total converted to USD', async () => {
    await fillCart();
    const res = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur });
    expect(res.status).toBe(200);
    // 2 x 50.00 EUR = 100.00 EUR = 110.00 USD at 1.1
    expect(paypal.orders.get(res.body.id!)).toMatchObject({ status: 'CREATED', amount: { currency_code: 'USD', value: '110.00' } });
  });

  it('refuses an order for an unapproved payment, then creates it once captured and verified', async () => {
    const { body } = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur });
    const before = await orderCount();
    const unpaid = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address });
    expect(unpaid.status).toBe(402);
    expect(await orderCount()).toBe(before);

    paypal.approve(body.id!);
    const paid = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ paymentMethod: 'PayPal', totalPrice: 100 });
    expect(paypal.orders.get(body.id!)).toMatchObject({ status: 'COMPLETED', captures: 1 });
    expect((await call('GET', '/cart')).body.items).toEqual([]);

    // The same payment cannot pay for a second order.
    await fillCart();
    const again = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address });
    expect(again.status).toBe(409);
    expect(await orderCount()).toBe(before + 1);
  });

  it('a coupon: the provider order is made for the total with the code taken off, and the order carries it (issue 22)', async () => {
    await app.ctx.db.query(`INSERT INTO coupons (code, discount_type, value) VALUES ('WALLET10', 'percentage', '{"%": 1000}')`);
    // The cart still holds the 2 rings the previous test could not order.
    const { body } = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur, couponCode: 'wallet10' });
    // 100.00 EUR − 10 % = 90.00 EUR = 99.00 USD at 1.1
    expect(paypal.orders.get(body.id!)).toMatchObject({ amount: { currency_code: 'USD', value: '99.00' } });
    paypal.approve(body.id!);
    // Paying for the discounted total but sending no code: the payment does not match, nothing is charged.
    const noCode = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address });
    expect([noCode.status, noCode.body.message]).toEqual([409, 'The payment does not match the order total']);
    expect(paypal.orders.get(body.id!)).toMatchObject({ status: 'APPROVED', captures: 0 });
    const paid = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address, couponCode: 'WALLET10' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ totalPrice: 90, coupon: { code: 'WALLET10', amount: 10 } });
    // A refused code is the order's 409 before the provider is asked to capture anything.
    await fillCart(); // as the next tests expect it
    const refused = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur, couponCode: 'NOPE' });
    expect([refused.status, refused.body.message]).toEqual([400, 'This code is not valid']);
  });

  it('refuses, without charging, a provider order made for another amount', async () => {
    // A client creating its own provider order for 1.00 USD and approving it.
    const created = (await (
      await fetch(`${paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: 'Bearer A21-token', 'content-type': 'application/json' },
        body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] }),
      })
    ).json()) as { id: string };
    paypal.approve(created.id);
    const before = await orderCount();
    const res = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: created.id, selectedCurr: cur.eur, shippingAddress: address });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The payment does not match the order total');
    expect(paypal.orders.get(created.id)).toMatchObject({ status: 'APPROVED', captures: 0 });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a wallet order without a provider order id, an unknown id, or a currency with no known rate', async () => {
    expect((await call('POST', '/order', { paymentMethod: 'PayPal', selectedCurr: cur.eur, shippingAddress: address })).status).toBe(400);
    expect((await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: 'NOPE1', selectedCurr: cur.eur, shippingAddress: address })).status).toBe(400);
    const noRate = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.gbp });
    expect(noRate.status).toBe(503);
    expect(noRate.body.message).toMatch(/rates for GBP are not available/);
  });

  it('still takes cash on delivery through the same verifier', async () => {
    const res = await call('POST', '/order', { paymentMethod: 'Cash On Delivery', selectedCurr: cur.gbp, shippingAddress: address });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ paymentMethod: 'Cash On Delivery', totalPrice: 86 });
  });

  it('needs a signed-in user and a non-empty cart', async () => {
    const anonymous = await fetch(`${url}/api/wallet/paypal/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ selectedCurr: cur.eur }) });
    expect(anonymous.status).toBe(401);
    const empty = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur });
    expect(empty.status).toBe(400);
  });

  it('gives a captured payment back when the order cannot be written after all', async () => {
    await fillCart();
    const { body } = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur });
    paypal.approve(body.id!);
    const before = await orderCount();
    // A saved address that does not exist: the payment is captured first, then the order is refused.
    const res = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, addressId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await orderCount()).toBe(before);
    expect(paypal.orders.get(body.id!)!.status).toBe('COMPLETED');
    expect(paypal.refunds).toContain(`CAP-${body.id}`);
    // The refused order left the cart as it was.
    expect(((await call('GET', '/cart')).body as unknown as { items: unknown[] }).items).toHaveLength(1);
  });

  /** A wallet order placed from the cart (issue 17's tests). */
  async function paidOrder() {
    const { body } = await call('POST', '/wallet/paypal/order', { selectedCurr: cur.eur });
    paypal.approve(body.id!);
    const res = await call('POST', '/order', { paymentMethod: 'PayPal', paypalOrderId: body.id, selectedCurr: cur.eur, shippingAddress: address });
    return { providerOrder: body.id!, res };
  }

  it('refunds a wallet order its customer cancels, once, through the provider, and the order shows it', async () => {
    const { providerOrder, res } = await paidOrder();
    expect(res.status).toBe(201);
    const [a, b] = await Promise.all([call('PATCH', `/order/${res.body._id}`, { status: 'cancelled' }), call('PATCH', `/order/${res.body._id}`, { status: 'cancelled' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const cancelled = a.status === 200 ? a : b;
    expect(cancelled.body.refund).toMatchObject({ status: 'refunded', reference: `CAP-${providerOrder}` });
    expect(paypal.refunds.filter((r) => r === `CAP-${providerOrder}`)).toHaveLength(1);
    const [shown] = (await call('GET', `/order/${res.body._id}`)).body as unknown as Array<{ refund: unknown }>;
    expect(shown.refund).toMatchObject({ status: 'refunded', reference: `CAP-${providerOrder}` });
  });

  it('gives the capture back when the last piece sold before the wallet order was written (409, cart kept)', async () => {
    await fillCart();
    await app.ctx.db.query(`UPDATE products SET track_inventory = true WHERE id = $1`, [productId]);
    await app.ctx.db.query(`INSERT INTO stock_levels (product_id, options_key, option_ids, quantity) VALUES ($1, '', '{}', 0) ON CONFLICT (product_id, options_key) DO UPDATE SET quantity = 0`, [productId]);
    const { providerOrder, res } = await paidOrder();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Gold Ring is out of stock');
    expect(paypal.refunds).toContain(`CAP-${providerOrder}`);
    expect(((await call('GET', '/cart')).body as unknown as { items: unknown[] }).items).toHaveLength(1);
    await app.ctx.db.query(`UPDATE products SET track_inventory = false WHERE id = $1`, [productId]);
  });

  it('gives at start a refund that was owed when the process stopped', async () => {
    const { providerOrder, res } = await paidOrder();
    expect(res.status).toBe(201);
    // As a cancel leaves it when the process dies between its commit and the provider's answer.
    await app.ctx.db.query(`UPDATE orders SET status = 'cancelled', refund_status = 'pending', refund_ref = payment_ref, refund_at = now() WHERE id = $1`, [res.body._id]);
    await retryPendingRefunds(app.ctx.db, app.ctx.refundPayment, app.log);
    expect(paypal.refunds).toContain(`CAP-${providerOrder}`);
    const [shown] = (await call('GET', `/order/${res.body._id}`)).body as unknown as Array<{ refund: { status: string } }>;
    expect(shown.refund.status).toBe('refunded');
  });
});

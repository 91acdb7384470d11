import { createHash } from 'node:crypto';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { sweepGuestCarts } from './queries';

// Issue 40, guests: buying without an account when the owner turns guestCheckout on. On PGlite, and on
// PostgreSQL when DATABASE_URL is set.

const address = { fullName: 'Gina Guest', line1: '1 Gem Street', city: 'Goldtown', postalCode: '12345', country: 'US' };
let t: TestApp;
let smtp: TestSmtp;
const PUBLIC_URL = 'https://shop.example.com';
let usd: string;
let ring: any;
let chain: any;
let pendant: any;

beforeAll(async () => {
  // The e-mails go to an SMTP server in this process: a link is read from the e-mail as delivered.
  smtp = await startSmtp();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, pollMs: 200 } });
  usd = (await t.currency('USD', '$'))._id;
  ring = await t.product({ title: 'Guest Ring', basePrice: [{ currType: usd, amount: 100 }] });
  chain = await t.product({ title: 'Guest Chain', basePrice: [{ currType: usd, amount: 30 }] });
  pendant = await t.product({ title: 'Guest Pendant', basePrice: [{ currType: usd, amount: 55 }] });
  // The ring: 5 in stock (the merge caps by it).
  expect((await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 5 }] } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settings = async (patch: Record<string, unknown>) => {
  const now = (await t.call('GET', '/api/settings/store', { token: t.superToken })).body;
  const body = { legalName: now.legalName || 'Aurelia Jewels SAS', address: now.address || '1 Rue de la Paix\nParis', taxId: now.taxId, invoiceFooter: now.invoiceFooter, defaultCountry: now.defaultCountry ?? 'FR', ...patch };
  const r = await t.call('PUT', '/api/settings/store', { token: t.superToken, body });
  expect(r.status).toBe(200);
  return r.body;
};
const asGuest = (cartToken: string) => ({ headers: { 'x-cart-token': cartToken } });
const newCart = async () => {
  const r = await t.call('POST', '/api/cart/guest');
  expect(r.status).toBe(201);
  return r.body.cartToken as string;
};
const add = (cartToken: string, productId: string, quantity = 1) => t.call('POST', '/api/cart', { ...asGuest(cartToken), body: { productId, quantity } });
const order = (cartToken: string, body: Record<string, unknown> = {}) =>
  t.call('POST', '/api/order', { ...asGuest(cartToken), body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd, shippingAddress: address, email: 'gina@example.com', ...body } });
/** The order link's token, as the newest e-mail of `key` carries it once delivered (the outbox keeps it sealed, never readable). */
const linkOf = async (key: string) => {
  const row = await t.ctx.db.one<{ message: any; to_address: string }>(`SELECT message, to_address FROM mail_outbox WHERE idempotency_key LIKE $1 ORDER BY created_at DESC LIMIT 1`, [key]);
  expect(row!.message.statusUrl).toBe(`${PUBLIC_URL}/order-status/[redacted]`);
  const number = row!.message.order.orderNumber as string;
  const arrived = () => smtp.mails.filter((m) => JSON.stringify(m.to).includes(row!.to_address) && (m.text ?? '').includes(number) && (m.text ?? '').includes('/order-status/'));
  const before = arrived().length;
  if (!(await within(10_000, () => arrived().length > 0))) throw new Error(`no order e-mail for ${number}`);
  const texts = arrived().map((m) => /\/order-status\/([A-Za-z0-9_-]{43})/.exec(m.text ?? '')![1]);
  return { latest: texts[texts.length - 1], count: before };
};
const tokenOfLink = async (key: string) => (await linkOf(key)).latest;

describe('guest checkout off (the default): the spec login rule stands', () => {
  test('the guest calls answer 403, a cart call without session or token 401', async () => {
    expect((await t.call('GET', '/api/settings/guest-checkout')).body).toEqual({ guestCheckout: false });
    expect((await t.call('POST', '/api/cart/guest')).status).toBe(403);
    expect((await t.call('GET', '/api/cart', asGuest('A'.repeat(43)))).status).toBe(403);
    expect((await t.call('POST', '/api/order/preview', { ...asGuest('A'.repeat(43)), body: { selectedCurr: usd } })).status).toBe(403);
    expect((await t.call('GET', '/api/cart')).status).toBe(401);
    expect(await t.ctx.db.one(`SELECT 1 FROM guest_carts`)).toBeUndefined();
  });

  test('a cart token made while on is refused once the owner turns it off', async () => {
    await settings({ guestCheckout: true });
    const token = await newCart();
    expect((await add(token, chain._id)).status).toBe(200);
    const off = await settings({ guestCheckout: false });
    expect(off).toMatchObject({ guestCheckout: false, guestCheckoutByEnv: false });
    expect((await t.call('GET', '/api/cart', asGuest(token))).status).toBe(403);
    expect((await t.call('POST', '/api/order', { ...asGuest(token), body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd, shippingAddress: address, email: 'x@example.com' } })).status).toBe(403);
  });
});

describe('guest checkout on', () => {
  beforeAll(() => settings({ guestCheckout: true, guestCartsPerHour: 1000 }));

  test('a cart token: 256 bits, stored hashed; the cart calls take it instead of a session; the wishlist stays for accounts', async () => {
    const token = await newCart();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await t.ctx.db.one(`SELECT 1 FROM guest_carts WHERE token_hash = $1`, [hash])).toBeTruthy();
    expect(await t.ctx.db.one(`SELECT 1 FROM guest_carts WHERE token_hash = $1`, [token])).toBeUndefined();
    const added = await add(token, chain._id, 2);
    expect(added.status).toBe(200);
    expect(added.body.items.map((i: any) => [i.product.title, i.quantity])).toEqual([['Guest Chain', 2]]);
    const line = added.body.items[0]._id;
    expect((await t.call('PUT', `/api/cart/${line}`, { ...asGuest(token), body: { quantity: 3 } })).body.items[0].quantity).toBe(3);
    expect((await t.call('GET', '/api/cart', asGuest(token))).body.items[0].quantity).toBe(3);
    expect((await t.call('DELETE', `/api/cart/${line}`, asGuest(token))).body.items).toEqual([]);
    expect((await t.call('GET', '/api/wishlist', asGuest(token))).status).toBe(401);
    // A guest shopper is no customer of the back office's lists.
    const users = await t.call('GET', '/api/user?limit=100', { token: t.adminToken });
    expect(JSON.stringify(users.body)).not.toContain('guest.invalid');
  });

  test("a token of someone else's, made up or spent is refused (403), and another guest's line is not found; nothing changes", async () => {
    const mine = await newCart();
    const theirs = await newCart();
    const their = (await add(theirs, ring._id, 1)).body.items[0]._id;
    expect((await t.call('GET', '/api/cart', asGuest('x'.repeat(43)))).status).toBe(403);
    expect((await t.call('GET', '/api/cart', asGuest('not-a-token'))).status).toBe(403);
    expect((await t.call('PUT', `/api/cart/${their}`, { ...asGuest(mine), body: { quantity: 4 } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/cart/${their}`, asGuest(mine))).status).toBe(404);
    expect((await t.call('GET', '/api/cart', asGuest(theirs))).body.items[0].quantity).toBe(1);
  });

  test('a guest buys with an e-mail: the confirmation carries a private link; the page, the invoice and a cancel work through it', async () => {
    const token = await newCart();
    await add(token, chain._id, 2);
    expect((await t.call('POST', '/api/order/preview', { ...asGuest(token), body: { selectedCurr: usd } })).body.subTotalPrice).toBe(60);
    expect((await t.call('GET', `/api/shipping/methods?country=US&currency=${usd}`, asGuest(token))).status).toBe(200);
    // No e-mail, a bad one, a saved address: 400, nothing ordered.
    expect((await order(token, { email: undefined })).status).toBe(400);
    expect((await order(token, { email: 'not-an-email' })).status).toBe(400);
    expect((await order(token, { addressId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    expect((await order(token, { shippingAddress: { ...address, fullName: ' ' } })).status).toBe(400);
    expect((await t.call('GET', '/api/cart', asGuest(token))).body.items).toHaveLength(1);

    const placed = await order(token);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ guest: true, user: { email: 'gina@example.com', fullName: 'Gina Guest' }, status: 'pending' });
    expect((await t.call('GET', '/api/cart', asGuest(token))).body.items).toEqual([]);
    const mail = await t.ctx.db.one<{ to_address: string }>(`SELECT to_address FROM mail_outbox WHERE idempotency_key = $1`, [`order-confirmation:${placed.body._id}`]);
    expect(mail!.to_address).toBe('gina@example.com');
    const link = await tokenOfLink(`order-confirmation:${placed.body._id}`);
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.ctx.db.one<{ status_token_hash: string }>(`SELECT status_token_hash FROM orders WHERE id = $1`, [placed.body._id]);
    expect(stored!.status_token_hash).toBe(createHash('sha256').update(link).digest('hex'));

    const page = await t.call('GET', `/api/order-status/${link}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ order: { _id: placed.body._id, orderNumber: placed.body.orderNumber }, canCancel: true, hasAccount: false });
    const pdf = await fetch(`${t.url}/api/order-status/${link}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await t.call('GET', `/api/order-status/${'z'.repeat(43)}`)).status).toBe(404);
    expect((await t.call('GET', '/api/order-status/short')).status).toBe(400);

    const cancelled = await t.call('POST', `/api/order-status/${link}/cancel`);
    expect(cancelled.body).toMatchObject({ order: { status: 'cancelled' }, canCancel: false });
    expect((await t.call('POST', `/api/order-status/${link}/cancel`)).status).toBe(409);

    // The admin's list marks it.
    const list = await t.call('GET', `/api/order?page=1&limit=50&keyword=${placed.body.orderNumber}`, { token: t.adminToken });
    expect(list.body.items.find((i: any) => i._id === placed.body._id)).toMatchObject({ guest: true, customer: { email: 'gina@example.com' } });
  });

  test('Find my order: the same answer whether or not it matched; a match e-mails a new link (the old one stops working)', async () => {
    const token = await newCart();
    await add(token, pendant._id);
    const placed = (await order(token, { email: 'finder@example.com' })).body;
    const first = await tokenOfLink(`order-confirmation:${placed._id}`);
    const mails = async () => (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox`))!.n;
    const before = await mails();
    const wrong = await t.call('POST', '/api/order-status/find', { body: { orderNumber: placed.orderNumber, email: 'someone@example.com' } });
    const unknown = await t.call('POST', '/api/order-status/find', { body: { orderNumber: 'AJ-999999999', email: 'finder@example.com' } });
    expect(await mails()).toBe(before);
    const right = await t.call('POST', '/api/order-status/find', { body: { orderNumber: placed.orderNumber, email: 'FINDER@example.com' } });
    expect([wrong.status, unknown.status, right.status]).toEqual([200, 200, 200]);
    expect(wrong.body).toEqual(right.body);
    expect(unknown.body).toEqual(right.body);
    expect(await mails()).toBe(before + 1);
    await within(10_000, async () => (await linkOf(`order-link:${placed._id}:%`)).latest !== first);
    const second = await tokenOfLink(`order-link:${placed._id}:%`);
    expect(second).not.toBe(first);
    expect((await t.call('GET', `/api/order-status/${second}`)).body.order._id).toBe(placed._id);
    expect((await t.call('GET', `/api/order-status/${first}`)).status).toBe(404);
    // Rate limited per e-mail (and per address): 429 past FIND_ORDER_PER_EMAIL.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.call('POST', '/api/order-status/find', { body: { orderNumber: '1', email: 'limited@example.com' } })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  test('merge at sign-in, the written rule: same piece added (capped by stock), others kept, the account never loses a line; the token is spent', async () => {
    const c = await t.customer();
    // The account's cart: 2 rings and a pendant.
    await t.call('POST', '/api/cart', { token: c.token, body: { productId: ring._id, quantity: 2 } });
    await t.call('POST', '/api/cart', { token: c.token, body: { productId: pendant._id, quantity: 1 } });
    // Its guest cart before signing in: 4 rings (5 in stock) and 3 chains; a stranger's: a pendant.
    const token = await newCart();
    await add(token, ring._id, 4);
    await add(token, chain._id, 3);
    const stranger = await newCart();
    await add(stranger, pendant._id, 7);

    // Signing in without a token (the known failure: a stranger's cart attached): nothing joins.
    expect((await t.call('POST', '/api/cart/merge', { token: c.token })).status).toBe(403);
    const merged = await t.call('POST', '/api/cart/merge', { token: c.token, ...asGuest(token) });
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((i: any) => [i.product.title, i.quantity])).toEqual([
      ['Guest Ring', 5],
      ['Guest Pendant', 1],
      ['Guest Chain', 3],
    ]);
    // Spent: neither a second merge nor the cart calls take it; the stranger's cart is untouched.
    expect((await t.call('POST', '/api/cart/merge', { token: c.token, ...asGuest(token) })).status).toBe(403);
    expect((await t.call('GET', '/api/cart', asGuest(token))).status).toBe(403);
    expect((await t.call('GET', '/api/cart', asGuest(stranger))).body.items.map((i: any) => i.quantity)).toEqual([7]);
    expect((await t.call('GET', '/api/cart', { token: c.token })).body).toEqual(merged.body);

    // The account's line already above the stock keeps its quantity (never loses a piece).
    await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 1 }] } });
    const again = await newCart();
    await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 5 }] } });
    await add(again, ring._id, 1);
    await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 1 }] } });
    const capped = await t.call('POST', '/api/cart/merge', { token: c.token, ...asGuest(again) });
    expect(capped.body.items.find((i: any) => i.product.title === 'Guest Ring').quantity).toBe(5);
    await t.call('PUT', `/api/product/${ring._id}/stock`, { token: t.adminToken, body: { trackInventory: true, stock: [{ options: [], quantity: 5 }] } });
  });

  test('concurrent adds on one guest cart: one line, every piece counted', async () => {
    const token = await newCart();
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(token, chain._id, 1)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const cart = (await t.call('GET', '/api/cart', asGuest(token))).body.items;
    expect(cart.map((i: any) => i.quantity)).toEqual([20]);
  });

  test('a guest cart holds at most 50 lines (the 51st: 400, not added)', async () => {
    const token = await newCart();
    const products = [];
    for (let i = 0; i < 51; i++) products.push(await t.product({ title: `Line Bead ${i}`, basePrice: [{ currType: usd, amount: 1 }] }));
    const answers = await Promise.all(products.slice(0, 50).map((p) => add(token, p._id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const over = await add(token, products[50]._id);
    expect(over.status).toBe(400);
    expect((await t.call('GET', '/api/cart', asGuest(token))).body.items).toHaveLength(50);
  });

  test('after a guest order, "Create an account with this e-mail": a set-password link; the orders with that e-mail join the account', async () => {
    const email = 'newbuyer@example.com';
    const first = await newCart();
    await add(first, pendant._id);
    const one = (await order(first, { email })).body;
    const second = await newCart();
    await add(second, chain._id);
    const two = (await order(second, { email: 'NewBuyer@example.com' })).body;
    const link = await tokenOfLink(`order-confirmation:${two._id}`);

    const made = await t.call('POST', `/api/order-status/${link}/account`);
    expect(made.status).toBe(200);
    expect((await t.call('POST', `/api/order-status/${link}/account`)).status).toBe(409);
    expect((await t.call('GET', `/api/order-status/${link}`)).body.hasAccount).toBe(true);
    const account = await t.ctx.db.one<{ id: string }>(`SELECT id FROM users WHERE lower(email) = 'newbuyer@example.com' AND NOT is_guest`);
    const owners = await t.ctx.db.query<{ user_id: string }>(`SELECT user_id FROM orders WHERE id = ANY($1::uuid[])`, [[one._id, two._id]]);
    expect(owners.map((o) => o.user_id)).toEqual([account!.id, account!.id]);
    // The set-password e-mail (the password reset's), then the account signs in and sees both under My orders.
    const resetMails = () => smtp.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email) && /reset-password\?token=/.test(m.text ?? ''));
    expect(await within(10_000, () => resetMails().length > 0)).toBe(true);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMails()[0].text ?? '')![1];
    expect((await t.call('POST', '/api/user/reset-password', { body: { token: resetToken, password: 'a-new-password-1' } })).status).toBe(200);
    const login = await t.call('POST', '/api/user/login', { body: { uid: email, password: 'a-new-password-1' } });
    expect(login.status).toBe(200);
    const mine = await t.call('GET', '/api/order', { token: login.body.token });
    expect(mine.body.map((o: any) => o._id).sort()).toEqual([one._id, two._id].sort());
  });

  test('the sweep deletes expired carts and their guest shoppers, keeping those with an order', async () => {
    const token = await newCart();
    await add(token, chain._id);
    const hash = createHash('sha256').update(token).digest('hex');
    await t.ctx.db.query(`UPDATE guest_carts SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    const shopper = (await t.ctx.db.one<{ user_id: string }>(`SELECT user_id FROM guest_carts WHERE token_hash = $1`, [hash]))!.user_id;
    await t.ctx.db.query(`UPDATE users SET created_at = now() - interval '1 hour' WHERE id = $1`, [shopper]);
    expect((await t.call('GET', '/api/cart', asGuest(token))).status).toBe(403);
    await sweepGuestCarts(t.ctx.db);
    expect(await t.ctx.db.one(`SELECT 1 FROM users WHERE id = $1`, [shopper])).toBeUndefined();
    expect(await t.ctx.db.one(`SELECT 1 FROM cart_items WHERE user_id = $1`, [shopper])).toBeUndefined();
    // A guest shopper with an order stays (its order link cancels as it).
    expect(await t.ctx.db.one(`SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE u.is_guest LIMIT 1`)).toBeTruthy();
  });

  test("a coupon's per-customer and first-order rules count a buyer by e-mail: a new guest cart, another case, or the account's own e-mail is the same buyer", async () => {
    let n = 0;
    const coupon = async (rule: Record<string, unknown>) => {
      const code = `GUEST${Date.now() % 1e6}${++n}`;
      const r = await t.call('POST', '/api/coupons', { token: t.adminToken, body: { code, discountType: 'percentage', value: [{ currType: usd, amount: 10 }], active: true, ...rule } });
      expect(r.status).toBe(201);
      return { code, id: r.body._id as string };
    };
    const uses = async (id: string) => (await t.ctx.db.one<{ n: number }>(`SELECT times_used AS n FROM coupons WHERE id = $1`, [id]))!.n;
    const buy = async (couponCode: string, email: string) => {
      const token = await newCart();
      await add(token, chain._id, 1);
      return order(token, { couponCode, email });
    };

    // Once per customer: a second guest cart with the same e-mail (another case) is refused, 409, nothing ordered.
    const once = await coupon({ perCustomerLimit: 1 });
    expect((await buy(once.code, 'coupon.buyer@example.com')).status).toBe(201);
    const orders = (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n;
    const again = await buy(once.code, 'Coupon.Buyer@Example.com');
    expect([again.status, again.body.message]).toEqual([409, expect.stringMatching(/already used/i)]);
    expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n).toBe(orders);
    expect(await uses(once.id)).toBe(1);
    expect((await buy(once.code, 'someone.else@example.com')).status).toBe(201);

    // First order only: an account that has ordered cannot buy as a guest with its e-mail to pass as new,
    // and a guest who ordered with an e-mail is not new when signed in with an account of that e-mail.
    const first = await coupon({ firstOrderOnly: true });
    const customer = await t.customer();
    await t.call('POST', '/api/cart', { token: customer.token, body: { productId: pendant._id, quantity: 1 } });
    expect((await t.call('POST', '/api/order', { token: customer.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd, shippingAddress: address } })).status).toBe(201);
    expect((await buy(first.code, customer.email.toUpperCase())).status).toBe(409);
    const later = await t.customer();
    expect((await buy(first.code, later.email)).status).toBe(201);
    await t.call('POST', '/api/cart', { token: later.token, body: { productId: pendant._id, quantity: 1 } });
    const preview = await t.call('POST', '/api/order/preview', { token: later.token, body: { selectedCurr: usd, couponCode: first.code } });
    expect([preview.status, preview.body.message]).toEqual([400, expect.stringMatching(/first order/i)]);
    expect(await uses(first.id)).toBe(1);

    // Ten guest carts of one e-mail at once: one gets the once-per-customer coupon, the others a 409.
    const burst = await coupon({ perCustomerLimit: 1 });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => newCart()));
    for (const token of tokens) await add(token, chain._id, 1);
    const answers = await Promise.all(tokens.map((token) => order(token, { couponCode: burst.code, email: 'burst.buyer@example.com' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await uses(burst.id)).toBe(1);
  });

  test('at most N new anonymous carts an hour per address (the store setting): then 429, no cart made', async () => {
    const made = (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM guest_carts`))!.n;
    await settings({ guestCartsPerHour: 1 });
    const r = await t.call('POST', '/api/cart/guest');
    expect(r.status).toBe(429);
    expect((await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM guest_carts`))!.n).toBe(made);
    await settings({ guestCartsPerHour: 1000 });
  });
});

test('GUEST_CHECKOUT=1 turns it on whatever the store settings say', async () => {
  const on = await startTestApp({ guestCheckout: true });
  try {
    expect((await on.call('GET', '/api/settings/guest-checkout')).body).toEqual({ guestCheckout: true });
    expect((await on.call('GET', '/api/settings/store', { token: on.superToken })).body).toMatchObject({ guestCheckout: false, guestCheckoutByEnv: true });
    expect((await on.call('POST', '/api/cart/guest')).status).toBe(201);
  } finally {
    await on.close();
  }
});

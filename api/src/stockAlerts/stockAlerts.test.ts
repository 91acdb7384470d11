import { renderMail } from '../mail/templates/index';
import type { MailMessage } from '../mail/messages';
import { startTestApp, type TestApp } from '../test/harness';
import { STOCK_ALERTS_PER_IP } from './routes';

// Issue 38 (11): "E-mail me when it's back", on PGlite and (DATABASE_URL) PostgreSQL. One e-mail per
// alert, through the outbox, whichever write brings the pieces back, however many at once.
jest.setTimeout(120_000);

let t: TestApp;
let usd: { _id: string };
const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  t = await startTestApp();
  usd = await t.currency('USD', '$');
});
afterAll(() => t.close());

const setStock = (productId: string, stock: Array<{ options: string[]; quantity: number }>) =>
  t.call('PUT', `/api/product/${productId}/stock`, { token: t.adminToken, body: { trackInventory: true, stock } });
const subscribe = (productId: string, body: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
  t.call('POST', `/api/product/${productId}/stock-alert`, { ...o, body });
const alertMails = async (to?: string) =>
  t.ctx.db.query<{ to_address: string; message: MailMessage; idempotency_key: string }>(
    `SELECT to_address, message, idempotency_key FROM mail_outbox WHERE kind = 'back-in-stock' AND ($1::text IS NULL OR to_address = $1) ORDER BY created_at`,
    [to ?? null],
  );
const unique = () => Math.random().toString(36).slice(2, 8);

/** A tracked product without variants holding `quantity` pieces. */
async function piece(quantity: number) {
  const p = await t.product({ title: `Alert pendant ${unique()}`, basePrice: [{ currType: usd._id, amount: 100 }] });
  expect((await setStock(p._id, [{ options: [], quantity }])).status).toBe(200);
  return p;
}

test('signed out, an address waits for a sold-out piece: the restock puts one e-mail in the outbox, and a second restock none', async () => {
  const p = await piece(0);
  const email = `visitor-${unique()}@example.com`;
  const r = await subscribe(p._id, { email: `  ${email.toUpperCase()} ` });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ message: expect.any(String), email });
  expect((await subscribe(p._id, { email })).status).toBe(200); // twice: one alert
  expect(await alertMails(email)).toHaveLength(0);

  expect((await setStock(p._id, [{ options: [], quantity: 2 }])).status).toBe(200);
  const mails = await alertMails(email);
  expect(mails).toHaveLength(1);
  expect(mails[0].message).toMatchObject({ kind: 'back-in-stock', title: p.title, slug: p.slug, combination: '', locale: 'en' });
  const rendered = await renderMail(mails[0].message, t.ctx.shop);
  expect(rendered.subject).toBe(`${p.title} is back`);
  expect(rendered.text).toContain(`${t.ctx.shop.publicUrl}/${p.slug}`);

  // Sold out and back again: the alert was kept once.
  await setStock(p._id, [{ options: [], quantity: 0 }]);
  await setStock(p._id, [{ options: [], quantity: 5 }]);
  expect(await alertMails(email)).toHaveLength(1);
});

test("a signed-in shopper's own address is used; a French page writes the e-mail in French; an option waits for its own combination", async () => {
  const c = await t.customer();
  const p = await t.product({
    title: `Alert ring ${unique()}`,
    basePrice: [{ currType: usd._id, amount: 200 }],
    variants: [{ type: 'Size', options: [{ name: '6' }, { name: '7' }] }],
  });
  const [six, seven] = p.variants[0].options.map((o: { _id: string }) => o._id);
  await setStock(p._id, [{ options: [six], quantity: 0 }, { options: [seven], quantity: 1 }]);
  // The combination in stock has nothing to wait for; the sold-out one has.
  expect((await subscribe(p._id, { options: [seven] }, { token: c.token })).status).toBe(409);
  const r = await subscribe(p._id, { options: [six], email: 'someone-else@example.com' }, { token: c.token, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
  expect(r.status).toBe(200);
  expect(r.body.email).toBe(c.email.toLowerCase());

  // More of size 7 is not size 6.
  await setStock(p._id, [{ options: [seven], quantity: 4 }]);
  expect(await alertMails(c.email.toLowerCase())).toHaveLength(0);
  await setStock(p._id, [{ options: [six], quantity: 1 }]);
  const mails = await alertMails(c.email.toLowerCase());
  expect(mails).toHaveLength(1);
  expect(mails[0].message).toMatchObject({ combination: '6', locale: 'fr' });
  const rendered = await renderMail(mails[0].message, t.ctx.shop);
  expect(rendered.subject).toBe(`${p.title} est de retour`);
  expect(rendered.text).toContain(`/fr/${p.slug}`);
});

test('a cancelled order giving its last piece back tells whoever waits', async () => {
  const buyer = await t.customer();
  const p = await piece(1);
  expect((await t.call('POST', '/api/cart', { token: buyer.token, body: { productId: p._id, quantity: 1, options: [] } })).status).toBe(200);
  const order = await t.call('POST', '/api/order', { token: buyer.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
  expect(order.status).toBe(201);
  const email = `waiting-${unique()}@example.com`;
  expect((await subscribe(p._id, { email })).status).toBe(200);
  const id = order.body._id ?? order.body.order?._id;
  expect((await t.call('PATCH', `/api/order/${id}`, { token: buyer.token, body: { status: 'cancelled' } })).status).toBe(200);
  expect(await alertMails(email)).toHaveLength(1);
});

test('an option put back in stock by the product form tells whoever waits for it', async () => {
  const p = await t.product({ title: `Alert chain ${unique()}`, basePrice: [{ currType: usd._id, amount: 50 }], variants: [{ type: 'Length', options: [{ name: '40 cm', inStock: false }] }] });
  const optionId = p.variants[0].options[0]._id;
  const email = `chain-${unique()}@example.com`;
  expect((await subscribe(p._id, { email, options: [optionId] })).status).toBe(200);
  expect((await t.call('PUT', `/api/product/variant-option/${optionId}`, { token: t.adminToken, body: { inStock: true } })).status).toBe(200);
  expect(await alertMails(email)).toHaveLength(1);
});

test('eight restocks at once: each waiting address gets exactly one e-mail', async () => {
  const p = await piece(0);
  const emails = Array.from({ length: 5 }, (_, i) => `crowd-${i}-${unique()}@example.com`);
  for (const email of emails) expect((await subscribe(p._id, { email })).status).toBe(200);
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => setStock(p._id, [{ options: [], quantity: i + 1 }])));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  for (const email of emails) expect([email, (await alertMails(email)).length]).toEqual([email, 1]);
});

test("the e-mail's link stops every alert still waiting for the address, and a signed-out visitor cannot sign it up again", async () => {
  const first = await piece(0);
  const second = await piece(0);
  const email = `stop-${unique()}@example.com`;
  await subscribe(first._id, { email });
  await subscribe(second._id, { email });
  await setStock(first._id, [{ options: [], quantity: 1 }]);
  const [mail] = await alertMails(email);
  const rendered = await renderMail(mail.message, t.ctx.shop);
  const link = /\/api\/stock-alerts\/off\?token=[^\s"<]+/.exec(rendered.text)![0];
  const page = await t.call('GET', link);
  expect(page.status).toBe(200);
  expect(String(page.body)).toContain('no more back-in-stock e-mails');

  const third = await piece(0);
  expect((await subscribe(third._id, { email })).status).toBe(200); // the same answer: nobody learns who unsubscribed
  await setStock(second._id, [{ options: [], quantity: 1 }]);
  await setStock(third._id, [{ options: [], quantity: 1 }]);
  expect(await alertMails(email)).toHaveLength(1);

  expect((await t.call('GET', '/api/stock-alerts/off?token=forged')).status).toBe(400);
});

test('bad input: a clear 4xx naming the field, nothing stored', async () => {
  const p = await piece(0);
  const other = await t.product({ title: `Other ${unique()}`, basePrice: [{ currType: usd._id, amount: 10 }], variants: [{ type: 'Size', options: [{ name: 'S' }] }] });
  const before = await t.fingerprint();
  const noEmail = await subscribe(p._id, {});
  expect(noEmail.status).toBe(400);
  expect(noEmail.body.fields).toEqual({ email: expect.any(String) });
  expect((await subscribe(p._id, { email: 'test@bad' })).body.fields).toEqual({ email: expect.any(String) });
  const wrongOption = await subscribe(p._id, { email: 'a@example.com', options: [other.variants[0].options[0]._id] });
  expect(wrongOption.status).toBe(400);
  expect(wrongOption.body.fields).toEqual({ options: expect.any(String) });
  expect((await subscribe('00000000-0000-0000-0000-000000000000', { email: 'a@example.com' })).status).toBe(404);
  expect((await subscribe(p._id, { email: 42 })).status).toBe(400);
  expect((await subscribe(p._id, { email: 'a@example.com', options: ['nope'] })).status).toBe(400);
  expect(await t.fingerprint()).toBe(before);
});

// Last: it spends this address's budget (the tests above count in it too).
test(`signed out, one IP is limited: past ${STOCK_ALERTS_PER_IP} sign-ups an hour, 429`, async () => {
  const p = await piece(0);
  const answers = [];
  for (let i = 0; i <= STOCK_ALERTS_PER_IP; i += 1) answers.push((await subscribe(p._id, { email: `flood-${i}-${unique()}@example.com` })).status);
  expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
});

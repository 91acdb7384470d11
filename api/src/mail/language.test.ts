import type { TestSmtp } from '../test/smtpServer';
import { within, type TestApp } from '../test/harness';
import { startMailingShop, type MailingShop } from '../test/mailingShop';

// Issue 37: e-mails in the language the customer used: the account keeps the one it registered or
// last signed in with, the order the one it was checked out in; a real SMTP server receives them, on
// PGlite and (DATABASE_URL) PostgreSQL.
jest.setTimeout(60_000);

let smtp: TestSmtp;
let t: TestApp;
let usd: { _id: string };
const address = { fullName: 'Camille Martin', line1: '12 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' };

let shop: MailingShop;
beforeAll(async () => {
  shop = await startMailingShop();
  ({ smtp, t, usd } = shop);
});
afterAll(() => shop.close());

const mailsTo = (to: string) => smtp.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === to)));
const localeOf = async (table: 'users' | 'orders', id: string) => (await t.ctx.db.one<{ locale: string }>(`SELECT locale FROM ${table} WHERE id = $1`, [id]))!.locale;

async function orderIn(query: string, headers: Record<string, string> = {}) {
  const p = await t.product({ title: 'Diamond Ring', translations: { fr: { title: 'Bague en diamant' } }, basePrice: [{ currType: usd._id, amount: 120 }] });
  const c = await t.customer();
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, quantity: 2 } });
  const o = await t.call('POST', `/api/order${query}`, { token: c.token, headers, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
  expect(o.status).toBe(201);
  expect(await within(10_000, () => mailsTo(c.email).length === 1)).toBe(true);
  return { c, order: o.body, mail: mailsTo(c.email)[0] };
}

test('an order checked out in French is kept in French, and its confirmation is written in French', async () => {
  const { order, mail } = await orderIn('?locale=fr');
  expect(await localeOf('orders', order._id)).toBe('fr');
  expect(mail.subject).toBe(`Votre commande Aurelia Jewels ${order.orderNumber}`);
  expect(mail.text).toContain('Merci, Camille Martin.');
  expect(mail.text).toContain('Nous avons bien reçu votre commande');
  expect(mail.text).toContain('2 × Bague en diamant');
  expect(mail.text).toContain('Sous-total\u00a0: ');
  expect(mail.text).toContain('https://shop.example/fr/my-account/orders');
  expect(mail.text).toContain('Une question ? Écrivez-nous à');
  expect(mail.html).toMatch(/<html[^>]* lang="fr"/);
  expect(mail.html).toContain('Adresse de livraison');
  expect(mail.html).not.toContain('Thank you');
  // The order's line keeps the title the customer saw.
  expect(order.items[0].product.title).toBe('Bague en diamant');
});

test('Accept-Language counts the same way; an English or unknown one gets the English e-mail', async () => {
  expect((await orderIn('', { 'accept-language': 'fr-FR,fr;q=0.9' })).mail.subject).toMatch(/^Votre commande/);
  const en = await orderIn('?locale=de', { 'accept-language': 'de-DE' });
  expect(en.mail.subject).toBe(`Your Aurelia Jewels order ${en.order.orderNumber}`);
  expect(en.mail.text).toContain('2 × Diamond Ring');
  expect(en.mail.html).toMatch(/<html[^>]* lang="en"/);
  expect(await localeOf('orders', en.order._id)).toBe('en');
});

test('the account keeps the language it registered in, then the one it signs in with; the welcome e-mail is in it', async () => {
  const email = `lea${Date.now()}@example.fr`;
  const r = await t.call('POST', '/api/user/register?locale=fr', { body: { fullName: 'Léa Dubois', email, contact: `+3361${Date.now() % 1e7}`, password: 'mot-de-passe-long' } });
  expect(r.status).toBe(201);
  expect(await localeOf('users', r.body._id)).toBe('fr');
  expect(await within(10_000, () => mailsTo(email).length === 1)).toBe(true);
  expect(mailsTo(email)[0].subject).toBe('Bienvenue chez Aurelia Jewels');
  expect(mailsTo(email)[0].text).toContain('https://shop.example/fr/shop');
  const login = await t.call('POST', '/api/user/login', { headers: { 'accept-language': 'en-US' }, body: { uid: email, password: 'mot-de-passe-long' } });
  expect(login.status).toBe(200);
  expect(await localeOf('users', r.body._id)).toBe('en');
});

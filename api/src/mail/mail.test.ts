import { forBackgroundWork } from '../db/background';
import { MailSender } from './sender';
import { composeMail } from './compose';
import { smtpTransport } from './transport';
import { enqueueMail } from './service';
import { markSent } from './queries';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { freePort } from '../test/freePort';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startMailingShop, type MailingShop } from '../test/mailingShop';

// Issue 18: e-mail that is never lost and never sent twice, against a real SMTP server in this process,
// on PGlite and (DATABASE_URL) PostgreSQL.
jest.setTimeout(60_000);

let smtp: TestSmtp;
let t: TestApp;
let usd: { _id: string };
const address = { fullName: 'Ada Buyer', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

let shop: MailingShop;
beforeAll(async () => {
  shop = await startMailingShop();
  ({ smtp, t, usd } = shop);
});
afterAll(() => shop.close());

const checkout = (token: string) => t.call('POST', '/api/order', { token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: address } });
const outbox = (where = 'true') => t.ctx.db.query<{ kind: string; status: string; to_address: string }>(`SELECT kind, status, to_address FROM mail_outbox WHERE ${where} ORDER BY created_at`);

async function customerWithOrder(title: string) {
  const p = await t.product({ title, basePrice: [{ currType: usd._id, amount: 120 }] });
  const c = await t.customer();
  await t.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, quantity: 2 } });
  const o = await checkout(c.token);
  expect(o.status).toBe(201);
  return { c, order: o.body };
}

const mailsTo = (to: string) => smtp.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === to)));

test('an order placed gets one confirmation: its number, lines and total', async () => {
  const { c, order } = await customerWithOrder('Confirmed Ring');
  expect(await within(10_000, () => mailsTo(c.email).length === 1)).toBe(true);
  const [mail] = mailsTo(c.email);
  expect(mail.subject).toContain(order.orderNumber);
  expect(mail.text).toContain(order.orderNumber);
  expect(mail.text).toContain('Confirmed Ring');
  expect(mail.text).toContain('240.00');
  expect(mail.html).toContain('Confirmed Ring');
  expect(mail.from?.value[0].address).toBe('shop@aurelia.test');
  expect(mail.messageId).toMatch(/@aurelia\.test>?$/);
  // Marked sent just after the SMTP server took it (the batch's mark follows the hand-over).
  await within(5_000, async () => (await outbox(`to_address = '${c.email}'`))[0]?.status === 'sent');
  expect(await outbox(`to_address = '${c.email}'`)).toEqual([{ kind: 'order-confirmation', status: 'sent', to_address: c.email }]);
  // The admin's outbox lists it and previews what was sent; customers may not read it.
  const list = await t.call('GET', '/api/mail?limit=50', { token: t.adminToken });
  const listed = list.body.items.find((m: { to: string }) => m.to === c.email);
  expect(listed).toMatchObject({ kind: 'order-confirmation', status: 'sent', subject: mail.subject, attempts: 1 });
  const one = await t.call('GET', `/api/mail/${listed._id}`, { token: t.adminToken });
  expect(one.body.html).toContain('Confirmed Ring');
  expect(one.body.text).toContain(order.orderNumber);
  expect((await t.call('GET', '/api/mail', { token: c.token })).status).toBe(403);
  expect((await t.call('GET', '/api/mail/00000000-0000-0000-0000-000000000000', { token: t.adminToken })).status).toBe(404);
});

test('one e-mail per change of status, none when the status does not change', async () => {
  const { c, order } = await customerWithOrder('Travelling Ring');
  await within(10_000, () => mailsTo(c.email).length === 1);
  for (const status of ['processing', 'shipped', 'shipped', 'delivered']) {
    expect((await t.call('PATCH', `/api/order/${order._id}`, { token: t.adminToken, body: { status } })).status).toBe(200);
  }
  expect(await within(10_000, () => mailsTo(c.email).length === 4)).toBe(true);
  await new Promise((r) => setTimeout(r, 500));
  const subjects = mailsTo(c.email).map((m) => m.subject ?? '');
  expect(subjects).toHaveLength(4);
  for (const s of subjects) expect(s).toContain(order.orderNumber);
});

test('a refused order sends nothing (the e-mail goes with the transaction)', async () => {
  const c = await t.customer();
  const before = (await outbox()).length;
  expect((await checkout(c.token)).status).toBe(400); // empty cart
  expect((await outbox()).length).toBe(before);
});

test('the SMTP server down during checkout: the order succeeds at once, the e-mail goes when it is back', async () => {
  const port = await freePort();
  const down = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, pollMs: 200 } });
  try {
    const dollars = await down.currency('USD', '$');
    const p = await down.product({ title: 'Patient Ring', basePrice: [{ currType: dollars._id, amount: 10 }] });
    const c = await down.customer();
    await down.call('POST', '/api/cart', { token: c.token, body: { productId: p._id, quantity: 1 } });
    const started = Date.now();
    const o = await down.call('POST', '/api/order', { token: c.token, body: { paymentMethod: 'Cash On Delivery', selectedCurr: dollars._id, shippingAddress: address } });
    expect(o.status).toBe(201);
    console.log(`order with the SMTP server down answered in ${Date.now() - started} ms`);
    // Tried, refused, waiting for its next attempt.
    expect(await within(10_000, async () => (await down.ctx.db.one<{ attempts: number }>(`SELECT attempts FROM mail_outbox`))!.attempts >= 1)).toBe(true);
    const back = await startSmtp(port);
    try {
      // Its next attempt is due within a few seconds (back-off from 2 s); the poll finds it.
      await back.waitFor(1, 20_000);
      expect(back.mails[0].subject).toContain(o.body.orderNumber);
      await new Promise((r) => setTimeout(r, 1000));
      expect(back.mails).toHaveLength(1);
    } finally {
      await back.close();
    }
  } finally {
    await down.close();
  }
});

test('a slow SMTP server does not hold up checkout', async () => {
  smtp.delayMs = 3000;
  try {
    const started = Date.now();
    const { c } = await customerWithOrder('Unhurried Ring');
    const took = Date.now() - started;
    console.log(`order with a 3 s SMTP server answered (with its setup) in ${took} ms`);
    expect(await within(15_000, () => mailsTo(c.email).length === 1)).toBe(true);
  } finally {
    smtp.delayMs = 0;
  }
});

test('several senders on one outbox deliver each message once', async () => {
  const own = await startSmtp();
  const log = { warn: () => undefined, error: () => undefined };
  const shop = t.ctx.shop;
  const senders = Array.from({ length: 3 }, () => new MailSender(forBackgroundWork(t.ctx.db), { transport: smtpTransport(own.url), compose: composeMail, shop, secrets: t.ctx.mailSecrets, from: 'Shop <shop@many.test>', log, pollMs: 100 }));
  try {
    await t.ctx.db.tx(async (q) => {
      for (let i = 0; i < 40; i++) await enqueueMail(q, { to: `many${i}@example.com`, key: `test-many:${i}`, message: { kind: 'welcome', fullName: `Many ${i}` } });
      // The same key again adds nothing.
      await enqueueMail(q, { to: 'many0@example.com', key: 'test-many:0', message: { kind: 'welcome', fullName: 'Many 0' } });
    });
    await Promise.all(senders.map((s) => s.start()));
    // The app's own sender (another SMTP server) may take some too: count at both.
    await within(20_000, async () => (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE idempotency_key LIKE 'test-many:%' AND status = 'sent'`))!.n === 40);
    await new Promise((r) => setTimeout(r, 500));
    const delivered = [...own.mails, ...smtp.mails].filter((m) => m.messageId && /@(many|aurelia)\.test/.test(m.messageId) && m.subject && (m.to as { text: string }).text.startsWith('many'));
    const to = delivered.map((m) => (m.to as { text: string }).text).sort();
    expect(to).toEqual(Array.from({ length: 40 }, (_, i) => `many${i}@example.com`).sort());
  } finally {
    await Promise.all(senders.map((s) => s.close()));
    await own.close();
  }
});

test('a batch is marked sent in one statement, each row with what was sent to it, and only under the attempt that sent it', async () => {
  // Claimed by "another sender" (a lease far ahead): the app's own sender leaves them alone.
  const claimed = await t.ctx.db.query<{ id: string; idempotency_key: string }>(
    `INSERT INTO mail_outbox (idempotency_key, kind, to_address, message, status, attempts, lease_until)
     SELECT 'test-batch:' || n, 'welcome', 'batch' || n || '@example.com', '{"kind":"welcome","fullName":"Batch"}', 'sending', 2, now() + interval '1 hour'
       FROM generate_series(1, 3) n RETURNING id, idempotency_key`,
  );
  const [a, b, c] = [1, 2, 3].map((n) => claimed.find((r) => r.idempotency_key === `test-batch:${n}`)!.id);
  await markSent(t.ctx.db, [
    { id: a, attempt: 2, subject: 'For one', html: '<p>one & “only”</p>', text: 'one' },
    // An attempt that lost its lease meanwhile (the row was taken again: attempts 3) marks nothing.
    { id: b, attempt: 1, subject: 'Stale', html: '<p>stale</p>', text: 'stale' },
  ]);
  const rows = await t.ctx.db.query<{ id: string; status: string; subject: string | null; html: string | null; text_body: string | null; sent_at: Date | null; lease_until: Date | null }>(
    `SELECT id, status, subject, html, text_body, sent_at, lease_until FROM mail_outbox WHERE idempotency_key LIKE 'test-batch:%'`,
  );
  const by = new Map(rows.map((r) => [r.id, r]));
  expect(by.get(a)).toMatchObject({ status: 'sent', subject: 'For one', html: '<p>one & “only”</p>', text_body: 'one', lease_until: null });
  expect(by.get(a)!.sent_at).not.toBeNull();
  for (const id of [b, c]) expect(by.get(id)).toMatchObject({ status: 'sending', subject: null, html: null, sent_at: null });
  await t.ctx.db.query(`DELETE FROM mail_outbox WHERE idempotency_key LIKE 'test-batch:%'`);
});

test('the reset flow by e-mail: the link that arrives works once; an unknown address gets the same 202 and no e-mail', async () => {
  const c = { email: 'rosa.mailed@example.com', password: 'rosa-mailed-secret' };
  const registered = await t.call('POST', '/api/user/register', { body: { fullName: 'Rosa Mailed', email: c.email, contact: '5559870001', password: c.password } });
  expect(registered.status).toBe(201);
  expect(await within(10_000, () => mailsTo(c.email).some((m) => /welcome/i.test(m.subject ?? '')))).toBe(true); // registration's welcome
  const asked = await t.call('POST', '/api/user/forgot-password', { body: { email: c.email } });
  const unknown = await t.call('POST', '/api/user/forgot-password', { body: { email: 'nobody-here@example.com' } });
  expect([asked.status, unknown.status]).toEqual([202, 202]);
  expect(unknown.body).toEqual(asked.body);
  expect(await within(10_000, () => mailsTo(c.email).some((m) => /reset/i.test(m.subject ?? '')))).toBe(true);
  const mail = mailsTo(c.email).find((m) => /reset/i.test(m.subject ?? ''))!;
  const link = /https:\/\/shop\.example\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  const token = new URL(link).searchParams.get('token')!;
  expect((await t.call('POST', '/api/user/reset-password', { body: { token, password: 'a-new-secret-9' } })).status).toBe(200);
  expect((await t.call('POST', '/api/user/reset-password', { body: { token, password: 'another-one-9' } })).status).toBe(400);
  expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: 'a-new-secret-9' } })).status).toBe(200);
  expect((await t.call('POST', '/api/user/login', { body: { uid: c.email, password: c.password } })).status).toBe(401);
  await new Promise((r) => setTimeout(r, 500));
  expect(mailsTo('nobody-here@example.com')).toEqual([]);
});

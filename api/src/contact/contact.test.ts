import { CONTACT_ERRORS } from '@shop/contract';
import { startSmtp, type TestSmtp } from '../test/smtpServer';
import { startTestApp, within, type TestApp } from '../test/harness';
import { CONTACT_PER_ADDRESS, CONTACT_PER_IP } from './routes';

// Issue 18: the contact form. A message is stored for the admins and e-mailed to the shop (Reply-To:
// the writer) with a copy to the writer, all in one transaction; against a real SMTP server in this
// process, on PGlite and (DATABASE_URL) PostgreSQL. Each test writes from its own address
// (X-Forwarded-For, trusted here) so the limit per IP of one does not spill into another.
jest.setTimeout(60_000);

const SHOP_INBOX = 'inbox@aurelia.test';
let smtp: TestSmtp;
let t: TestApp;
let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ trustProxy: true, mail: { smtpUrl: smtp.url, shopEmail: SHOP_INBOX, from: 'Aurelia Jewels <shop@aurelia.test>', pollMs: 200 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (body: unknown, ip: string) => t.call('POST', '/api/contact', { body, headers: { 'x-forwarded-for': ip } });
const addresses = (field: unknown) => (Array.isArray(field) ? field : [field]).flatMap((a) => a?.value.map((v: { address: string }) => v.address) ?? []);
const mailsTo = (to: string) => smtp.mails.filter((m) => addresses(m.to).includes(to));
const stored = () => t.ctx.db.query<{ name: string; email: string; message: string }>(`SELECT name, email, message FROM contact_messages ORDER BY created_at`);

test('a message arrives at the shop (Reply-To: the writer) and a copy at the writer; it is stored trimmed', async () => {
  const before = mailsTo(SHOP_INBOX).length;
  const res = await send({ name: '  Ada Lovelace ', email: ' ada@example.com ', message: '  Do you engrave rings?\nIn gold, please.  ' }, newIp());
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ message: 'Message received' });

  expect(await within(10_000, () => mailsTo(SHOP_INBOX).length === before + 1 && mailsTo('ada@example.com').length === 1)).toBe(true);
  const toShop = mailsTo(SHOP_INBOX).at(-1)!;
  expect(toShop.subject).toBe('Contact form: message from Ada Lovelace');
  expect(addresses(toShop.replyTo)).toEqual(['ada@example.com']);
  expect(toShop.from?.value[0].address).toBe('shop@aurelia.test');
  expect(toShop.text).toContain('Do you engrave rings?\nIn gold, please.');
  expect(toShop.html).toContain('Do you engrave rings?');

  const [copy] = mailsTo('ada@example.com');
  expect(copy.subject).toBe('We received your message: Aurelia Jewels');
  expect(addresses(copy.to)).toEqual(['ada@example.com']);
  expect(copy.text).toContain('We have received your message and will answer you at this address soon.');

  expect((await stored()).at(-1)).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you engrave rings?\nIn gold, please.' });
  const outbox = await t.ctx.db.query<{ idempotency_key: string; kind: string; to_address: string; reply_to: string | null }>(
    `SELECT idempotency_key, kind, to_address, reply_to FROM mail_outbox WHERE kind LIKE 'contact-%' ORDER BY kind`,
  );
  const id = outbox[0].idempotency_key.split(':')[1];
  expect(outbox).toEqual([
    { idempotency_key: `contact-copy:${id}`, kind: 'contact-copy', to_address: 'ada@example.com', reply_to: null },
    { idempotency_key: `contact-shop:${id}`, kind: 'contact-shop', to_address: SHOP_INBOX, reply_to: 'ada@example.com' },
  ]);
});

test('the copy to the sender carries nothing they wrote: a fixed acknowledgement (issue 34 #3)', async () => {
  const spam = { name: 'Win a prize at https://spam.example/claim', email: 'victim@example.com', message: 'Cheap pills www.pills.example http://pills.example/buy' };
  expect((await send(spam, newIp())).status).toBe(202);
  expect(await within(10_000, () => mailsTo('victim@example.com').length === 1)).toBe(true);
  const [copy] = mailsTo('victim@example.com');
  for (const body of [copy.subject ?? '', copy.text ?? '', String(copy.html)]) {
    for (const written of ['prize', 'spam.example', 'pills', 'Cheap']) expect(body).not.toContain(written);
  }
  // Nor does the outbox's row keep the text for it.
  const [row] = await t.ctx.db.query<{ message: unknown }>(`SELECT message FROM mail_outbox WHERE kind = 'contact-copy' AND to_address = 'victim@example.com'`);
  expect(row.message).toEqual({ kind: 'contact-copy' });
  // The shop itself still gets the message whole (its mail may be delivered after the copy: wait for it).
  expect(await within(10_000, () => mailsTo(SHOP_INBOX).some((m) => m.text?.includes('Cheap pills www.pills.example')))).toBe(true);
});

test('bad input is a 400 that says what is wrong, and nothing is stored or sent; no input is a 5xx', async () => {
  const ok = { name: 'Bea', email: 'bea@example.com', message: 'Hello' };
  const cases: Array<[unknown, string | RegExp]> = [
    [{ ...ok, name: '   ' }, CONTACT_ERRORS.name],
    [{ ...ok, name: 'x'.repeat(101) }, CONTACT_ERRORS.nameLong],
    [{ ...ok, email: 'not-an-address' }, CONTACT_ERRORS.email],
    [{ ...ok, email: 'a@b' }, CONTACT_ERRORS.email],
    [{ ...ok, email: 'bea@example.com, victim@example.com' }, CONTACT_ERRORS.email],
    [{ ...ok, email: 'bea@example.com\r\nBcc: victim@example.com' }, CONTACT_ERRORS.email],
    [{ ...ok, email: '<bea@example.com>' }, CONTACT_ERRORS.email],
    [{ ...ok, email: `${'a'.repeat(250)}@example.com` }, CONTACT_ERRORS.email],
    [{ ...ok, message: ' \n\t ' }, CONTACT_ERRORS.message],
    [{ ...ok, message: 'x'.repeat(5001) }, CONTACT_ERRORS.messageLong],
    [{ ...ok, message: 'x'.repeat(20001) }, /message/],
    [{ name: 'Bea', email: 'bea@example.com' }, /message/],
    [{ ...ok, name: { first: 'Bea' } }, /name/],
    [{ ...ok, message: ['a', 'b'] }, /message/],
    [{ ...ok, email: null }, /e-?mail/],
    [[], /object/],
    ['just text', /object/],
    [undefined, /body/],
  ];
  const fingerprint = await t.fingerprint();
  const mails = smtp.mails.length;
  const ip = newIp();
  for (const [body, says] of cases) {
    const res = await send(body, ip);
    expect([res.status, JSON.stringify(body)?.slice(0, 60)]).toEqual([400, JSON.stringify(body)?.slice(0, 60)]);
    expect(res.body.message).toEqual(typeof says === 'string' ? says : expect.stringMatching(says));
  }
  // NUL characters, malformed JSON, another content type: refused before the route.
  expect((await t.call('POST', '/api/contact', { raw: '{"name":"a\\u0000","email":"a@b.co","message":"x"}', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  expect((await t.call('POST', '/api/contact', { raw: '{"name":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  expect((await t.call('POST', '/api/contact', { raw: 'name=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  await new Promise((r) => setTimeout(r, 600)); // a sender poll or two
  expect(await t.fingerprint()).toBe(fingerprint);
  expect(smtp.mails.length).toBe(mails);
  // Refusals do not count against the writer: their next, good message goes through.
  expect((await send(ok, ip)).status).toBe(202);
});

test(`throttled: ${CONTACT_PER_IP} messages per IP, then 429 (with Retry-After) and nothing stored`, async () => {
  const ip = newIp();
  for (let i = 1; i <= CONTACT_PER_IP; i++) expect((await send({ name: 'Cy', email: `cy${i}@example.com`, message: `Message ${i}` }, ip)).status).toBe(202);
  const count = (await stored()).length;
  const refused = await send({ name: 'Cy', email: 'cy9@example.com', message: 'One too many' }, ip);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe('Too many attempts. Please try again later.');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await stored()).length).toBe(count);
  // Another address is not held back by this one.
  expect((await send({ name: 'Di', email: 'di@example.com', message: 'Hi' }, newIp())).status).toBe(202);
});

test(`throttled per address too: ${CONTACT_PER_ADDRESS} copies to one inbox, from any IP`, async () => {
  for (let i = 1; i <= CONTACT_PER_ADDRESS; i++) expect((await send({ name: 'Ed', email: 'Target@Example.com', message: `Spam ${i}` }, newIp())).status).toBe(202);
  expect((await send({ name: 'Ed', email: 'target@example.com', message: 'Spam 6' }, newIp())).status).toBe(429);
});

test('plus tags do not make another inbox: the limit per address counts user+tag@ as user@ (issue 34 #3)', async () => {
  for (let i = 1; i <= CONTACT_PER_ADDRESS; i++) expect((await send({ name: 'Fay', email: `inbox+${i}@example.com`, message: `Spam ${i}` }, newIp())).status).toBe(202);
  for (const email of ['inbox+6@example.com', 'INBOX@example.com', 'inbox+@example.com']) expect((await send({ name: 'Fay', email, message: 'Spam' }, newIp())).status).toBe(429);
  expect((await send({ name: 'Fay', email: 'inbox2@example.com', message: 'Hi' }, newIp())).status).toBe(202);
});

test('a shop-wide hourly cap on contact e-mail: past it, messages are stored for the admins, answered 202, and not e-mailed (issue 34 #3)', async () => {
  const CAP = 3;
  const capped = await startTestApp({ trustProxy: true, contactMailPerHour: CAP });
  try {
    const statuses = [];
    for (let i = 1; i <= CAP + 2; i++) {
      const res = await capped.call('POST', '/api/contact', { body: { name: 'Gus', email: `gus${i}@example.com`, message: `Message ${i}` }, headers: { 'x-forwarded-for': newIp() } });
      statuses.push([res.status, res.body.message]);
    }
    expect(statuses).toEqual(Array(CAP + 2).fill([202, 'Message received']));
    expect((await capped.ctx.db.query(`SELECT 1 FROM contact_messages`)).length).toBe(CAP + 2);
    const mailed = await capped.ctx.db.query<{ kind: string; n: number }>(`SELECT kind, count(*)::int AS n FROM mail_outbox WHERE kind LIKE 'contact-%' GROUP BY kind ORDER BY kind`);
    expect(mailed).toEqual([
      { kind: 'contact-copy', n: CAP },
      { kind: 'contact-shop', n: CAP },
    ]);
  } finally {
    await capped.close();
  }
});

test('admins list the messages newest first, paged, and mark them read or unread; nobody else can', async () => {
  const ip = newIp();
  for (const name of ['First', 'Second', 'Third']) expect((await send({ name, email: 'fan@example.com', message: `From ${name}` }, ip)).status).toBe(202);
  const customer = await t.customer();
  expect((await t.call('GET', '/api/contact')).status).toBe(401);
  expect((await t.call('GET', '/api/contact', { token: customer.token })).status).toBe(403);

  const page1 = await t.call('GET', '/api/contact?page=1&limit=2', { token: t.adminToken });
  expect(page1.status).toBe(200);
  expect(page1.body.itemCount).toBe((await stored()).length);
  expect(page1.body).toMatchObject({ page: 1, limit: 2 });
  expect(page1.body.items.map((m: { name: string }) => m.name)).toEqual(['Third', 'Second']);
  const third = page1.body.items[0];
  expect(third).toEqual({ _id: expect.any(String), name: 'Third', email: 'fan@example.com', message: 'From Third', read: false, createdAt: expect.any(String) });
  const page2 = await t.call('GET', '/api/contact?page=2&limit=2', { token: t.adminToken });
  expect(page2.body.items[0].name).toBe('First');

  expect((await t.call('PATCH', `/api/contact/${third._id}`, { token: customer.token, body: { read: true } })).status).toBe(403);
  const read = await t.call('PATCH', `/api/contact/${third._id}`, { token: t.adminToken, body: { read: true } });
  expect(read.status).toBe(200);
  expect(read.body).toEqual({ ...third, read: true });
  expect((await t.call('GET', '/api/contact?limit=1', { token: t.adminToken })).body.items[0].read).toBe(true);
  expect((await t.call('PATCH', `/api/contact/${third._id}`, { token: t.adminToken, body: { read: false } })).body.read).toBe(false);
  expect((await t.call('PATCH', '/api/contact/00000000-0000-4000-8000-000000000000', { token: t.adminToken, body: { read: true } })).status).toBe(404);
  expect((await t.call('PATCH', `/api/contact/${third._id}`, { token: t.adminToken, body: { read: 'yes' } })).status).toBe(400);
  expect((await t.call('PATCH', '/api/contact/not-an-id', { token: t.adminToken, body: { read: true } })).status).toBe(400);
});

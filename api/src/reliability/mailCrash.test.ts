
import { freePort } from '../test/freePort';
import { form, pngBytes } from '../test/harness';
import { spawnApi } from '../test/server';
import { needs } from '../test/services';
import { tempDirs, withOwnDatabase } from '../test/ownDatabase';
import { startSmtp } from '../test/smtpServer';

jest.setTimeout(180_000);
const ORDERS = 8;
const ADMIN_PASSWORD = 'mail-crash-admin-1';

async function json(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: { ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function scenario(env: Record<string, string>) {
  const smtpPort = await freePort();
  const port = await freePort();
  const settings = { ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Shop <shop@crash.test>', SEED_DEMO: '0', ADMIN_PASSWORD, ADMIN_2FA_REQUIRED: '0', AUTH_RATE_LIMIT: '1000', NODE_ENV: 'production', JWT_SECRET: 'mail-crash-secret', MAIL_LEASE_MS: '2000' };
  let api = await spawnApi(settings, port);
  const url = (p: string) => `${api.url}/api${p}`;
  try {
    const admin = (await json(url('/user/login'), 'POST', { uid: 'admin@shop.local', password: ADMIN_PASSWORD })).body.token as string;
    const usd = (await json(url('/currencies'), 'POST', { name: 'Dollar', code: 'USD', symbol: '$' }, admin)).body;
    // A new currency is a draft until published (issue 38, 14).
    expect((await json(url(`/currencies/${usd._id}/status`), 'PUT', { status: 'published' }, admin)).status).toBe(200);
    const product = (await json(url('/product'), 'POST', form({ title: 'Crash Ring', basePrice: JSON.stringify([{ currType: usd._id, amount: 10 }]) }, [{ field: 'images', name: 'a.png', type: 'image/png', data: await pngBytes() }]), admin)).body;
    expect(product).toMatchObject({ title: 'Crash Ring' });
    const numbers: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const reg = await json(url('/user/register'), 'POST', { fullName: `Crash ${i}`, email: `crash${i}@example.com`, contact: `555${String(i).padStart(7, '0')}`, password: 'crash-secret-123' });
      const token = reg.body.token as string;
      const cart = await json(url('/cart'), 'POST', { productId: product._id, quantity: 1 }, token);
      expect([cart.status, cart.body?.message]).toEqual([200, undefined]);
      const o = await json(url('/order'), 'POST', { paymentMethod: 'Cash On Delivery', selectedCurr: usd._id, shippingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' } }, token);
      expect(o.status).toBe(201);
      numbers.push(o.body.orderNumber);
    }
    // Committed, not sent (no SMTP server yet): the process dies here.
    api.child.kill('SIGKILL');
    await new Promise((r) => api.child.once('exit', r));
    const smtp = await startSmtp(smtpPort);
    try {
      api = await spawnApi(settings, port);
      const confirmations = () => smtp.mails.filter((m) => m.subject && numbers.some((n) => m.subject!.includes(n)));
      // A message the killed process had claimed waits for its lease (MAIL_LEASE_MS) to end.
      const until = Date.now() + 30_000;
      while (confirmations().length < ORDERS && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500)); // anything sent twice would arrive by now
      const got = confirmations().map((m) => numbers.find((n) => m.subject!.includes(n))).sort();
      expect(got).toEqual([...numbers].sort());
    } finally {
      await smtp.close();
    }
  } finally {
    if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
  }
}

describe('e-mail across a SIGKILL: committed, not sent, the process killed; sent after restart, once', () => {
  const tmp = tempDirs('shop-mailcrash');

  needs('postgres').test('on PostgreSQL', () => withOwnDatabase('shop_mailcrash', (url) => scenario({ DATABASE_URL: url, DATA_DIR: tmp() })));

  test('on embedded PGlite (DATA_DIR on disk)', async () => {
    // DATABASE_URL emptied: under the PostgreSQL suite it is set, and the embedded scenario must not reach that server.
    await scenario({ DATA_DIR: tmp(), DATABASE_URL: '' });
  });
});

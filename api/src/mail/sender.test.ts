import type { BackgroundDb } from '../db/background';
import { mailSecrets } from './secrets';
import { MailSender } from './sender';

// The app passes its settings through, unset ones as undefined: each must keep its default. Spread as
// is, pollMs: undefined made the idle shop ask the outbox every millisecond (a fifth of a core).
test('options given as undefined keep their defaults: an idle sender looks at the outbox on start and then every 5 s, not every millisecond', async () => {
  const claims: unknown[][] = [];
  const db = {
    query: async (_sql: string, params?: unknown[]) => {
      claims.push(params ?? []);
      return [];
    },
    subscribe: async () => async () => undefined,
  } as unknown as BackgroundDb;
  const sender = new MailSender(db, {
    transport: { send: async () => undefined, close: () => undefined } as never,
    compose: async () => ({ rendered: { subject: '', html: '', text: '' }, raw: Buffer.alloc(0) }),
    shop: { name: 'Shop', publicUrl: 'http://shop.test', email: 'shop@shop.test' },
    secrets: mailSecrets('sender-test'),
    from: 'Shop <shop@shop.test>',
    log: { warn: () => undefined, error: () => undefined },
    pollMs: undefined,
    leaseMs: undefined,
  });
  await sender.start();
  await new Promise((r) => setTimeout(r, 300));
  await sender.close();
  expect(claims.length).toBeLessThanOrEqual(2);
  // The lease of a claim is the default minute, never NULL (a NULL lease would never end).
  expect(claims[0]).toEqual([10, 60_000]);
});

// The outbox's statements are named (mail/queries.ts): this one records what the sender asks of it.
test('a batch taken together is marked sent together: the delivered ones in one statement, the one that failed waits for its retry', async () => {
  const asked: Array<{ name?: string; params: unknown[] }> = [];
  const row = (n: number) => ({ id: `id-${n}`, idempotency_key: `k-${n}`, kind: 'welcome', to_address: `to${n}@example.com`, reply_to: null, message: { kind: 'welcome', fullName: `N ${n}` }, attempts: 1 });
  let claims = 0;
  const db = {
    query: async (sql: string, params: unknown[] = [], name?: string) => {
      asked.push({ name: name ?? sql.trim().split(/\s+/).slice(0, 2).join(' '), params });
      return name === 'mail-claim' && claims++ === 0 ? [row(1), row(2), row(3)] : [];
    },
    subscribe: async () => async () => undefined,
  } as unknown as BackgroundDb;
  const sender = new MailSender(db, {
    transport: {
      send: async (m: { to: string }) => {
        if (m.to === 'to2@example.com') throw new Error('mailbox unavailable');
      },
      close: () => undefined,
    } as never,
    compose: async (message) => ({ rendered: { subject: `Hello ${(message as { fullName: string }).fullName}`, html: '<p>hi</p>', text: 'hi' }, raw: Buffer.from('x') }),
    shop: { name: 'Shop', publicUrl: 'http://shop.test', email: 'shop@shop.test' },
    secrets: mailSecrets('sender-test'),
    from: 'Shop <shop@shop.test>',
    log: { warn: () => undefined, error: () => undefined },
  });
  await sender.start();
  await new Promise((r) => setTimeout(r, 300));
  await sender.close();
  const sent = asked.filter((a) => a.name === 'mail-sent');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0].params[0] as string)).toEqual([
    { id: 'id-1', attempt: 1, subject: 'Hello N 1', html: '<p>hi</p>', text: 'hi' },
    { id: 'id-3', attempt: 1, subject: 'Hello N 3', html: '<p>hi</p>', text: 'hi' },
  ]);
  const notSent = asked.filter((a) => a.name === 'UPDATE mail_outbox');
  expect(notSent.map((a) => a.params.slice(0, 3))).toEqual([['id-2', 1, 'mailbox unavailable']]);
});

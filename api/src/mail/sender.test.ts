import type { Db } from '../db/client';
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
  } as unknown as Db;
  const sender = new MailSender(db, {
    transport: { send: async () => undefined, close: () => undefined } as never,
    compose: async () => ({ rendered: { subject: '', html: '', text: '' }, raw: Buffer.alloc(0) }),
    shop: { name: 'Shop', publicUrl: 'http://shop.test', email: 'shop@shop.test' },
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

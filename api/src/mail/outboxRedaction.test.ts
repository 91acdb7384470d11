import upgrade from '../db/migrations/025_mail_secrets';
import { markNotSent } from './queries';
import { startTestApp, type TestApp } from '../test/harness';

// Issue 34 #1, on upgrade: the reset links the outbox kept readable before migration 025 are redacted
// by it, in the message and in what was sent; one not yet sent is given up (its token is gone).
let t: TestApp;
beforeAll(async () => {
  // The sender is kept from the rows written here (they are the old shape: a link, no sealed secret).
  t = await startTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9', pollMs: 60_000, leaseMs: 600_000 } });
});
afterAll(() => t.close());

test('migration 025 redacts the links already kept and gives up the reset e-mails not yet sent', async () => {
  const token = 'Abc_def-123456789012345678901234567890123456';
  const link = `https://shop.example/reset-password?token=${token}`;
  const message = JSON.stringify({ kind: 'password-reset', fullName: 'Old Row', resetUrl: link, expiresInMinutes: 60 });
  const welcome = JSON.stringify({ kind: 'welcome', fullName: 'token=keep-me' });
  await t.ctx.db.query(
    `INSERT INTO mail_outbox (idempotency_key, kind, to_address, message, status, attempts, lease_until, subject, html, text_body, sent_at, next_attempt_at) VALUES
       ('old-sent', 'password-reset', 'a@old.test', $1::jsonb, 'sent', 1, NULL, 'Reset', $2, $3, now(), now() + interval '1 hour'),
       ('old-waiting', 'password-reset', 'b@old.test', $1::jsonb, 'pending', 2, NULL, NULL, NULL, NULL, NULL, now() + interval '1 hour'),
       ('old-welcome', 'welcome', 'c@old.test', $4::jsonb, 'sent', 1, NULL, 'Welcome', '<p>token=keep-me</p>', 'token=keep-me', now(), now() + interval '1 hour')`,
    [message, `<a href="${link.replace(/&/g, '&amp;')}">${link}</a>`, `Open ${link} within one hour.`, welcome],
  );
  const update = upgrade.split(/;\s*\n/).find((s) => s.trim().startsWith('UPDATE'))!;
  await t.ctx.db.query(update);
  const rows = await t.ctx.db.query<{ idempotency_key: string; status: string; row: string; url: string | null; text_body: string | null; last_error: string | null }>(
    `SELECT idempotency_key, status, m::text AS row, message->>'resetUrl' AS url, text_body, last_error FROM mail_outbox m WHERE idempotency_key LIKE 'old-%' ORDER BY idempotency_key`,
  );
  const by = Object.fromEntries(rows.map((r) => [r.idempotency_key, r]));
  for (const key of ['old-sent', 'old-waiting']) {
    expect(by[key].row).not.toContain(token);
    expect(by[key].url).toBe('https://shop.example/reset-password?token=[redacted]');
  }
  expect(by['old-sent']).toMatchObject({ status: 'sent', text_body: 'Open https://shop.example/reset-password?token=[redacted] within one hour.', last_error: null });
  expect(by['old-waiting']).toMatchObject({ status: 'failed', last_error: expect.stringContaining('ask for a new one') });
  // Other e-mails are left as they were.
  expect(by['old-welcome']).toMatchObject({ status: 'sent', text_body: 'token=keep-me' });
});

test("a sealed secret stays for the retry of an e-mail not delivered, and is wiped when the e-mail is given up", async () => {
  const [{ id }] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO mail_outbox (idempotency_key, kind, to_address, message, secret, status, attempts, next_attempt_at)
     VALUES ('sealed-retry', 'password-reset', 'd@old.test', '{}'::jsonb, $1, 'sending', 1, now() + interval '1 hour') RETURNING id`,
    [t.ctx.mailSecrets.seal('a-token')],
  );
  const row = async () => (await t.ctx.db.one<{ status: string; secret: string | null }>(`SELECT status, secret FROM mail_outbox WHERE id = $1`, [id]))!;
  await markNotSent(t.ctx.db, id, 1, 'mailbox unavailable', 3_600_000);
  expect((await row()).status).toBe('pending');
  expect(t.ctx.mailSecrets.open((await row()).secret!)).toBe('a-token');
  await t.ctx.db.query(`UPDATE mail_outbox SET status = 'sending', attempts = 2 WHERE id = $1`, [id]);
  await markNotSent(t.ctx.db, id, 2, 'mailbox unavailable', null);
  expect(await row()).toEqual({ status: 'failed', secret: null });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { resetRequestsSettled } from '../accounts/routes';
import { freePort } from '../test/freePort';
import { startTestApp, within, type TestApp } from '../test/harness';
import { startSmtp } from '../test/smtpServer';
import { SECRET_MARK } from './secrets';

// Issue 34 #1: an admin who is not the super admin asked for the super admin's reset link, read it in
// the back office's Emails (GET /api/mail, /api/mail/{id}) and took the account over; the outbox's rows
// kept every live link too. A link's token is the e-mail's secret: only the e-mail delivered carries
// it, sealed in the row until then (a retry still has it) and wiped after; every view shows the mark.
jest.setTimeout(90_000);

const PUBLIC_URL = 'https://shop.example';
const LINK = /https:\/\/shop\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/;

/** Every column of an e-mail's outbox row, as text: where a token kept in the database would show. */
const rowText = async (t: TestApp, id: string) => (await t.ctx.db.one<{ row: string }>(`SELECT m::text AS row FROM mail_outbox m WHERE id = $1`, [id]))!.row;

test("a plain admin cannot take the super admin's reset link: not in the Emails list or preview, queued or sent, nor in the rows; the e-mail's link works after a retry", async () => {
  // The SMTP server is down at first: the e-mail waits in the outbox, tried again with back-off.
  const port = await freePort();
  const t = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: PUBLIC_URL, pollMs: 200 } });
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  try {
    const admin = await t.admin('Curious Admin');
    const owner = (await t.ctx.db.one<{ email: string }>(`SELECT email FROM users WHERE is_super_admin`))!.email;
    const answers: string[] = [];
    const asAdmin = async (url: string) => {
      const r = await t.call('GET', url, { token: admin.token });
      expect(r.status).toBe(200);
      answers.push(JSON.stringify(r.body));
      return r.body;
    };
    expect((await t.call('POST', '/api/user/forgot-password', { body: { email: owner } })).status).toBe(202);
    await resetRequestsSettled(t.ctx);
    const { id } = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM mail_outbox WHERE kind = 'password-reset' AND to_address = $1`, [owner]))!;
    expect(await within(10_000, async () => (await t.ctx.db.one<{ attempts: number }>(`SELECT attempts FROM mail_outbox WHERE id = $1`, [id]))!.attempts >= 1)).toBe(true);

    // Queued: the admin's views and the row show the mark; the token is sealed apart.
    const queued = await t.ctx.db.one<{ message: { resetUrl: string }; secret: string; status: string }>(`SELECT message, secret, status FROM mail_outbox WHERE id = $1`, [id]);
    expect(queued!.message.resetUrl).toBe(`${PUBLIC_URL}/reset-password?token=${SECRET_MARK}`);
    expect(queued!.secret).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const list = await asAdmin('/api/mail?limit=100');
    expect(list.items.find((m: { _id: string }) => m._id === id)).toMatchObject({ kind: 'password-reset', to: owner });
    await asAdmin(`/api/mail/${id}`);
    const rowWhileQueued = await rowText(t, id);

    // The server comes back: the retry delivers the e-mail, with its working link.
    smtp = await startSmtp(port);
    const [mail] = await smtp.waitFor(1, 30_000);
    const token = LINK.exec(mail.text ?? '')![1];
    expect(mail.html).toContain(`reset-password?token=${token}`);
    expect(rowWhileQueued).not.toContain(token);
    expect(await within(5_000, async () => (await t.ctx.db.one<{ status: string }>(`SELECT status FROM mail_outbox WHERE id = $1`, [id]))!.status === 'sent')).toBe(true);

    // Sent: the preview shows what went, the mark for the token; the row keeps no token, sealed or not.
    const sent = await asAdmin(`/api/mail/${id}`);
    expect(sent).toMatchObject({ status: 'sent', subject: mail.subject });
    expect(sent.text).toContain(`${PUBLIC_URL}/reset-password?token=${SECRET_MARK}`);
    expect(sent.html).toContain(`token=${SECRET_MARK}`);
    await asAdmin('/api/mail?limit=100');
    expect(await t.ctx.db.one(`SELECT secret FROM mail_outbox WHERE id = $1`, [id])).toEqual({ secret: null });
    expect(await rowText(t, id)).not.toContain(token);
    for (const answer of answers) expect(answer).not.toContain(token);

    // Each reading of the e-mail is in the audit log: who read which.
    const log = await t.call('GET', '/api/audit-log?entity=email', { token: t.superToken });
    expect(log.status).toBe(200);
    const views = log.body.items.filter((e: { entityId: string }) => e.entityId === id);
    expect(views).toHaveLength(2);
    for (const v of views) expect(v).toMatchObject({ action: 'view', entity: 'email', actor: { _id: admin.id }, after: { kind: 'password-reset', to: owner } });
    expect((await t.call('GET', `/api/mail/${id}`, { token: (await t.customer()).token })).status).toBe(403);

    // What the admin could copy resets nothing; the owner's link does.
    const reset = (tok: string) => t.call('POST', '/api/user/reset-password', { body: { token: tok, password: 'taken-over-1' } });
    expect((await reset(SECRET_MARK)).status).toBe(400);
    expect((await reset(encodeURIComponent(SECRET_MARK))).status).toBe(400);
    expect((await reset(token)).status).toBe(200);
  } finally {
    await t.close();
    await smtp?.close();
  }
});

test('the embedded outbox: the .eml file under DATA_DIR/mail is where the link is read; the rows and the preview show the mark', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-secret-'));
  const t = await startTestApp({ dataDir, mail: { publicUrl: PUBLIC_URL, pollMs: 200 } });
  try {
    const c = await t.customer('Dana Demo');
    expect((await t.call('POST', '/api/user/forgot-password', { body: { email: c.email } })).status).toBe(202);
    await resetRequestsSettled(t.ctx);
    const { id } = (await t.ctx.db.one<{ id: string }>(`SELECT id FROM mail_outbox WHERE kind = 'password-reset' AND to_address = $1`, [c.email]))!;
    expect(await within(10_000, async () => (await t.ctx.db.one<{ status: string }>(`SELECT status FROM mail_outbox WHERE id = $1`, [id]))!.status === 'sent')).toBe(true);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(dataDir, 'mail', f)))));
    const token = LINK.exec(mails.find((m) => m.to && JSON.stringify(m.to).includes(c.email))!.text ?? '')![1];
    expect(await rowText(t, id)).not.toContain(token);
    const preview = await t.call('GET', `/api/mail/${id}`, { token: t.adminToken });
    expect(preview.body.text).toContain(`token=${SECRET_MARK}`);
    expect(JSON.stringify(preview.body)).not.toContain(token);
    expect((await t.call('POST', '/api/user/reset-password', { body: { token, password: 'demo-secret-1' } })).status).toBe(200);
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// E-mail that is never lost and never sent twice (issue 18). enqueueMail writes a message into the
// outbox inside the caller's transaction; the sender (sender.ts) delivers it after commit.
import { recordAudit } from '../audit/service.js';
import type { Queryable } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import type { OutgoingMail } from './messages.js';
import * as Q from './queries.js';

export type { OutgoingMail, MailMessage, ShopIdentity } from './messages.js';
export type { NewMail } from './queries.js';

/**
 * Puts an e-mail in the outbox, in the transaction `q` belongs to: it is sent once that commits, and
 * never if it rolls back. A second call with the same key adds nothing.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail & { replyTo?: string }): Promise<void> {
  await Q.insertMail(q, outboxRow(mail));
}

/** The outbox row of an e-mail, for a statement that writes it with the event it is about (Q.insertMailSql). */
export const outboxRow = (mail: OutgoingMail & { replyTo?: string }): Q.NewMail => ({
  key: mail.key,
  kind: mail.message.kind,
  to: mail.to,
  replyTo: mail.replyTo ?? null,
  message: JSON.stringify(mail.message),
  secret: mail.secret ?? null,
});

/** One outbox row as the admin's list shows it. */
const summary = (r: Omit<Q.MailRow, 'message' | 'html' | 'text_body' | 'secret'>) => ({
  _id: r.id,
  kind: r.kind,
  to: r.to_address,
  replyTo: r.reply_to,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at).toISOString(),
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
});

/** GET /mail (admin): the outbox, newest first. */
export async function listMails(q: Queryable, page: number, limit: number) {
  const { rows, total } = await Q.listMails(q, limit, (page - 1) * limit);
  return { items: rows.map(summary), itemCount: total, page, limit };
}

/**
 * GET /mail/:id (admin): one message with what was sent (html and text once sent; a secret it carried
 * shows as the mark: secrets.ts). Reading a customer's e-mail is recorded in the audit log: who read which.
 */
export async function getMail(q: Queryable, id: string, viewerId: string) {
  const r = await Q.getMail(q, id);
  if (!r) throw notFound('E-mail not found');
  await recordAudit(q, { actorId: viewerId, action: 'view', entity: 'email', entityId: r.id, after: { kind: r.kind, to: r.to_address, subject: r.subject } });
  return { ...summary(r), html: r.html, text: r.text_body };
}

/** How many e-mails are not delivered yet (GET /api/metrics: a growing outbox is an SMTP problem). */
export const outboxDepth = (q: Queryable) => Q.outboxDepth(q);

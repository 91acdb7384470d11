// The contact form (issue 18): a message is stored for the admins and, in the same transaction, two
// e-mails are put in the outbox: the message to the shop's inbox (Reply-To: the writer) and a fixed
// acknowledgement to the writer (issue 34 #3: nothing they wrote). Either all three happen or none;
// past the shop's hourly cap on contact e-mails, the message is only stored.
import { checkContact, type ContactMessage } from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, notFound } from '../lib/errors.js';
import { enqueueMail } from '../mail/service.js';
import type { ShopIdentity } from '../mail/messages.js';
import * as Q from './queries.js';

/** CONTACT_MAIL_PER_HOUR: contact messages e-mailed in an hour, shop-wide (far above a jeweller's real mail, far below a spammer's). */
export const DEFAULT_CONTACT_MAIL_PER_HOUR = 60;

const wire = (r: Q.ContactRow): ContactMessage => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  message: r.message,
  read: r.read_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The form's values checked as the browser checks them (contract's checkContact), trimmed; a 400
 * naming the first thing wrong otherwise.
 */
export function validContact(body: { name?: unknown; email?: unknown; message?: unknown }) {
  const { value, errors } = checkContact(body);
  const first = errors.name ?? errors.email ?? errors.message;
  if (first) throw badRequest(first);
  return value;
}

/**
 * The address an inbox is reached at, for the limit per recipient: lowercase, without a plus tag
 * (user+1@ and user+2@ are one inbox, user@; issue 34 #3).
 */
export function inboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`.toLowerCase();
}

/** POST /contact: stores the message and, when `mail` (under the hourly cap), enqueues its two e-mails, in one transaction. */
export async function receiveMessage(db: Db, shop: ShopIdentity, input: { name: string; email: string; message: string }, mail: boolean): Promise<ContactMessage> {
  return db.tx(async (q) => {
    const row = (await Q.insertMessage(q, input))!;
    const { name, email, message } = row;
    if (mail) {
      await enqueueMail(q, { to: shop.email, key: `contact-shop:${row.id}`, replyTo: email, message: { kind: 'contact-shop', name, email, message } });
      await enqueueMail(q, { to: email, key: `contact-copy:${row.id}`, message: { kind: 'contact-copy' } });
    }
    return wire(row);
  });
}

/** GET /contact (admin): newest first. */
export async function listMessages(q: Queryable, page: number, limit: number) {
  const { rows, total } = await Q.listMessages(q, limit, (page - 1) * limit);
  return { items: rows.map(wire), itemCount: total, page, limit };
}

/** PATCH /contact/:id (admin): read or unread. */
export async function markRead(q: Queryable, id: string, read: boolean): Promise<ContactMessage> {
  const row = await Q.setRead(q, id, read);
  if (!row) throw notFound('Message not found');
  return wire(row);
}

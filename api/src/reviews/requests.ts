// The review request (issue 41): REVIEW_REQUEST_DAYS after an order is delivered, one e-mail asks its
// customer to review its pieces, each linking to its product's review form. It is put in the outbox
// with the delivery, in the same transaction, due that many days later (the sender takes it then); once
// per order (its key), never to a customer who turned review requests off, and turning them off (the
// profile, or the e-mail's one-click link) withdraws those still waiting.
import type { Order } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import type { MailSecrets } from '../mail/secrets.js';
import { enqueueMail } from '../mail/service.js';
import * as Q from './queries.js';

export const DEFAULT_REVIEW_REQUEST_DAYS = 7;

/** The e-mail's one-click link turns review requests off for the account its token names: sealed, so only the shop can make one. */
export const unsubscribeToken = (secrets: MailSecrets, userId: string) => secrets.seal(`review-requests:${userId}`);

/** Called with an order's change to delivered, in its transaction. */
export async function scheduleReviewRequest(q: Queryable, secrets: MailSecrets, order: Order, days: number): Promise<void> {
  const customer = order.user;
  if (!customer?.email || !(await Q.wantsRequests(q, customer._id))) return;
  const seen = new Set<string>();
  const products = order.items.flatMap((i) => (i.product._id && !seen.has(i.product._id) && seen.add(i.product._id) ? [{ title: i.product.title, slug: i.product.slug }] : []));
  if (!products.length) return;
  const key = `review-request:${order._id}`;
  await enqueueMail(q, {
    to: customer.email,
    key,
    message: { kind: 'review-request', userId: customer._id, fullName: customer.fullName, orderNumber: order.orderNumber, products, unsubscribeToken: unsubscribeToken(secrets, customer._id) },
  });
  await Q.delayMail(q, key, days);
}

/** The account a one-click link names, or a 400 when the link is not the shop's. */
export function accountOfToken(secrets: MailSecrets, token: string): string {
  try {
    const text = secrets.open(token);
    if (text.startsWith('review-requests:')) return text.slice('review-requests:'.length);
  } catch {
    // a token the shop did not make
  }
  throw badRequest('This link is not valid');
}

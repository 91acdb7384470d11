// "E-mail me when it's back" (issue 38, 11). A shopper waits for a sold-out product, or one combination
// of it; when it can be bought again, they get one e-mail, put in the outbox in the transaction that
// brought it back (restocked() below, called by every write that can: an admin's stock edit, a cancelled
// or rejected order giving its pieces back, a product edit that puts an option back in stock or stops
// counting). Once per alert: its row is locked and marked in that transaction, and the outbox's key is
// the alert's. The e-mail's link (a sealed token naming the address) drops every alert still waiting for
// the address and keeps it from being signed up again by someone signed out.
import { availableQuantity, combinationKey, combinationsOf, DEFAULT_LOCALE, isAvailable, isEmailAddress, isLocale, type Locale } from '@shop/contract';
import type { AuthUser } from '../lib/auth.js';
import type { Db, Queryable } from '../db/client.js';
import { loadProduct, type ProductOut } from '../catalog/productQueries.js';
import { badRequest, conflict, fieldError, notFound } from '../lib/errors.js';
import type { MailSecrets } from '../mail/secrets.js';
import { enqueueMail } from '../mail/service.js';
import * as Q from './queries.js';

export const STOCK_ALERT_WORDS = {
  email: 'Please enter a valid e-mail address.',
  options: 'Choose one option of each variant, or none.',
  available: 'It is available now: you can add it to your cart.',
  saved: "We will e-mail you once when it's back.",
} as const;

/** The e-mail's link names its address: sealed, so only the shop can make one. */
export const stopToken = (secrets: MailSecrets, email: string) => secrets.seal(`stock-alerts:${email.toLowerCase()}`);

export function addressOfToken(secrets: MailSecrets, token: string): string {
  try {
    const text = secrets.open(token);
    if (text.startsWith('stock-alerts:')) return text.slice('stock-alerts:'.length);
  } catch {
    // a token the shop did not make
  }
  throw badRequest('This link is not valid');
}

/** The option ids of a combination in variant order, or null when it is not one of the product's (one of each variant with options; none at all is "any"). */
function combination(product: ProductOut, optionIds: readonly string[]): string[] | null {
  if (!optionIds.length) return [];
  const chosen = new Set(optionIds);
  if (chosen.size !== optionIds.length) return null;
  const withOptions = product.variants.filter((v) => v.options.length);
  if (!withOptions.every((v) => v.options.filter((o) => chosen.has(o._id)).length === 1)) return null;
  const ordered = withOptions.flatMap((v) => v.options.filter((o) => chosen.has(o._id)).map((o) => o._id));
  return ordered.length === optionIds.length ? ordered : null;
}

/** Whether what an alert waits for can be bought now. */
const backInStock = (product: ProductOut, optionIds: readonly string[]) => (optionIds.length ? availableQuantity(product, optionIds) !== 0 : isAvailable(product));

export interface SubscribeInput {
  productId: string;
  options: string[];
  email?: string;
  user: AuthUser | null;
  locale: Locale;
}

/**
 * POST /product/{id}/stock-alert. The address: a signed-in shopper's own (what they typed is ignored),
 * else the one given. 409 when it can be bought now (nothing to wait for). Twice the same: one alert.
 * A signed-out request for an address that unsubscribed stores nothing and answers the same (no one
 * learns who unsubscribed); the owner of the address, signed in, may sign up again.
 */
export async function subscribe(db: Db, input: SubscribeInput): Promise<{ message: string; email: string }> {
  const email = (input.user ? input.user.email : (input.email ?? '').trim()).toLowerCase();
  if (!input.user && !isEmailAddress(email)) throw fieldError('email', STOCK_ALERT_WORDS.email);
  return db.tx(async (q) => {
    const product = await loadProduct(q, input.productId, { withStock: true }, 'shop');
    if (!product) throw notFound('Product not found');
    const optionIds = combination(product, input.options);
    if (!optionIds || (optionIds.length && combinationsOf(product.variants)?.every((c) => combinationKey(c) !== combinationKey(optionIds)))) {
      throw fieldError('options', STOCK_ALERT_WORDS.options);
    }
    if (backInStock(product, optionIds)) throw conflict(STOCK_ALERT_WORDS.available);
    if (input.user) await Q.clearOptOut(q, email);
    else if (await Q.isOptedOut(q, email)) return { message: STOCK_ALERT_WORDS.saved, email };
    await Q.insertAlert(q, { productId: product._id, key: combinationKey(optionIds), optionIds, email, userId: input.user?.id ?? null, locale: input.locale });
    return { message: STOCK_ALERT_WORDS.saved, email };
  });
}

/** GET /stock-alerts/off: the link's address gets no more back-in-stock e-mails. */
export async function stopAlerts(db: Db, secrets: MailSecrets, token: string): Promise<void> {
  const email = addressOfToken(secrets, token);
  await db.tx((q) => Q.optOut(q, email));
}

/**
 * Called, in the writer's transaction, after a write that may have brought pieces back: each alert
 * waiting for these products whose combination can be bought now gets its e-mail, once.
 */
export async function restocked(q: Queryable, secrets: MailSecrets | undefined, productIds: readonly string[]): Promise<void> {
  if (!secrets || !productIds.length) return;
  for (const productId of await Q.productsWaitedFor(q, [...new Set(productIds)])) {
    const waiting = await Q.lockWaiting(q, productId);
    if (!waiting.length) continue;
    const product = await loadProduct(q, productId, { withStock: true }, 'shop');
    if (!product) continue;
    const due = waiting.filter((a) => backInStock(product, a.option_ids));
    if (!due.length) continue;
    await Q.markNotified(q, due.map((a) => a.id));
    for (const a of due) {
      const locale: Locale = isLocale(a.locale) ? a.locale : DEFAULT_LOCALE;
      const titled = locale === DEFAULT_LOCALE ? product : ((await loadProduct(q, productId, { locale }, 'shop')) ?? product);
      const chosen = new Set(a.option_ids);
      const names = titled.variants.flatMap((v) => v.options.filter((o) => chosen.has(o._id)).map((o) => o.name)).join(' / ');
      await enqueueMail(q, {
        to: a.email,
        key: `back-in-stock:${a.id}`,
        message: { kind: 'back-in-stock', title: titled.title, slug: product.slug, combination: names, locale, stopToken: stopToken(secrets, a.email) },
      });
    }
  }
}

// Issue 40, guests: buying without an account when the owner turns guestCheckout on (store settings or
// GUEST_CHECKOUT=1). A guest's cart belongs to a guest shopper (users.is_guest) that its cart token names,
// so the cart and checkout code serve a guest as they serve an account; what is a guest's own is here:
// the token, the merge at sign-in, the order's private link, Find my order and the account made after.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { availableQuantity, CART_TOKEN_HEADER, GUEST_CART_DAYS, GUEST_CART_MAX_LINES, isEmailAddress, PER_USER_LISTS, type Locale } from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import { getProduct } from '../catalog/index.js';
import type { ProductOut } from '../catalog/productQueries.js';
import { conflict, fieldError, forbidden, notFound } from '../lib/errors.js';
import type { Auth, AuthUser } from '../lib/auth.js';
import { MAX_QUANTITY } from '../cart/service.js';
import { lockUser } from '../accounts/queries.js';
import * as Orders from '../orders/queries.js';
import { enqueueMail } from '../mail/service.js';
import { SECRET_MARK, type MailSecrets, type SealedSecret } from '../mail/secrets.js';
import * as Q from './queries.js';

export const GUEST_CART_MS = GUEST_CART_DAYS * 24 * 60 * 60_000;
export const GUEST_CHECKOUT_OFF = 'Guest checkout is off: sign in to shop';
export const CART_TOKEN_REFUSED = 'This cart is not yours or has expired';

/** 32 random bytes (256 bits), URL-safe; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** guestCheckout: the store settings' or GUEST_CHECKOUT=1 (env). */
export async function guestCheckoutOn(q: Queryable, env: boolean) {
  return env || (await Q.guestSettings(q)).guest_checkout;
}

/** POST /cart/guest: a new anonymous cart and its token (the caller checked the setting and the per-address limit). */
export async function createGuestCart(db: Db) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + GUEST_CART_MS);
  await Q.insertGuestCart(db, tokenHash(token), expiresAt);
  return { cartToken: token, expiresAt: expiresAt.toISOString() };
}

/** The caller a cart token stands for: its guest shopper, as the cart and checkout code take a caller. */
export async function guestCaller(q: Queryable, token: string): Promise<AuthUser> {
  const found = /^[A-Za-z0-9_-]{43}$/.test(token) ? await Q.guestOfToken(q, tokenHash(token)) : undefined;
  if (!found) throw forbidden(CART_TOKEN_REFUSED);
  return { id: found.user_id, fullName: '', email: '', role: 'customer', isSuperAdmin: false, sessionId: null, permissions: [], twoFactor: false, guest: true };
}

/** A guest cart holds at most GUEST_CART_MAX_LINES lines (an account's: PER_USER_LISTS). */
export const guestLineCap = (user: AuthUser) => (user.guest ? GUEST_CART_MAX_LINES : undefined);

/**
 * The merge at sign-in or registration, one rule: for each of the guest's lines, oldest first, the same
 * piece with the same options in the account's cart gets the guest's quantity added, capped by what is in
 * stock (and the most a line holds), never below what the account's line had; any other line joins the
 * account's cart (its quantity capped the same way; a piece sold out meanwhile joins with what it had, the
 * checkout tells), while the account's cart has room. The account's cart never loses a line or a piece.
 * Only the token's holder merges its cart, and the token is spent by it (a second merge: 403).
 */
export async function mergeGuestCart(db: Db, account: AuthUser, token: string, locale?: Locale) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw forbidden(CART_TOKEN_REFUSED);
  await db.tx(async (q) => {
    // Each product read in the transaction (its one connection: the embedded database has no other).
    const products = new Map<string, ProductOut | null>();
    const productOf = async (id: string) => {
      if (!products.has(id)) products.set(id, await getProduct(q, id, { withStock: true, locale }).catch(() => null));
      return products.get(id)!;
    };
    // The account first (as its own adds lock it), then the token, spent in the same statement that finds it.
    await lockUser(q, account.id);
    const spent = await Q.spendToken(q, tokenHash(token));
    if (!spent) throw forbidden(CART_TOKEN_REFUSED);
    if (spent.user_id === account.id) return;
    const lines = await Q.guestLines(q, spent.user_id);
    let room = PER_USER_LISTS.cartLines.max - (await Q.countLines(q, account.id));
    for (const line of lines) {
      const product = await productOf(line.product_id);
      const stock = product ? availableQuantity(product, line.option_ids) : null;
      const cap = (wanted: number) => Math.min(wanted, MAX_QUANTITY, stock === null || stock < 1 ? wanted : stock);
      const mine = await Q.accountLine(q, account.id, line.product_id, line.options_key);
      if (mine) {
        const merged = Math.max(mine.quantity, cap(mine.quantity + line.quantity));
        if (merged !== mine.quantity) await Q.setQuantity(q, mine.id, merged);
      } else if (room > 0) {
        await Q.moveLine(q, line.id, account.id, Math.max(1, cap(line.quantity)));
        room -= 1;
      }
    }
    await Q.deleteLines(q, spent.user_id);
  });
}

export interface LinkMail {
  publicUrl: string;
  seal: (secret: string) => SealedSecret;
}

/** The shop's order links: its public URL, and its mail secrets' seal (the e-mail carries the token sealed). */
export const orderLinkOf = (ctx: { shop: { publicUrl: string }; mailSecrets: MailSecrets }): LinkMail => ({ publicUrl: ctx.shop.publicUrl, seal: ctx.mailSecrets.seal });

/** The order a private link names, as its page shows it (404: no such link). */
export async function orderOfLink(q: Queryable, token: string) {
  const found = await Q.orderOfLink(q, tokenHash(token));
  if (!found) throw notFound('Order not found');
  const order = (await Orders.getOrder(q, found.id))!;
  const hasAccount = !!(await Q.accountWithEmail(q, found.guest_email));
  return { found, view: { order, canCancel: order.status === 'pending', hasAccount } };
}

/**
 * Find my order: a guest order with that number and e-mail gets a new private link (the one lost stops
 * working), e-mailed to that address with the order; anything else gets nothing. The caller's answer is
 * the same either way (the route answers before this runs).
 */
export async function sendOrderLink(db: Db, mail: LinkMail, orderNumber: string, email: string) {
  const digits = orderNumber.trim().replace(/^[A-Za-z]+-?/, '');
  if (!/^\d{1,18}$/.test(digits) || !isEmailAddress(email.trim())) return;
  const found = await Q.orderByNumberAndEmail(db, digits, email.trim());
  if (!found) return;
  const token = newToken();
  await db.tx(async (q) => {
    await Q.setLinkHash(q, found.id, tokenHash(token));
    const order = (await Orders.getOrder(q, found.id))!;
    const locale = found.locale === 'fr' ? 'fr' : undefined;
    await enqueueMail(q, {
      to: found.guest_email,
      key: `order-link:${found.id}:${tokenHash(token).slice(0, 16)}`,
      message: { kind: 'order-confirmation', order, ...(locale ? { locale } : {}), statusUrl: `${mail.publicUrl}${locale ? '/fr' : ''}/order-status/${SECRET_MARK}` },
      secret: mail.seal(token),
    });
  });
}

/**
 * "Create an account with this e-mail", from the order's link (whose holder got it at that address): an
 * account with the order's e-mail and no password yet, the guest orders with that e-mail joined to it,
 * and a link to set its password e-mailed (the password reset's). An account already there: 409.
 */
export async function accountFromOrder(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  requestPasswordSet: (email: string) => Promise<void>,
  token: string,
  locale?: Locale,
) {
  const { found, view } = await orderOfLink(db, token);
  if (view.hasAccount) throw conflict('An account with this e-mail already exists: sign in to see your orders');
  const email = found.guest_email;
  if (!isEmailAddress(email)) throw fieldError('email', 'Enter a valid email address');
  const passwordHash = await hashPassword(newToken());
  const fullName = String(view.order.shippingAddress.fullName ?? '').trim() || email.split('@')[0];
  try {
    await db.tx(async (q) => {
      const u = await Q.insertAccount(q, fullName, email, passwordHash, locale ?? 'en');
      await Q.joinGuestOrders(q, u.id, email);
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('An account with this e-mail already exists: sign in to see your orders');
    throw err;
  }
  await requestPasswordSet(email);
  return { message: `We have sent a link to ${email} to choose your password. Your orders with this e-mail are in your account.` };
}

/**
 * POST /order's guest part: a guest (cart token) must give an e-mail, and cannot use a saved address
 * (a guest has none); an account's order ignores an e-mail sent. The link's token is made here.
 */
export function guestOrderInput(user: AuthUser, body: GuestBuyerBody, mail: LinkMail) {
  const email = guestBuyerEmail(user, body);
  return email === undefined ? undefined : guestOrderLink(email, mail);
}

/** A guest order's part of its input: the e-mail, and the private link's token made now (stored hashed, sent sealed). */
export const guestOrderLink = (email: string, mail: LinkMail) => ({ email, statusToken: newToken(), publicUrl: mail.publicUrl, seal: mail.seal });

type GuestBuyerBody = { email?: string; addressId?: string | null; shippingAddress?: { fullName?: unknown } | null };

/** A guest's checkout (an order, or a card payment's intent) names its buyer: the e-mail, checked; undefined for an account. */
export function guestBuyerEmail(user: AuthUser, body: GuestBuyerBody): string | undefined {
  if (!user.guest) return undefined;
  const email = (body.email ?? '').trim();
  if (!email) throw fieldError('email', 'This field is required');
  if (!isEmailAddress(email)) throw fieldError('email', 'Enter a valid email address');
  if (body.addressId) throw fieldError('addressId', 'a guest sends shippingAddress');
  // A guest has no account name to ship to: the address names them.
  if (typeof body.shippingAddress?.fullName !== 'string' || !body.shippingAddress.fullName.trim()) throw fieldError('fullName', 'This field is required');
  return email;
}

export const cartTokenOf = (req: FastifyRequest) => {
  const value = req.headers[CART_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : null;
};

/**
 * The onRequest hook of the cart's calls (GET/POST/PUT/DELETE /cart…, /order/preview, POST /order): a
 * session as before, or (guest checkout on) the X-Cart-Token header instead. Neither: 401; a token with
 * guest checkout off: 403; a token that names no live cart (another's spent one, a made-up one): 403.
 */
// The shop's parts it needs, named (not the whole Ctx): card payments use this module, and Ctx names them.
export function cartCaller(ctx: { db: Db; auth: Auth; guestCheckoutEnv: boolean }) {
  return async (req: FastifyRequest) => {
    const token = cartTokenOf(req);
    if (req.headers.authorization || !token) return ctx.auth.user(req);
    if (!(await guestCheckoutOn(ctx.db, ctx.guestCheckoutEnv))) throw forbidden(GUEST_CHECKOUT_OFF);
    req.user = await guestCaller(ctx.db, token);
  };
}


/** Anonymous carts one address may open in an hour (the store settings'). */
export const guestCartsPerHour = async (q: Queryable) => (await Q.guestSettings(q)).guest_carts_per_hour;

export const sweepGuestCarts = Q.sweepGuestCarts;

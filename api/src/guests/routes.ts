import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { requestLocale } from '../lib/locale.js';
import { addressKey, RateLimiter, tooMany } from '../lib/ratelimit.js';
import { requestPasswordReset } from '../accounts/service.js';
import { changeOrderStatus } from '../orders/service.js';
import { orderDocumentPdf } from '../invoices/service.js';
import { cartOf } from '../cart/service.js';
import * as S from './service.js';

const HOUR = 60 * 60_000;
/** Find my order: asks an hour per address, and per e-mail whoever asks (each may cost one e-mail). */
export const FIND_ORDER_PER_IP = 10;
export const FIND_ORDER_PER_EMAIL = 5;
/** Private-link calls an hour per address (a token is 256 bits: this keeps the guessing noise down). */
export const ORDER_LINK_PER_IP = 300;
/** How often expired guest carts are swept (and at start). */
export const GUEST_SWEEP_MS = 10 * 60_000;

/** Issue 40: the guests' own calls (the cart's take a token through cartCaller). */
export default async function guestRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const on = () => S.guestCheckoutOn(db, ctx.guestCheckoutEnv);
  const requireOn = async () => {
    if (!(await on())) throw forbidden(S.GUEST_CHECKOUT_OFF);
  };
  const findPerIp = new RateLimiter('find-order', FIND_ORDER_PER_IP, HOUR, ctx.counters);
  const findPerEmail = new RateLimiter('find-order-to', FIND_ORDER_PER_EMAIL, HOUR, ctx.counters);
  const linkPerIp = new RateLimiter('order-link', ORDER_LINK_PER_IP, HOUR, ctx.counters);
  const mail = { publicUrl: ctx.shop.publicUrl, seal: ctx.mailSecrets.seal };

  route(app, auth, E.guestCheckoutOn, async () => ({ guestCheckout: await on() }));
  route(app, auth, E.createGuestCart, async (req, reply) => {
    await requireOn();
    // At most N anonymous carts an hour per address (the store settings' number), counted where every limit counts.
    const window = await ctx.counters.incr(`guest-cart:${addressKey(req.ip)}`, HOUR);
    if (window.count > (await S.guestCartsPerHour(db))) throw tooMany(window, 'Too many new carts from this address. Please try again later.');
    return reply.code(201).send(await S.createGuestCart(db));
  });
  route(app, auth, E.mergeGuestCart, async (req, reply) => {
    const token = S.cartTokenOf(req);
    if (!token) throw forbidden(S.CART_TOKEN_REFUSED);
    const locale = requestLocale(req, reply);
    await S.mergeGuestCart(db, req.user!, token, locale);
    return { items: await cartOf(db, req.user!.id, locale, ctx.catalog.parts) };
  });

  // The order's private link: the page, its cancel and its invoice; the account made from it.
  const linkCheck = async (req: FastifyRequest) => linkPerIp.hit(addressKey(req.ip));
  route(app, auth, E.guestOrder, async (req) => (await S.orderOfLink(db, req.params.token)).view, { preHandler: linkCheck });
  route(
    app,
    auth,
    E.cancelGuestOrder,
    async (req) => {
      const { found } = await S.orderOfLink(db, req.params.token);
      // The guest cancels as the order's buyer would (the same rule: pending only; the same stock, coupon and credit note).
      const buyer = { id: found.user_id ?? '', fullName: '', email: found.guest_email, role: 'customer' as const, isSuperAdmin: false, sessionId: null, permissions: [], twoFactor: false, guest: true };
      if (!found.user_id) throw unauthorized('Sign in to change this order');
      await changeOrderStatus(db, ctx.refundPayment, buyer, found.id, { status: 'cancelled' }, req.log);
      return (await S.orderOfLink(db, req.params.token)).view;
    },
    { preHandler: linkCheck },
  );
  route(
    app,
    auth,
    E.guestInvoicePdf,
    async (req, reply) => {
      const { found } = await S.orderOfLink(db, req.params.token);
      const { number, pdf } = await orderDocumentPdf(db, found.id, 'invoice');
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
    },
    { compress: false, preHandler: linkCheck },
  );
  route(
    app,
    auth,
    E.guestAccount,
    (req) =>
      S.accountFromOrder(db, auth.hashPassword, (email) => requestPasswordReset(db, ctx.shop.publicUrl, ctx.mailSecrets.seal, email), req.params.token, requestLocale(req)),
    { preHandler: linkCheck },
  );
  route(app, auth, E.findMyOrder, async (req) => {
    await findPerIp.hit(addressKey(req.ip));
    const email = req.body.email.trim().toLowerCase();
    await findPerEmail.hit(`email:${email}`);
    // The same answer whatever is found; the work is done before answering, in the same time as not finding (one look-up, then the e-mail's row).
    await S.sendOrderLink(db, mail, req.body.orderNumber, email);
    return { message: 'If an order with this number was placed with this e-mail, we have sent its link to that address.' };
  });

  // Expired guest carts, swept at start and every GUEST_SWEEP_MS (each process; the statements are idempotent).
  const sweep = () => S.sweepGuestCarts(db).catch((error) => app.log.error({ error }, 'the guest cart sweep failed'));
  const timer = setInterval(sweep, GUEST_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

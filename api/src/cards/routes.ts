import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import { cartCaller, orderLinkOf } from '../guests/service.js';
import * as S from './service.js';

/** Issue 40: card payments (Stripe), and the back office's refunds of part of a card order. */
export default async function cardRoutes(app: FastifyInstance, ctx: Ctx) {
  const deps = (log: S.CardDeps['log']): S.CardDeps => ({ db: ctx.db, cards: ctx.cards, log, secrets: ctx.mailSecrets, link: orderLinkOf(ctx), invoices: ctx.invoiceNumbers, kept: ctx.catalog.parts });
  // A guest (guest checkout on) pays by card with their cart token, as they order (orders/routes.ts).
  const guestToo = { onRequest: cartCaller(ctx) };
  route(app, ctx.auth, E.cardConfig, async () => S.cardClientConfig(ctx.cards));
  route(app, ctx.auth, E.cardIntent, async (req) => {
    await ctx.couponTries(req.user!.id, req.ip, req.body.couponCode);
    return S.createCardIntent(deps(req.log), req.user!, req.body, requestLocale(req));
  }, guestToo);
  route(app, ctx.auth, E.cardComplete, async (req, reply) => reply.code(201).send(await S.completeCardPayment(deps(req.log), req.user!, req.body.paymentIntentId)), guestToo);
  route(app, ctx.auth, E.orderRefunds, (req) => S.orderRefunds(ctx.db, req.params.id));
  route(app, ctx.auth, E.refundOrder, async (req, reply) => reply.code(201).send(await S.refundPartOfOrder(deps(req.log), req.user!, req.params.id, req.body.amount)));
  // The webhook's signature is over the body's exact bytes: in a scope of its own, JSON is kept as sent.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, String(body)));
    route(scope, ctx.auth, E.stripeWebhook, (req) => {
      const signature = req.headers['stripe-signature'];
      return S.receiveStripeEvent(deps(req.log), typeof req.body === 'string' ? req.body : '', typeof signature === 'string' ? signature : undefined);
    });
  });
}

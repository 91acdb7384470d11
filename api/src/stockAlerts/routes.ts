import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import { addressKey, RateLimiter } from '../lib/ratelimit.js';
import * as S from './service.js';

/** Signed-out sign-ups an hour per IP, and per address whoever asks (each costs one e-mail at most, once). */
export const STOCK_ALERTS_PER_IP = 20;
export const STOCK_ALERTS_PER_ADDRESS = 10;

/** "E-mail me when it's back" (issue 38, 11) and its e-mail's link. */
export default async function stockAlertRoutes(app: FastifyInstance, ctx: Ctx) {
  const perIp = new RateLimiter('stock-alert', STOCK_ALERTS_PER_IP, 60 * 60_000, ctx.counters);
  const perAddress = new RateLimiter('stock-alert-to', STOCK_ALERTS_PER_ADDRESS, 60 * 60_000, ctx.counters);
  route(app, ctx.auth, E.subscribeStockAlert, async (req) => {
    // Signed in: their own address (a bad token is refused as anywhere else); signed out: the one given, limited.
    await ctx.auth.optional(req);
    const user = req.user ?? null;
    if (!user) await perIp.hit(addressKey(req.ip));
    const email = user ? user.email : (req.body.email ?? '').trim().toLowerCase();
    if (email) await perAddress.hit(`email:${email}`);
    return S.subscribe(ctx.db, { productId: req.params.id, options: req.body.options ?? [], email: req.body.email, user, locale: requestLocale(req) });
  });
  // The e-mail's link: a page that says it is done (opened from a mail client, not the shop).
  route(app, ctx.auth, E.stockAlertsOff, async (req, reply) => {
    await S.stopAlerts(ctx.db, ctx.mailSecrets, req.query.token);
    const done = 'You will get no more back-in-stock e-mails at this address. / Vous ne recevrez plus d\u2019alertes de retour en stock à cette adresse.';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${ctx.shop.name}</title></head><body><main><h1>${ctx.shop.name}</h1><p>${done}</p><p><a href="${ctx.shop.publicUrl}/">Back to the shop</a></p></main></body></html>`);
  });
}

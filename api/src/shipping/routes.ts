import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import { shippingOptions } from '../orders/service.js';
import { cartCaller } from '../guests/service.js';
import * as S from './service.js';

export default async function shippingRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const kept = ctx.catalog.parts;
  route(app, auth, E.shippingOptions, async (req) => {
    await ctx.couponTries(req.user!.id, req.ip, req.query.couponCode);
    return shippingOptions(db, req.user!.id, req.query.country.toUpperCase(), req.query.currency, req.query.couponCode, requestLocale(req), kept);
    // Issue 40: a guest's cart (X-Cart-Token) is priced to its country as an account's is.
  }, { onRequest: cartCaller(ctx) });
  route(app, auth, E.shippingZones, () => S.listZones(db));
  route(app, auth, E.createShippingZone, async (req, reply) => reply.code(201).send(await S.createZone(db, req.body, req.user!.id)));
  route(app, auth, E.updateShippingZone, (req) => S.updateZone(db, req.params.id, req.body, req.user!.id));
  route(app, auth, E.deleteShippingZone, async (req) => {
    await S.deleteZone(db, req.params.id, req.user!.id);
    return { message: 'Shipping zone deleted' };
  });
  route(app, auth, E.shippingMethod, (req) => S.getMethod(db, req.params.id));
  route(app, auth, E.createShippingMethod, async (req, reply) => reply.code(201).send(await S.createMethod(db, req.body, req.user!.id)));
  route(app, auth, E.updateShippingMethod, (req) => S.updateMethod(db, req.params.id, req.body, req.user!.id));
  route(app, auth, E.deleteShippingMethod, async (req) => {
    await S.deleteMethod(db, req.params.id, req.user!.id);
    return { message: 'Shipping method deleted' };
  });
}

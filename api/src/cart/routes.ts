import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import { cartCaller, guestLineCap } from '../guests/service.js';
import * as S from './service.js';

export default async function cartRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const kept = ctx.catalog.parts;
  // Issue 40: a session, or a guest's cart token (X-Cart-Token) when guest checkout is on.
  const guestToo = { onRequest: cartCaller(ctx) };
  route(app, auth, E.cart, async (req, reply) => ({ items: await S.cartOf(db, req.user!.id, requestLocale(req, reply), kept) }), guestToo);
  // A change answers the whole cart, in the same language as a read of it (issue 37: the cart's names in French on /fr).
  route(
    app,
    auth,
    E.addToCart,
    async (req, reply) => {
      const ids = (req.body.options ?? []).map((o) => (typeof o === 'string' ? o : 'optionId' in o ? o.optionId : o.selectedOption._id));
      return { items: await S.addToCart(db, req.user!.id, req.body.productId, ids, req.body.quantity, req.body.selectedCurr, requestLocale(req, reply), guestLineCap(req.user!), kept) };
    },
    guestToo,
  );
  route(app, auth, E.changeCartQuantity, async (req, reply) => ({ items: await S.changeQuantity(db, req.user!.id, req.params.id, req.body.quantity, requestLocale(req, reply), kept) }), guestToo);
  route(app, auth, E.removeFromCart, async (req, reply) => ({ items: await S.removeFromCart(db, req.user!.id, req.params.id, requestLocale(req, reply), kept) }), guestToo);
}

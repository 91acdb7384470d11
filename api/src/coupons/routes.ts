import type { FastifyInstance } from 'fastify';
import { type CouponBody, endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

/** The back office's coupons (issue 22); shoppers use a code through POST /order and /order/preview. */
export default async function couponRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  // A price's currency may come as { _id } too: the service reads both (its prices' own check).
  const couponOf = (body: unknown) => body as CouponBody;
  route(app, auth, E.coupons, () => S.listCoupons(db));
  route(app, auth, E.createCoupon, async (req, reply) => reply.code(201).send(await S.createCoupon(db, couponOf(req.body), req.user!.id)));
  route(app, auth, E.coupon, (req) => S.getCoupon(db, req.params.id));
  route(app, auth, E.updateCoupon, (req) => S.updateCoupon(db, req.params.id, couponOf(req.body), req.user!.id));
  route(app, auth, E.deleteCoupon, async (req) => {
    await S.deleteCoupon(db, req.params.id, req.user!.id);
    return { message: 'Coupon deleted' };
  });
  route(app, auth, E.couponRedemptions, (req) => S.listRedemptions(db, req.params.id, req.query.page, req.query.limit));
}

import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN, type CouponBody } from '@shop/contract';
import { bearer, id, idParam, message, pagingQuery, priceList } from '../lib/schemas.js';
import * as S from './service.js';

const dateTime = { type: ['string', 'null'], maxLength: 40, description: 'ISO date-time; null or absent: no bound' } as const;
const limit = { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000_000 } as const;
const body = {
  type: 'object',
  required: ['code', 'discountType', 'value', 'active'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: COUPON_CODE_MAX, pattern: COUPON_CODE_PATTERN },
    discountType: { type: 'string', enum: ['fixed', 'percentage'] },
    value: { ...priceList, minItems: 1 },
    minSubtotal: priceList,
    startsAt: dateTime,
    endsAt: dateTime,
    usageLimit: limit,
    perCustomerLimit: limit,
    firstOrderOnly: { type: 'boolean' },
    active: { type: 'boolean' },
    products: { type: 'array', maxItems: 500, items: id },
  },
} as const;
const tags = ['coupons'];

/** The back office's coupons (issue 22); shoppers use a code through POST /order and /order/preview. */
export default async function couponRoutes(app: FastifyInstance, ctx: Ctx) {
  const base = { onRequest: ctx.auth.admin };
  app.get('/coupons', { ...base, schema: { tags, security: bearer, summary: 'Every coupon, newest first' } }, () => S.listCoupons(ctx.db));
  app.post<{ Body: CouponBody }>('/coupons', { ...base, schema: { tags, security: bearer, body } }, async (req, reply) =>
    reply.code(201).send(await S.createCoupon(ctx.db, req.body, req.user!.id)),
  );
  app.get<{ Params: { id: string } }>('/coupons/:id', { ...base, schema: { tags, security: bearer, params: idParam() } }, (req) => S.getCoupon(ctx.db, req.params.id));
  app.put<{ Body: CouponBody; Params: { id: string } }>('/coupons/:id', { ...base, schema: { tags, security: bearer, params: idParam(), body } }, (req) =>
    S.updateCoupon(ctx.db, req.params.id, req.body, req.user!.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/coupons/:id',
    { ...base, schema: { tags, security: bearer, params: idParam(), response: { 200: message }, summary: 'Past orders keep the code and the amount it took off' } },
    async (req) => {
      await S.deleteCoupon(ctx.db, req.params.id, req.user!.id);
      return { message: 'Coupon deleted' };
    },
  );
  app.get<{ Params: { id: string }; Querystring: { page: number; limit: number } }>(
    '/coupons/:id/redemptions',
    { ...base, schema: { tags, security: bearer, params: idParam(), querystring: pagingQuery(20), summary: "The orders that used the code, newest first" } },
    (req) => S.listRedemptions(ctx.db, req.params.id, req.query.page, req.query.limit),
  );
}

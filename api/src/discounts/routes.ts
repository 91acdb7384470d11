import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, idParam, message, nonBlank, priceList } from '../lib/schemas.js';
import { translationsBody } from '../lib/translations.js';
import * as S from './service.js';

const body = {
  type: 'object',
  required: ['title', 'discountType', 'timeLimit'],
  properties: {
    title: nonBlank(120),
    discountType: { type: 'string', enum: ['fixed', 'percentage'] },
    timeLimit: { type: 'string', minLength: 10, maxLength: 40, description: 'ISO date-time' },
    value: priceList,
    translations: translationsBody('name'),
  },
} as const;
const tags = ['discounts'];

export default async function discountRoutes(app: FastifyInstance, ctx: Ctx) {
  const base = { onRequest: ctx.auth.admin };
  app.get('/discounts', { ...base, schema: { tags, security: bearer } }, () => S.listDiscounts(ctx.db));
  app.post<{ Body: S.DiscountInput }>('/discounts', { ...base, schema: { tags, security: bearer, body } }, async (req, reply) =>
    reply.code(201).send(await S.createDiscount(ctx.db, req.body, req.user!.id)),
  );
  app.put<{ Body: S.DiscountInput; Params: { id: string } }>(
    '/discounts/:id',
    { ...base, schema: { tags, security: bearer, params: idParam(), body } },
    (req) => S.updateDiscount(ctx.db, req.params.id, req.body, req.user!.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/discounts/:id',
    { ...base, schema: { tags, security: bearer, params: idParam(), response: { 200: message } } },
    async (req) => {
      await S.deleteDiscount(ctx.db, req.params.id, req.user!.id);
      return { message: 'Discount deleted' };
    },
  );
}

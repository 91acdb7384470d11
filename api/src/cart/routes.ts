import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, id, idParam } from '../lib/schemas.js';
import { requestLocale } from '../lib/locale.js';
import * as S from './service.js';

/** An option may be sent as an id, {optionId}, or the UI's {variantType, selectedOption: {_id}}. */
const optionRef = {
  anyOf: [
    id,
    { type: 'object', required: ['optionId'], properties: { optionId: id, variantId: id } },
    { type: 'object', required: ['selectedOption'], properties: { variantType: { type: 'string', maxLength: 100 }, selectedOption: { type: 'object', required: ['_id'], properties: { _id: id } } } },
  ],
} as const;
type OptionRef = string | { optionId: string } | { selectedOption: { _id: string } };
const addBody = {
  type: 'object',
  required: ['productId'],
  properties: {
    productId: id,
    options: { type: 'array', maxItems: 20, items: optionRef },
    quantity: { type: 'integer', minimum: 1, maximum: S.MAX_QUANTITY, default: 1 },
    // The shopper's currency: a product with no price in it is refused (not available).
    selectedCurr: id,
  },
} as const;
const tags = ['cart'];

export default async function cartRoutes(app: FastifyInstance, ctx: Ctx) {
  const user = { onRequest: ctx.auth.user };
  app.get('/cart', { ...user, schema: { tags, security: bearer } }, async (req, reply) => ({ items: await S.cartOf(ctx.db, req.user!.id, requestLocale(req, reply)) }));
  app.post<{ Body: { productId: string; options?: OptionRef[]; quantity: number; selectedCurr?: string } }>(
    '/cart',
    { ...user, schema: { tags, security: bearer, body: addBody } },
    async (req) => {
      const ids = (req.body.options ?? []).map((o) => (typeof o === 'string' ? o : 'optionId' in o ? o.optionId : o.selectedOption._id));
      return { items: await S.addToCart(ctx.db, req.user!.id, req.body.productId, ids, req.body.quantity, req.body.selectedCurr) };
    },
  );
  app.put<{ Params: { id: string }; Body: { quantity: number } }>(
    '/cart/:id',
    {
      ...user,
      schema: {
        tags,
        security: bearer,
        summary: 'Set a line quantity; below 1 removes the line',
        params: idParam(),
        body: { type: 'object', required: ['quantity'], properties: { quantity: { type: 'integer', minimum: -1000, maximum: S.MAX_QUANTITY } } },
      },
    },
    async (req) => ({ items: await S.changeQuantity(ctx.db, req.user!.id, req.params.id, req.body.quantity) }),
  );
  app.delete<{ Params: { id: string } }>('/cart/:id', { ...user, schema: { tags, security: bearer, params: idParam() } }, async (req) => ({
    items: await S.removeFromCart(ctx.db, req.user!.id, req.params.id),
  }));
}

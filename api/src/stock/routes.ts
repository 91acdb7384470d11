import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, id, idParam, message } from '../lib/schemas.js';
import { MAX_COMBINATIONS, MAX_STOCK_QUANTITY, type SetStockBody } from '@shop/contract';
import * as S from './service.js';

const tags = ['stock'];
const setStockBody = {
  type: 'object',
  required: ['trackInventory', 'stock'],
  additionalProperties: false,
  properties: {
    trackInventory: { type: 'boolean' },
    stock: {
      type: 'array',
      maxItems: MAX_COMBINATIONS,
      items: {
        type: 'object',
        required: ['options', 'quantity'],
        additionalProperties: false,
        properties: { options: { type: 'array', maxItems: 20, items: id }, quantity: { type: 'integer', minimum: 0, maximum: MAX_STOCK_QUANTITY } },
      },
    },
  },
} as const;
const ledgerQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;

export default async function stockRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  const pid = idParam('productId');

  app.put<{ Params: { productId: string }; Body: SetStockBody }>(
    '/product/:productId/stock',
    { ...admin, schema: { tags, security: bearer, summary: "Set a product's stock per combination (admin)", params: pid, body: setStockBody, response: { 400: message, 404: message } } },
    (req) => S.setProductStock(ctx.db, req.params.productId, req.body, req.user!.id, ctx.lowStockThreshold),
  );
  app.get<{ Params: { productId: string }; Querystring: { page: number; limit: number } }>(
    '/product/:productId/stock/ledger',
    { ...admin, schema: { tags, security: bearer, summary: "A product's stock movements, newest first (admin)", params: pid, querystring: ledgerQuery } },
    (req) => S.ledger(ctx.db, req.params.productId, req.query.page, req.query.limit),
  );
  app.get('/stock/low', { ...admin, schema: { tags, security: bearer, summary: 'Combinations at or below the low-stock threshold (admin)' } }, () => S.lowStock(ctx.db, ctx.lowStockThreshold));
}

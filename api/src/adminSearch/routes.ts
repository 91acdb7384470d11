import type { FastifyInstance } from 'fastify';
import { ADMIN_SEARCH_LIMIT, ADMIN_SEARCH_MAX_LENGTH } from '@shop/contract';
import type { Ctx } from '../context.js';
import { bearer } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['admin search'];
const string = { type: 'string' } as const;
const obj = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });
const list = (items: unknown) => ({ type: 'array', maxItems: ADMIN_SEARCH_LIMIT, items });
const answer = obj({
  orders: list(
    obj({
      _id: string,
      orderNumber: string,
      status: string,
      total: { type: 'number' },
      currencySymbol: string,
      createdAt: { type: 'string', format: 'date-time' },
      customer: { type: ['object', 'null'], required: ['_id', 'fullName', 'email'], properties: { _id: string, fullName: string, email: string } },
    }),
  ),
  products: list(obj({ _id: string, title: string, slug: string, imageUrl: { type: ['string', 'null'] } })),
  customers: list(obj({ _id: string, fullName: string, email: string, role: { type: 'string', enum: ['admin', 'customer'] } })),
});

export default async function adminSearchRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get<{ Querystring: { q: string } }>(
    '/admin/search',
    {
      onRequest: ctx.auth.admin,
      schema: {
        tags,
        security: bearer,
        summary: "The back office's global search: orders by number or customer, products by title, customers by name or e-mail",
        querystring: { type: 'object', additionalProperties: false, required: ['q'], properties: { q: { type: 'string', maxLength: ADMIN_SEARCH_MAX_LENGTH } } },
        response: { 200: answer },
      },
    },
    (req) => S.searchAll(ctx.db, req.query.q),
  );
}

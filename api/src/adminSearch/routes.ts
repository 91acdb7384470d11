import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { can } from '../lib/auth.js';
import * as S from './service.js';

export default async function adminSearchRoutes(app: FastifyInstance, ctx: Ctx) {
  // Issue 42: orders for 'orders' (the endpoint's permission); products and customers only for whom may open them.
  route(app, ctx.auth, E.adminSearch, async (req) => {
    const found = await S.searchAll(ctx.db, req.query.q);
    return { orders: found.orders, products: can(req.user, 'catalog') ? found.products : [], customers: can(req.user, 'customers') ? found.customers : [] };
  });
}

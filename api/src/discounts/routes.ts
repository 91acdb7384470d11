import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function discountRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.discounts, () => S.listDiscounts(db));
  route(app, auth, E.createDiscount, async (req, reply) => reply.code(201).send(await S.createDiscount(db, req.body, req.user!.id)));
  route(app, auth, E.updateDiscount, (req) => S.updateDiscount(db, req.params.id, req.body, req.user!.id));
  route(app, auth, E.deleteDiscount, async (req) => {
    await S.deleteDiscount(db, req.params.id, req.user!.id);
    return { message: 'Discount deleted' };
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function stockRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.setProductStock, (req) => S.setProductStock(db, req.params.productId, req.body, req.user!.id, ctx.lowStockThreshold, ctx.mailSecrets));
  route(app, auth, E.stockLedger, (req) => S.ledger(db, req.params.productId, req.query.page, req.query.limit));
  route(app, auth, E.lowStock, () => S.lowStock(db, ctx.lowStockThreshold));
}

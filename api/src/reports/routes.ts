import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function reportRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.ordersPerStatus, (req) => S.ordersPerStatus(db, req.params.period));
  route(app, auth, E.insight, (req) => S.insight(db, req.query));
  route(app, auth, E.shopSummary, () => S.shopSummary(db));
}

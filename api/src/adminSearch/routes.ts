import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function adminSearchRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, ctx.auth, E.adminSearch, (req) => S.searchAll(ctx.db, req.query.q));
}

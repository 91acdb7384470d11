import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

/** The back office's audit log (issue 19): read only; no route edits or deletes an entry. */
export default async function auditRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, ctx.auth, E.auditLog, (req) => S.listAudit(ctx.db, req.query));
  route(app, ctx.auth, E.auditActors, () => S.listActors(ctx.db));
}

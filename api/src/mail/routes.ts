import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

/** The admin's view of the outbox (the 'Emails' page): what was sent or is waiting, with a preview. */
export default async function mailRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, ctx.auth, E.mails, (req) => S.listMails(ctx.db, req.query.page, req.query.limit));
  route(app, ctx.auth, E.mail, (req) => S.getMail(ctx.db, req.params.id, req.user!.id));
}

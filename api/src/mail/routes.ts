import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, idParam } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['mail'];
const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;

/** The admin's view of the outbox (the 'Emails' page): what was sent or is waiting, with a preview. */
export default async function mailRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/mail',
    { ...admin, schema: { tags, security: bearer, summary: 'E-mails sent or waiting, newest first (admin)', querystring: pageQuery } },
    (req) => S.listMails(ctx.db, req.query.page, req.query.limit),
  );
  app.get<{ Params: { id: string } }>(
    '/mail/:id',
    { ...admin, schema: { tags, security: bearer, summary: 'One e-mail with its HTML and text (admin)', params: idParam() } },
    (req) => S.getMail(ctx.db, req.params.id, req.user!.id),
  );
}

import type { FastifyInstance } from 'fastify';
import { AUDIT_ENTITIES } from '@shop/contract';
import type { Ctx } from '../context.js';
import { bearer, id, pagingQuery } from '../lib/schemas.js';
import * as S from './service.js';

const paging = pagingQuery(20);
const dateTime = { type: 'string', maxLength: 40, description: 'ISO date-time (or date); both bounds are included' } as const;
const querystring = {
  ...paging,
  properties: {
    ...paging.properties,
    actor: { ...id, description: 'The id of the admin who made the change' },
    entity: { type: 'string', enum: [...AUDIT_ENTITIES] },
    from: dateTime,
    to: dateTime,
  },
} as const;

/** The back office's audit log (issue 19): read only; no route edits or deletes an entry. */
export default async function auditRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get<{ Querystring: S.AuditListQuery }>(
    '/audit-log',
    { onRequest: ctx.auth.admin, schema: { tags: ['audit'], security: bearer, summary: 'Who changed what in the back office, newest first (admin)', querystring } },
    (req) => S.listAudit(ctx.db, req.query),
  );
  app.get(
    '/audit-log/actors',
    { onRequest: ctx.auth.admin, schema: { tags: ['audit'], security: bearer, summary: "The people who have entries, by name (the page's person filter; admin)" } },
    () => S.listActors(ctx.db),
  );
}

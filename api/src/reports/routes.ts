import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['reports'];
const counts = (keys: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer' }])) });

export default async function reportRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  app.get<{ Params: { period: S.Period } }>(
    '/order/report/:period',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: 'Orders per status in a period',
        params: { type: 'object', required: ['period'], properties: { period: { type: 'string', enum: Object.keys(S.PERIODS) } } },
        response: { 200: counts(S.STATUSES) },
      },
    },
    (req) => S.ordersPerStatus(ctx.db, req.params.period),
  );
  app.get('/report', { ...admin, schema: { tags, security: bearer, summary: 'Summary counts', response: { 200: counts(['order', 'product', 'filter', 'user']) } } }, () =>
    S.shopSummary(ctx.db),
  );
}

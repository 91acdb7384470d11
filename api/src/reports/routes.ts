import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer } from '../lib/schemas.js';
import { STATUSES } from '../orders/queries.js';
import * as Q from './queries.js';

const tags = ['reports'];
const counts = (keys: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer' }])) });

export default async function reportRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  app.get<{ Params: { period: Q.Period } }>(
    '/order/report/:period',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: 'Orders per status in a period',
        params: { type: 'object', required: ['period'], properties: { period: { type: 'string', enum: Object.keys(Q.PERIODS) } } },
        response: { 200: counts(STATUSES) },
      },
    },
    (req) => Q.orderReport(ctx.db, req.params.period),
  );
  app.get('/report', { ...admin, schema: { tags, security: bearer, summary: 'Summary counts', response: { 200: counts(['order', 'product', 'filter', 'user']) } } }, () =>
    Q.summary(ctx.db),
  );
}

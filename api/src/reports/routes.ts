import type { FastifyInstance } from 'fastify';
import { INSIGHT_PERIODS, ORDER_STATUSES, type InsightQuery } from '@shop/contract';
import type { Ctx } from '../context.js';
import { bearer } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['reports'];
const counts = (keys: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer' }])) });

// GET /report/insight's answer (contract/src/insight.ts), every field sent.
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (items: unknown) => ({ type: 'array', items });
const [str, int, num] = [{ type: 'string' }, { type: 'integer' }, { type: 'number' }];
const day = { type: 'string', description: 'YYYY-MM-DD (UTC)' };
const insightRange = obj({ from: day, to: day, days: int });
const figures = obj({ revenue: num, orders: int, averageOrderValue: num });
const product = { productId: { type: ['string', 'null'] }, title: str, slug: str, units: int };
const insightAnswer = obj({
  period: { type: 'string', enum: [...INSIGHT_PERIODS, 'custom'] },
  current: insightRange,
  previous: insightRange,
  currencies: list(obj({ code: str, symbol: str, current: figures, previous: figures })),
  newCustomers: obj({ current: int, previous: int }),
  days: list(day),
  revenueByDay: list(obj({ code: str, symbol: str, revenue: list(num), orders: list(int) })),
  topProducts: obj({
    byUnits: list(obj(product)),
    byRevenue: list(obj({ code: str, symbol: str, products: list(obj({ ...product, revenue: num })) })),
  }),
  recentOrders: list(
    obj({
      _id: str,
      orderNumber: str,
      customer: obj({ fullName: str, email: { type: ['string', 'null'] } }),
      total: num,
      currency: obj({ code: str, symbol: str }),
      status: { type: 'string', enum: ORDER_STATUSES },
      orderDate: { type: 'string', format: 'date-time' },
    }),
  ),
});
const isoDate = { type: 'string', maxLength: 10, description: 'an ISO date, YYYY-MM-DD (UTC), inclusive' };

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
  app.get<{ Querystring: InsightQuery }>(
    '/report/insight',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: 'The dashboard: revenue, orders, average order and new customers per currency against the previous period, revenue by day, top products, recent orders',
        description:
          'A period ending today (UTC: today, the last 7, 30 or 365 days; month when nothing is given) or a custom range from..to (at most 5 years), ' +
          'against the same number of days just before it. Each order counts in its own currency; cancelled and rejected orders count nowhere.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { period: { type: 'string', enum: [...INSIGHT_PERIODS] }, from: isoDate, to: isoDate },
        },
        response: { 200: insightAnswer },
      },
    },
    (req) => S.insight(ctx.db, req.query),
  );
  app.get('/report', { ...admin, schema: { tags, security: bearer, summary: 'Summary counts', response: { 200: counts(['order', 'product', 'filter', 'user']) } } }, () =>
    S.shopSummary(ctx.db),
  );
}

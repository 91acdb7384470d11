import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { csvAnswer, datedFilename, sendCsv } from '../lib/csv.js';
import { bearer } from '../lib/schemas.js';
import * as S from './service.js';

// The back office's CSV downloads of products and customers (issue 19); the orders' is GET
// /order/export.csv (orders/routes.ts). Static paths: Fastify's router takes them before /product/:id
// and /user/:id.
const tags = ['exports'];
const none = { type: 'object', additionalProperties: false, properties: {} } as const;

export default async function exportRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  app.get('/product/export.csv', { ...admin, schema: { tags, security: bearer, summary: 'Every product as CSV (streamed)', querystring: none, response: csvAnswer('products.csv: id, slug, title, description, tags, price_<CODE> per currency, images, features, stock, created_at') } }, async (_req, reply) => {
    const { header, pages } = await S.productExport(ctx.db);
    return sendCsv(reply, datedFilename('products'), header, pages);
  });
  app.get('/user/export.csv', { ...admin, schema: { tags, security: bearer, summary: 'Every customer as CSV (streamed)', querystring: none, response: csvAnswer('customers.csv: id, full_name, email, contact, registered_at, orders, last_order_at') } }, (_req, reply) => {
    const { header, pages } = S.customerExport(ctx.db);
    return sendCsv(reply, datedFilename('customers'), header, pages);
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { datedFilename, sendCsv } from '../lib/csv.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

// The back office's CSV downloads of products and customers (issue 19); the orders' is GET
// /order/export.csv (orders/routes.ts). Static paths: Fastify's router takes them before /product/:id
// and /user/:id.
export default async function exportRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, ctx.auth, E.exportProducts, async (_req, reply) => {
    const { header, pages } = await S.productExport(ctx.db);
    return sendCsv(reply, datedFilename('products'), header, pages);
  });
  route(app, ctx.auth, E.exportCustomers, (_req, reply) => {
    const { header, pages } = S.customerExport(ctx.db);
    return sendCsv(reply, datedFilename('customers'), header, pages);
  });
}

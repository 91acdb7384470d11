import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function configRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, ctx.auth, E.paypalClient, async () => ({ clientId: S.walletClientId(ctx) }));
  // Answers within 2 s (config/service.ts) whatever the database does, and 200 while the process can serve
  // (its kept catalogue answers, issue 16 #8): a load balancer that took every process out of
  // rotation during a database outage would turn away the visitors those answers can still serve.
  // Monitoring reads `database`.
  route(app, ctx.auth, E.health, () => S.health(ctx));
  route(app, ctx.auth, E.hello, async () => ({ hello: 'world' }));
}

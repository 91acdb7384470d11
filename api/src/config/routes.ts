import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import * as S from './service.js';

export default async function configRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get(
    '/config/getPaypalClient',
    {
      schema: {
        tags: ['config'],
        summary: 'The wallet client id (null when wallet payments are not configured)',
        response: { 200: { type: 'object', properties: { clientId: { type: ['string', 'null'] } } } },
      },
    },
    async () => ({ clientId: S.walletClientId(ctx) }),
  );
  const health = {
    type: 'object',
    properties: {
      // ok, or degraded while the database cannot be reached (kept catalogue answers are still served).
      status: { type: 'string' },
      database: { type: 'string', enum: ['up', 'down'] },
      // Whether this process is still putting the product pages in memory (after start or a catalogue change).
      productPages: { type: 'object', properties: { filling: { type: 'boolean' }, kept: { type: 'integer' } } },
      // Whether the in-memory counts are still being built for the current catalogue.
      facets: { type: 'object', properties: { building: { type: 'boolean' } } },
    },
  };
  // Answers within 2 s (config/service.ts) whatever the database does, and 200 while the process can serve
  // (its kept catalogue answers, issue 16 #8): a load balancer that took every process out of
  // rotation during a database outage would turn away the visitors those answers can still serve.
  // Monitoring reads `database`.
  app.get('/health', { schema: { tags: ['config'], response: { 200: health } } }, () => S.health(ctx));
  app.get('/hello', { schema: { tags: ['config'], response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
}

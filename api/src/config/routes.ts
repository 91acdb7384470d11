import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';

const HEALTH_WAIT_MS = 2_000;

/** Whether the database answers a trivial query within ms. */
async function databaseAnswers(ctx: Ctx, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([ctx.db.query('SELECT 1').then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

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
    async () => ({ clientId: ctx.paypalClientId }),
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
  // Answers within HEALTH_WAIT_MS whatever the database does, and 200 while the process can serve
  // (its kept catalogue answers, issue 16 #8): a load balancer that took every process out of
  // rotation during a database outage would turn away the visitors those answers can still serve.
  // Monitoring reads `database`.
  app.get('/health', { schema: { tags: ['config'], response: { 200: health } } }, async () => {
    const database = (await databaseAnswers(ctx, HEALTH_WAIT_MS)) ? 'up' : 'down';
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      productPages: { filling: ctx.productPages.filling, kept: ctx.productPages.kept },
      facets: { building: ctx.catalogFacets.building },
    };
  });
  app.get('/hello', { schema: { tags: ['config'], response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
}

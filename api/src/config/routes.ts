import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';

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
      status: { type: 'string' },
      // Whether this process is still putting the product pages in memory (after start or a catalogue change).
      productPages: { type: 'object', properties: { filling: { type: 'boolean' }, kept: { type: 'integer' } } },
      // Whether the in-memory counts are still being built for the current catalogue.
      facets: { type: 'object', properties: { building: { type: 'boolean' } } },
    },
  };
  app.get('/health', { schema: { tags: ['config'], response: { 200: health } } }, async () => {
    await ctx.db.query('SELECT 1');
    return { status: 'ok', productPages: { filling: ctx.productPages.filling, kept: ctx.productPages.kept }, facets: { building: ctx.catalogFacets.building } };
  });
  app.get('/hello', { schema: { tags: ['config'], response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
}

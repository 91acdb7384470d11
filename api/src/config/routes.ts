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
  app.get('/health', { schema: { tags: ['config'], response: { 200: { type: 'object', properties: { status: { type: 'string' } } } } } }, async () => {
    await ctx.db.query('SELECT 1');
    return { status: 'ok' };
  });
  app.get('/hello', { schema: { tags: ['config'], response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
}

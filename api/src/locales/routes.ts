import type { FastifyInstance } from 'fastify';
import { LOCALES } from '@shop/contract';

const localeAnswer = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'name', 'default'],
    properties: { code: { type: 'string' }, name: { type: 'string', description: 'the language named in itself' }, default: { type: 'boolean' } },
  },
} as const;

/** The shop's languages (issue 37), as the contract lists them: no database, no auth. */
export default async function localeRoutes(app: FastifyInstance) {
  app.get('/locales', { schema: { tags: ['locales'], summary: "The shop's languages: [{code, name, default}]", response: { 200: localeAnswer } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return LOCALES;
  });
}

import type { FastifyInstance } from 'fastify';
import { sendHttpErrors } from '../lib/schemas.js';
import type { Rates } from './service.js';

export interface RatesDeps {
  rates: Rates;
}

/** GET /rates/:base -> { base, rates: { CODE: number } }, from the cached provider. */
export async function ratesRoutes(app: FastifyInstance, deps: RatesDeps): Promise<void> {
  sendHttpErrors(app);
  app.get<{ Params: { base: string } }>(
    '/rates/:base',
    {
      schema: {
        tags: ['rates'],
        summary: 'Exchange rates from one currency code (cached); 503 when none are known',
        params: { type: 'object', required: ['base'], properties: { base: { type: 'string', pattern: '^[A-Za-z]{3}$' } } },
        response: {
          200: {
            type: 'object',
            properties: { base: { type: 'string' }, rates: { type: 'object', additionalProperties: { type: 'number' } } },
          },
          503: { type: 'object', properties: { message: { type: 'string' } } },
        },
      },
    },
    async (req, reply) => {
      const base = req.params.base.toUpperCase();
      const rates = await deps.rates.ratesFor(base);
      reply.header('Cache-Control', 'public, max-age=600');
      return { base, rates };
    },
  );
}

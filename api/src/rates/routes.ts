import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.js';
import type { Rates } from './service.js';

export interface RatesDeps {
  rates: Rates;
}

/** Answers HttpErrors of any status with their message (the app's handler hides 5xx messages). */
export function sendHttpErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    throw err; // the parent (app-wide) handler answers everything else
  });
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

import type { FastifyInstance } from 'fastify';
import { endpoints as E, LOCALES } from '@shop/contract';
import { route } from '../lib/endpoints.js';

/** The shop's languages (issue 37), as the contract lists them: no database, no auth. */
export default async function localeRoutes(app: FastifyInstance) {
  route(app, null, E.locales, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return [...LOCALES];
  });
}

// What the routes share beyond the endpoint map (@shop/contract's endpoints, issue 35): the id check
// in code, the docs' bearer security, and the error answer of the routes of outside services (rates,
// wallet).
import type { FastifyInstance } from 'fastify';
import { dateRefusal, parseShopDate, UUID } from '@shop/contract';
import { badRequest, HttpError } from './errors.js';

/** The map's id check, in code (an id from a body's list, a token's subject). */
const UUID_RE = new RegExp(UUID);
export const isUuid = (text: string): boolean => UUID_RE.test(text);

export const bearer = [{ bearerAuth: [] }];

/**
 * Answers HttpErrors of any status with their message, in the routes of one plugin scope (the app's
 * handler hides 5xx messages; a rate or wallet provider's 502/503 says what to do).
 */
export function sendHttpErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message, ...(err.reason && { code: err.reason }) });
    throw err; // the parent (app-wide) handler answers everything else
  });
}

/** A date field's value read strictly (contract parseShopDate), or null when not given; else a 400 naming the field. */
export function dateField(value: string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = parseShopDate(value);
  if (!date) throw badRequest(dateRefusal(field));
  return date;
}

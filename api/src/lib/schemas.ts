// Reusable JSON-schema pieces for route validation (ajv) and the OpenAPI document, and the error
// answer shared by the routes of outside services (rates, wallet).
import type { FastifyInstance } from 'fastify';
import { dateRefusal, parseShopDate } from '@shop/contract';
import { badRequest, HttpError } from './errors.js';

export const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const id = { type: 'string', pattern: UUID } as const;
/** The same check in code (an id from a body's list, a token's subject). */
const UUID_RE = new RegExp(UUID);
export const isUuid = (text: string): boolean => UUID_RE.test(text);
export const idParam = (name = 'id') => ({
  type: 'object',
  required: [name],
  properties: { [name]: id },
}) as const;

export const money = { type: 'number', minimum: 0, maximum: 100000000 } as const;
export const currType = { anyOf: [id, { type: 'object', required: ['_id'], properties: { _id: id } }] } as const;
export const priceList = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['currType', 'amount'],
    properties: { currType, amount: money },
  },
} as const;

export const text = (max = 200, min = 0) => ({ type: 'string', minLength: min, maxLength: max }) as const;
export const nonBlank = (max = 200) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

export const pageQuery = (defaultLimit: number) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: defaultLimit },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  },
}) as const;

/** A list's page and size, nothing else (a list without a search). */
export const pagingQuery = (defaultLimit = 20) => ({
  type: 'object',
  additionalProperties: false,
  properties: { page: pageQuery(defaultLimit).properties.page, limit: pageQuery(defaultLimit).properties.limit },
}) as const;

export const message = { type: 'object', properties: { message: { type: 'string' } } } as const;
export const bearer = [{ bearerAuth: [] }];

/** A postal address as POST/PUT /user/addresses take it; POST /order derives its shippingAddress from it. */
export const addressBody = {
  type: 'object',
  required: ['line1', 'city', 'postalCode', 'country'],
  properties: {
    fullName: text(100),
    line1: nonBlank(200),
    line2: { type: ['string', 'null'], maxLength: 200 },
    city: nonBlank(100),
    state: { type: ['string', 'null'], maxLength: 100 },
    postalCode: { anyOf: [{ type: 'string', pattern: '^\\s*\\d{1,12}\\s*$' }, { type: 'integer', minimum: 0, maximum: 999999999999 }] },
    country: nonBlank(100),
  },
} as const;

/**
 * Answers HttpErrors of any status with their message, in the routes of one plugin scope (the app's
 * handler hides 5xx messages; a rate or wallet provider's 502/503 says what to do).
 */
export function sendHttpErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
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

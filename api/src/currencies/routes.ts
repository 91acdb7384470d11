import type { FastifyInstance } from 'fastify';
import { sendAnswer } from '../catalog/index.js';
import type { Ctx } from '../context.js';
import { bearer, idParam, message, nonBlank, sendHttpErrors } from '../lib/schemas.js';
import * as S from './service.js';

export const currencySchema = {
  type: 'object',
  properties: { _id: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' }, symbol: { type: 'string' } },
} as const;
const body = {
  type: 'object',
  required: ['name', 'code', 'symbol'],
  properties: { name: nonBlank(60), code: { type: 'string', pattern: '^\\s*[A-Za-z]{3}\\s*$' }, symbol: nonBlank(8) },
} as const;
const usageSchema = { type: 'object', required: ['prices', 'optionIncreases'], properties: { prices: { type: 'integer' }, optionIncreases: { type: 'integer' } } } as const;
const filledSchema = {
  type: 'object',
  required: ['currency', 'from', 'factor', 'prices', 'optionIncreases'],
  properties: { currency: currencySchema, from: { type: 'string' }, factor: { type: 'number' }, ...usageSchema.properties },
} as const;
const fillBody = {
  type: 'object',
  required: ['from'],
  properties: {
    from: { type: 'string', pattern: '^\\s*[A-Za-z]{3}\\s*$' },
    factor: { type: 'number', exclusiveMinimum: 0, maximum: 1000000 },
    useRate: { type: 'boolean' },
  },
} as const;
type Body = { name: string; code: string; symbol: string };
const tags = ['currencies'];

export default async function currencyRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get('/currencies', { schema: { tags, summary: 'List currencies (no auth)', response: { 200: { type: 'array', items: currencySchema } } } }, async (req, reply) =>
    sendAnswer(req, reply, await S.currenciesAnswer(ctx.catalog.memory, ctx.db)),
  );
  app.post<{ Body: Body }>(
    '/currencies',
    { onRequest: ctx.auth.admin, schema: { tags, security: bearer, body, response: { 201: currencySchema } } },
    async (req, reply) => reply.code(201).send(await S.createCurrency(ctx.db, req.body, req.user!.id)),
  );
  app.put<{ Body: Body; Params: { id: string } }>(
    '/currencies/:id',
    { onRequest: ctx.auth.admin, schema: { tags, security: bearer, params: idParam(), body, response: { 200: currencySchema } } },
    (req) => S.updateCurrency(ctx.db, req.params.id, req.body, req.user!.id),
  );
  app.get<{ Params: { id: string } }>(
    '/currencies/:id/usage',
    { onRequest: ctx.auth.admin, schema: { tags, security: bearer, summary: 'How many product prices and option increases a currency has (what deleting it removes)', params: idParam(), response: { 200: usageSchema } } },
    (req) => S.currencyUsage(ctx.db, req.params.id),
  );
  // In a scope of its own: the rates provider's 503 (HttpError) is answered as such, as the rates routes do.
  await app.register(async (scope) => {
    sendHttpErrors(scope);
    scope.post<{ Params: { id: string }; Body: S.FillInput }>(
      '/currencies/:id/fill-prices',
      {
        onRequest: ctx.auth.admin,
        schema: {
          tags,
          security: bearer,
          summary: "Fill this currency's missing prices and option increases from another currency's, times a factor or the exchange rate, in one transaction",
          params: idParam(),
          body: fillBody,
          // 503: useRate, and the rates provider (RATES_API_BASE) cannot be reached.
          response: { 200: filledSchema, 503: { type: 'object', properties: { message: { type: 'string' } } } },
        },
      },
      (req) => S.fillPrices(ctx.db, ctx.rates, req.params.id, req.body, req.user?.id ?? null),
    );
  });
  app.delete<{ Params: { id: string } }>(
    '/currencies/:id',
    { onRequest: ctx.auth.admin, schema: { tags, security: bearer, params: idParam(), response: { 200: message } } },
    async (req) => {
      await S.deleteCurrency(ctx.db, req.params.id, req.user!.id);
      return { message: 'Currency deleted' };
    },
  );
}

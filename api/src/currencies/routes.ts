import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import { sendAnswer } from '../catalog/index.js';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { sendHttpErrors } from '../lib/schemas.js';
import * as S from './service.js';

export default async function currencyRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.listCurrencies, async (req, reply) => sendAnswer(req, reply, await S.currenciesAnswer(ctx.catalog.memory, db)));
  route(app, auth, E.createCurrency, async (req, reply) => reply.code(201).send(await S.createCurrency(db, req.body, req.user!.id)));
  route(app, auth, E.updateCurrency, (req) => S.updateCurrency(db, req.params.id, req.body, req.user!.id));
  route(app, auth, E.adminCurrencies, () => S.adminCurrencies(db));
  route(app, auth, E.setCurrencyStatus, (req) => S.setCurrencyStatus(db, req.params.id, req.body.status, req.user!.id));
  route(app, auth, E.currencyUsage, (req) => S.currencyUsage(db, req.params.id));
  // In a scope of its own: the rates provider's 503 (HttpError) is answered as such, as the rates routes do.
  await app.register(async (scope) => {
    sendHttpErrors(scope);
    route(scope, auth, E.fillCurrencyPrices, (req) => S.fillPrices(db, ctx.rates, req.params.id, req.body, req.user?.id ?? null));
  });
  route(app, auth, E.deleteCurrency, async (req) => {
    await S.deleteCurrency(db, req.params.id, req.user!.id);
    return { message: 'Currency deleted' };
  });
}

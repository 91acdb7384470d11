import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

export default async function taxRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.taxClasses, () => S.listClasses(db));
  route(app, auth, E.createTaxClass, async (req, reply) => reply.code(201).send(await S.createClass(db, req.body.name, req.user!.id)));
  route(app, auth, E.updateTaxClass, (req) => S.renameClass(db, req.params.id, req.body.name, req.user!.id));
  route(app, auth, E.deleteTaxClass, async (req) => {
    await S.deleteClass(db, req.params.id, req.user!.id);
    return { message: 'Tax class deleted' };
  });
  route(app, auth, E.taxRates, (req) => S.listRates(db, req.query.country));
  route(app, auth, E.createTaxRate, async (req, reply) => reply.code(201).send(await S.createRate(db, req.body, req.user!.id)));
  route(app, auth, E.updateTaxRate, (req) => S.updateRate(db, req.params.id, req.body, req.user!.id));
  route(app, auth, E.deleteTaxRate, async (req) => {
    await S.deleteRate(db, req.params.id, req.user!.id);
    return { message: 'Tax rate deleted' };
  });
}

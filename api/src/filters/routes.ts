import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { requestLocale } from '../lib/locale.js';
import { checkTranslations } from '../lib/translations.js';
import * as S from './service.js';

/** An edit's body with its translations checked (400 naming the locale or field at fault). */
const edit = (b: S.NameEdit): S.NameEdit => ({ name: b.name, translations: checkTranslations(b.translations, ['name']) });

export default async function filterRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  route(app, auth, E.listFilters, (req, reply) => S.listFilters(db, requestLocale(req, reply)));
  route(app, auth, E.filter, (req, reply) => S.getFilter(db, req.params.id, requestLocale(req, reply)));
  route(app, auth, E.createFilter, async (req, reply) => {
    const options = (req.body.filterOptions ?? []).map((o) => (typeof o === 'string' ? { name: o } : o));
    return reply.code(201).send(await S.createFilter(db, req.body.name, options, req.user!.id));
  });
  route(app, auth, E.renameFilter, (req) => S.renameFilter(db, req.params.id, edit(req.body), req.user!.id));
  route(app, auth, E.deleteFilter, async (req) => {
    await S.deleteFilter(db, req.params.id, req.user!.id);
    return { message: 'Filter deleted' };
  });
  route(app, auth, E.addFilterOption, async (req, reply) => reply.code(201).send(await S.addOption(db, req.params.id, req.body.name, req.user!.id)));
  route(app, auth, E.renameFilterOption, (req) => S.renameOption(db, req.params.id, edit(req.body), req.user!.id));
  route(app, auth, E.deleteFilterOption, (req) => S.deleteOption(db, req.params.id, req.user!.id));
}

import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { bearer, idParam, message, nonBlank } from '../lib/schemas.js';
import { localeQuery, requestLocale } from '../lib/locale.js';
import { checkTranslations, translationsBody } from '../lib/translations.js';
import * as S from './service.js';

const nameBody = { type: 'object', required: ['name'], properties: { name: nonBlank(100) } } as const;
/** A rename, new translations (issue 37: {fr: {name}}), or both. */
const editBody = { type: 'object', minProperties: 1, properties: { name: nonBlank(100), translations: translationsBody('name') } } as const;
const readQuery = { type: 'object', properties: localeQuery } as const;
/** An edit's body with its translations checked (400 naming the locale or field at fault). */
const edit = (b: S.NameEdit): S.NameEdit => ({ name: b.name, translations: checkTranslations(b.translations, ['name']) });
const createBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nonBlank(100),
    filterOptions: {
      type: 'array',
      maxItems: 200,
      items: { anyOf: [{ type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 100 } } }, { type: 'string', maxLength: 100 }] },
    },
  },
} as const;
const tags = ['filters'];
type Named = { name: string };

export default async function filterRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  app.get('/filter', { schema: { tags, summary: 'List filters with options, named in the locale (no auth)', querystring: readQuery } }, (req, reply) =>
    S.listFilters(ctx.db, requestLocale(req, reply)),
  );
  app.get<{ Params: { id: string } }>('/filter/:id', { schema: { tags, params: idParam(), querystring: readQuery } }, (req, reply) =>
    S.getFilter(ctx.db, req.params.id, requestLocale(req, reply)),
  );
  app.post<{ Body: { name: string; filterOptions?: Array<Named | string> } }>(
    '/filter',
    { ...admin, schema: { tags, security: bearer, body: createBody } },
    async (req, reply) => {
      const options = (req.body.filterOptions ?? []).map((o) => (typeof o === 'string' ? { name: o } : o));
      return reply.code(201).send(await S.createFilter(ctx.db, req.body.name, options, req.user!.id));
    },
  );
  app.patch<{ Params: { id: string }; Body: S.NameEdit }>(
    '/filter/:id',
    { ...admin, schema: { tags, security: bearer, params: idParam(), body: editBody, summary: 'Rename a filter and/or set its translations' } },
    (req) => S.renameFilter(ctx.db, req.params.id, edit(req.body), req.user!.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/filter/:id',
    { ...admin, schema: { tags, security: bearer, params: idParam(), response: { 200: message } } },
    async (req) => {
      await S.deleteFilter(ctx.db, req.params.id, req.user!.id);
      return { message: 'Filter deleted' };
    },
  );
  app.post<{ Params: { id: string }; Body: Named }>(
    '/filter/:id/filterOptions',
    { ...admin, schema: { tags, security: bearer, params: idParam(), body: nameBody } },
    async (req, reply) => reply.code(201).send(await S.addOption(ctx.db, req.params.id, req.body.name, req.user!.id)),
  );
  app.put<{ Params: { id: string }; Body: S.NameEdit }>(
    '/filter/filterOptions/:id',
    { ...admin, schema: { tags, security: bearer, params: idParam(), body: editBody, summary: 'Rename an option and/or set its translations; answers its filter' } },
    (req) => S.renameOption(ctx.db, req.params.id, edit(req.body), req.user!.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/filter/filterOptions/:id',
    { ...admin, schema: { tags, security: bearer, params: idParam(), summary: 'Delete an option; answers its filter' } },
    (req) => S.deleteOption(ctx.db, req.params.id, req.user!.id),
  );
}

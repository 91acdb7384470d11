import type { FastifyInstance } from 'fastify';
import { endpoints as E, IMPORT_MAX_BYTES } from '@shop/contract';
import type { Ctx } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { route } from '../../lib/endpoints.js';
import { bulkAction, ImportRefused, importProducts } from './service.js';

/** The back office's work on many products at once (issue 19): bulk actions and the CSV import. Admins only. */
export default async function productPublishingRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  // A CSV body, read whole as text (this scope only: everywhere else the API takes JSON and multipart).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));

  route(app, auth, E.bulkProducts, (req) => bulkAction(db, req.body, req.user!.id));
  route(
    app,
    auth,
    E.importProducts,
    async (req, reply) => {
      const body: unknown = req.body;
      if (typeof body !== 'string') throw badRequest('Send the CSV file as the body (Content-Type: text/csv)');
      const yes = (v: string | undefined) => v === '1' || v === 'true';
      const dryRun = yes(req.query.dryRun);
      try {
        const report = await importProducts(db, ctx.files, body, { dryRun, drafts: yes(req.query.drafts) }, req.user!.id);
        return reply.code(dryRun ? 200 : 201).send(report);
      } catch (err) {
        if (err instanceof ImportRefused) return reply.code(400).send({ message: err.message, ...err.report });
        throw err;
      }
    },
    { bodyLimit: IMPORT_MAX_BYTES },
  );
}

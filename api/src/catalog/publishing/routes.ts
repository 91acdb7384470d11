import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PRODUCT_BULK_ACTIONS, PRODUCT_BULK_MAX, type ProductBulkBody } from '@shop/contract';
import type { Ctx } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { bearer, id } from '../../lib/schemas.js';
import { bulkAction, ImportRefused, importProducts } from './service.js';

const tags = ['admin products'];
const s = (extra: object) => ({ tags, security: bearer, ...extra });
const integer = { type: 'integer' } as const;
const importReport = {
  type: 'object',
  required: ['dryRun', 'rows', 'created', 'problems'],
  properties: {
    dryRun: { type: 'boolean' },
    rows: { ...integer, description: 'products (lines after the header) in the file' },
    created: { ...integer, description: 'products written: 0 on a dry run' },
    problems: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'column', 'reason'],
        properties: { line: { ...integer, description: 'the file line (the header is 1)' }, column: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
} as const;

/** The back office's work on many products at once (issue 19): bulk actions and the CSV import. Admins only. */
export default async function productPublishingRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  // A CSV body, read whole as text (this scope only: everywhere else the API takes JSON and multipart).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.post<{ Body: ProductBulkBody }>(
    '/product/bulk',
    {
      ...admin,
      schema: s({
        summary: `One action on up to ${PRODUCT_BULK_MAX} products, all or nothing: delete, publish, unpublish, addDiscount or removeDiscount (with discountId); 400 when any id is not a product`,
        body: {
          type: 'object',
          required: ['ids', 'action'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: PRODUCT_BULK_MAX, items: id },
            action: { type: 'string', enum: PRODUCT_BULK_ACTIONS },
            discountId: id,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['action', 'count'],
            properties: { action: { type: 'string', enum: PRODUCT_BULK_ACTIONS }, count: { ...integer, description: 'products the action changed' } },
          },
        },
      }),
    },
    (req) => bulkAction(ctx.db, req.body, req.user!.id),
  );

  app.post<{ Querystring: { dryRun?: string }; Body: string }>(
    '/product/import',
    {
      ...admin,
      bodyLimit: IMPORT_MAX_BYTES,
      schema: s({
        summary: `Import products from CSV (text/csv, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} lines): title, description, tags (| separated), price_<CODE>, images (| separated /uploads/ paths), published. dryRun=1 checks every line and writes nothing; otherwise every product is written in one transaction, or none (400 with the problems)`,
        consumes: ['text/csv'],
        querystring: { type: 'object', additionalProperties: false, properties: { dryRun: { type: 'string', enum: ['0', '1', 'true', 'false'] } } },
        response: {
          200: { ...importReport, description: 'a dry run: the problems found, nothing written' },
          201: { ...importReport, description: 'every product written' },
          400: {
            type: 'object',
            required: ['message'],
            properties: { message: { type: 'string' }, dryRun: { type: 'boolean' }, rows: integer, created: integer, problems: importReport.properties.problems },
          },
        },
      }),
    },
    async (req, reply) => {
      if (typeof req.body !== 'string') throw badRequest('Send the CSV file as the body (Content-Type: text/csv)');
      const dryRun = req.query.dryRun === '1' || req.query.dryRun === 'true';
      try {
        const report = await importProducts(ctx.db, ctx.files, req.body, dryRun, req.user!.id);
        return reply.code(dryRun ? 200 : 201).send(report);
      } catch (err) {
        if (err instanceof ImportRefused) return reply.code(400).send({ message: err.message, ...err.report });
        throw err;
      }
    },
  );
}

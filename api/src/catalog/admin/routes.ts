import type { FastifyInstance } from 'fastify';
import Ajv from 'ajv';
import type { Ctx } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { bearer, id, idParam, nonBlank, priceList, text } from '../../lib/schemas.js';
import { MAX_OPTION_PHOTOS } from '@shop/contract';
import { translationsBody } from '../../lib/translations.js';
import * as A from './service.js';
import { jsonField, readProductForm } from './multipart.js';

const optionBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nonBlank(100),
    isActive: { type: 'boolean' },
    inStock: { type: 'boolean' },
    incRate: priceList,
    // Some of the product's images (issue 22; the service checks which).
    imageUrls: { type: 'array', maxItems: MAX_OPTION_PHOTOS, items: text(500) },
    // Issue 37: {fr: {name}}, checked by the service (a 400 naming the locale or field at fault).
    translations: translationsBody('name'),
  },
} as const;
const optionPatch = { ...optionBody, required: [] } as const;
const variantBody = {
  type: 'object',
  required: ['type'],
  properties: { type: nonBlank(100), options: { type: 'array', maxItems: 50, items: optionBody }, translations: translationsBody('name') },
} as const;
const strings = (max: number) => ({ type: 'array', maxItems: max, items: text(200) }) as const;
const ids = { type: 'array', maxItems: 200, items: id } as const;
const detailsBody = {
  type: 'object',
  properties: {
    title: nonBlank(200),
    description: text(10000),
    features: strings(50),
    tags: strings(50),
    basePrice: priceList,
    discounts: ids,
    translations: translationsBody('title', 'description'),
  },
} as const;
const createForm = {
  type: 'object',
  required: ['title'],
  // published: false saves a draft (issue 19), the back office's only until published.
  properties: { ...detailsBody.properties, filterOptions: ids, variants: { type: 'array', maxItems: 20, items: variantBody }, published: { type: 'boolean' } },
} as const;
const validateForm = new Ajv({ allErrors: false, allowUnionTypes: true }).compile(createForm);

const tags = ['admin products'];
const pid = idParam('productId');
const multipartDoc = { consumes: ['multipart/form-data'] };

export default async function productAdminRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  const s = (extra: object) => ({ tags, security: bearer, ...extra });
  // A product these routes answer carries its quantities (service.ts) and, like the product page, the
  // shop's low-stock threshold, a setting the service does not hold.
  app.addHook('preSerialization', async (_req, _reply, payload: unknown) =>
    payload && typeof payload === 'object' && 'stock' in payload ? { ...payload, lowStockThreshold: ctx.lowStockThreshold } : payload,
  );

  app.post('/product', { ...admin, schema: s({ ...multipartDoc, summary: 'Create a product (multipart: JSON fields + images)' }) }, async (req, reply) => {
    const { fields, images } = await readProductForm(req);
    const input = {
      title: fields.title,
      description: fields.description ?? '',
      features: jsonField<string[]>(fields, 'features', [], true),
      tags: jsonField<string[]>(fields, 'tags', [], true),
      basePrice: jsonField(fields, 'basePrice', []),
      filterOptions: jsonField<string[]>(fields, 'filterOptions', [], true),
      discounts: jsonField<string[]>(fields, 'discounts', [], true),
      variants: jsonField(fields, 'variants', []),
      published: jsonField<boolean>(fields, 'published', true),
      translations: jsonField<object | undefined>(fields, 'translations', undefined),
    };
    if (!validateForm(input)) {
      const e = validateForm.errors?.[0];
      throw badRequest(`${(e?.instancePath || '/' + (e?.params as { missingProperty?: string })?.missingProperty || '').slice(1).replace(/\//g, '.')} ${e?.message ?? 'is invalid'}`.trim());
    }
    return reply.code(201).send(await A.createProductWithImages(ctx.db, ctx.files, input as A.ProductInput, images, req.user!.id));
  });

  app.put<{ Params: { productId: string }; Body: A.DetailsInput }>(
    '/product/:productId',
    { ...admin, schema: s({ params: pid, body: detailsBody }) },
    (req) => A.updateDetails(ctx.db, req.params.productId, req.body, req.user!.id),
  );
  app.delete<{ Params: { id: string } }>('/product/:id', { ...admin, schema: s({ params: idParam() }) }, async (req) => {
    await A.deleteProduct(ctx.db, req.params.id, req.user!.id);
    return { message: 'Product deleted' };
  });
  app.post<{ Params: { productId: string } }>(
    '/product/:productId/images',
    { ...admin, schema: s({ ...multipartDoc, params: pid }) },
    async (req) => {
      const { images } = await readProductForm(req);
      return A.addImages(ctx.db, ctx.files, req.params.productId, images, req.user!.id);
    },
  );
  app.put<{ Params: { productId: string }; Body: { images: string[] } }>(
    '/product/:productId/images/order',
    {
      ...admin,
      schema: s({
        summary: "Reorder a product's images (the first is the main photo); 400 unless `images` is a permutation of the current ones",
        params: pid,
        body: { type: 'object', required: ['images'], properties: { images: { type: 'array', minItems: 1, maxItems: 1000, items: text(500) } } },
      }),
    },
    (req) => A.reorderImages(ctx.db, req.params.productId, req.body.images, req.user?.id ?? null),
  );
  app.delete<{ Params: { productId: string; index: number } }>(
    '/product/:productId/images/:index',
    { ...admin, schema: s({ params: { type: 'object', required: ['productId', 'index'], properties: { productId: id, index: { type: 'integer', minimum: 0, maximum: 1000 } } } }) },
    (req) => A.deleteImage(ctx.db, ctx.files, req.params.productId, req.params.index, req.user!.id, req.log),
  );
  app.put<{ Params: { productId: string }; Body: { filterOptionIds: string[] } }>(
    '/product/:productId/filterOptions',
    { ...admin, schema: s({ params: pid, body: { type: 'object', required: ['filterOptionIds'], properties: { filterOptionIds: ids } } }) },
    (req) => A.setFilterOptions(ctx.db, req.params.productId, req.body.filterOptionIds, req.user!.id),
  );
  app.post<{ Params: { productId: string }; Body: A.VariantInput }>(
    '/product/:productId/variants',
    { ...admin, schema: s({ params: pid, body: variantBody }) },
    async (req, reply) => reply.code(201).send(await A.addVariant(ctx.db, req.params.productId, req.body, req.user!.id)),
  );
  const pv = { type: 'object', required: ['productId', 'variantId'], properties: { productId: id, variantId: id } } as const;
  app.put<{ Params: { productId: string; variantId: string }; Body: { type?: string; translations?: object } }>(
    '/product/:productId/variants/:variantId',
    {
      ...admin,
      schema: s({
        summary: 'Rename a variant and/or set its translations ({fr: {name}})',
        params: pv,
        body: { type: 'object', minProperties: 1, properties: { type: nonBlank(100), translations: translationsBody('name') } },
      }),
    },
    (req) => A.updateVariant(ctx.db, req.params.productId, req.params.variantId, req.body, req.user!.id),
  );
  app.delete<{ Params: { productId: string; variantId: string } }>(
    '/product/:productId/variants/:variantId',
    { ...admin, schema: s({ params: pv }) },
    (req) => A.deleteVariant(ctx.db, req.params.productId, req.params.variantId, req.user!.id),
  );
  app.post<{ Params: { variantId: string }; Body: A.OptionInput }>(
    '/product/variant-option/:variantId',
    { ...admin, schema: s({ params: idParam('variantId'), body: optionBody }) },
    async (req, reply) => reply.code(201).send(await A.addVariantOption(ctx.db, req.params.variantId, req.body, req.user!.id)),
  );
  app.put<{ Params: { optionId: string }; Body: Partial<A.OptionInput> }>(
    '/product/variant-option/:optionId',
    { ...admin, schema: s({ params: idParam('optionId'), body: optionPatch }) },
    (req) => A.updateVariantOption(ctx.db, req.params.optionId, req.body, req.user!.id),
  );
  app.delete<{ Params: { optionId: string } }>(
    '/product/variant-option/:optionId',
    { ...admin, schema: s({ params: idParam('optionId') }) },
    (req) => A.deleteVariantOption(ctx.db, req.params.optionId, req.user!.id),
  );
}

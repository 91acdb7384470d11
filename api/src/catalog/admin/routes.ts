import type { FastifyInstance } from 'fastify';
import Ajv from 'ajv';
import type { Ctx } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { endpoints as E, ProductForm } from '@shop/contract';
import { route } from '../../lib/endpoints.js';
import * as A from './service.js';
import { jsonField, readProductForm } from './multipart.js';

// The form's JSON fields, checked once parsed (a multipart body is not validated by the route's schema).
const validateForm = new Ajv({ allErrors: false, allowUnionTypes: true }).compile(ProductForm);


export default async function productAdminRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  // A product these routes answer carries its quantities (service.ts) and, like the product page, the
  // shop's low-stock threshold, a setting the service does not hold.
  app.addHook('preSerialization', async (_req, _reply, payload: unknown) =>
    payload && typeof payload === 'object' && 'stock' in payload ? { ...payload, lowStockThreshold: ctx.lowStockThreshold } : payload,
  );

  route(app, auth, E.createProduct, async (req, reply) => {
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
      weight: jsonField<number | undefined>(fields, 'weight', undefined),
      taxClassId: jsonField<string | null | undefined>(fields, 'taxClassId', undefined),
    };
    if (!validateForm(input)) {
      const e = validateForm.errors?.[0];
      throw badRequest(`${(e?.instancePath || '/' + (e?.params as { missingProperty?: string })?.missingProperty || '').slice(1).replace(/\//g, '.')} ${e?.message ?? 'is invalid'}`.trim());
    }
    return reply.code(201).send(await A.createProductWithImages(db, ctx.files, input as A.ProductInput, images, req.user!.id));
  });

  route(app, auth, E.updateProduct, (req) => A.updateDetails(db, req.params.productId, req.body, req.user!.id));
  route(app, auth, E.deleteProduct, async (req) => {
    await A.deleteProduct(db, req.params.id, req.user!.id);
    return { message: 'Product deleted' };
  });
  route(app, auth, E.addProductImages, async (req) => {
    const { images } = await readProductForm(req);
    return A.addImages(db, ctx.files, req.params.productId, images, req.user!.id);
  });
  route(app, auth, E.reorderProductImages, (req) => A.reorderImages(db, req.params.productId, req.body.images, req.user?.id ?? null));
  route(app, auth, E.deleteProductImage, (req) => A.deleteImage(db, ctx.files, req.params.productId, req.params.index, req.user!.id, req.log));
  route(app, auth, E.setProductFilterOptions, (req) => A.setFilterOptions(db, req.params.productId, req.body.filterOptionIds, req.user!.id));
  route(app, auth, E.addVariant, async (req, reply) => reply.code(201).send(await A.addVariant(db, req.params.productId, req.body, req.user!.id)));
  route(app, auth, E.renameVariant, (req) => A.updateVariant(db, req.params.productId, req.params.variantId, req.body, req.user!.id));
  route(app, auth, E.deleteVariant, (req) => A.deleteVariant(db, req.params.productId, req.params.variantId, req.user!.id));
  route(app, auth, E.addVariantOption, async (req, reply) => reply.code(201).send(await A.addVariantOption(db, req.params.variantId, req.body, req.user!.id)));
  route(app, auth, E.updateVariantOption, (req) => A.updateVariantOption(db, req.params.optionId, req.body, req.user!.id, ctx.mailSecrets));
  route(app, auth, E.deleteVariantOption, (req) => A.deleteVariantOption(db, req.params.optionId, req.user!.id));
}

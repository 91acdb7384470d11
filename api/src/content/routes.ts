import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import { keptAnswer, sendAnswer } from '../catalog/answer.js';
import { readProductForm } from '../catalog/admin/multipart.js';
import { storeImage } from '../catalog/admin/images.js';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { badRequest } from '../lib/errors.js';
import { requestLocale } from '../lib/locale.js';
import * as S from './service.js';

// Issue 38 (17): the shop's own words. The storefront's reads are kept in the catalogue's memory like its
// other reads (one per language, until a save bumps the catalogue version: migration 043).
export default async function contentRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const memory = ctx.catalog.memory;
  route(app, auth, E.storefrontContent, async (req, reply) => {
    const locale = requestLocale(req, reply);
    return sendAnswer(req, reply, await keptAnswer(memory.answer(['content', locale], () => S.storefrontContent(db, locale), true)));
  });
  route(app, auth, E.contentPage, async (req, reply) => {
    const locale = requestLocale(req, reply);
    const { slug } = req.params;
    return sendAnswer(req, reply, await keptAnswer(memory.answer(['content-page', slug, locale], () => S.shownPage(db, slug, locale), true)));
  });
  route(app, auth, E.contentForEdit, () => S.contentForEdit(db));
  route(app, auth, E.updateHomeContent, (req) => S.setHome(db, req.user!, req.body));
  route(app, auth, E.updateFooterContent, (req) => S.setFooter(db, req.user!, req.body));
  route(app, auth, E.updateContentPage, (req) => S.setPage(db, req.user!, req.params.slug, req.body));
  // A picture for a slide or a banner: checked and stored as a product's photo is (its copies made too).
  route(app, auth, E.uploadContentImage, async (req, reply) => {
    const { images } = await readProductForm(req);
    if (images.length !== 1) throw badRequest('Send one image (field "images")');
    return reply.code(201).send({ image: await storeImage(ctx.files, images[0]) });
  });
}

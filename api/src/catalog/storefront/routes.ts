import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { endpoints as E, type Locale } from '@shop/contract';
import { requestLocale } from '../../lib/locale.js';
import { route } from '../../lib/endpoints.js';
import type { Ctx } from '../../context.js';
import { sendAnswer } from '../answer.js';

/** The storefront's reads (no auth): each validated here, answered by the service, sent as it answers. */
export default async function storefrontRoutes(app: FastifyInstance, ctx: Ctx) {
  const { storefront } = ctx.catalog;
  /**
   * A product by id; a draft (issue 19) is not found, unless an admin asks (the edit modal reads a
   * draft here): who asks is looked up only then, so the storefront's reads cost no session query.
   */
  const productOrDraft = async (req: FastifyRequest, id: string, locale: Locale) => {
    try {
      return await storefront.product(id, locale);
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 404) || !req.headers.authorization) throw err;
      const admin = await ctx.auth.optional(req).then(() => req.user?.role === 'admin', () => false);
      if (!admin) throw err;
      return storefront.draft(id, locale);
    }
  };
  const { auth } = ctx;
  route(app, auth, E.searchProducts, async (req, reply) => {
    if (req.body?.status === 'all' || req.body?.status === 'draft') await ctx.auth.admin(req);
    return sendAnswer(req, reply, await storefront.search(req.query, req.body, requestLocale(req, reply)));
  });
  route(app, auth, E.listProducts, async (req, reply) => sendAnswer(req, reply, await storefront.search(req.query, null, requestLocale(req, reply))));
  route(app, auth, E.suggestProducts, async (req, reply) => sendAnswer(req, reply, await storefront.suggest(req.query.q, requestLocale(req, reply))));
  route(app, auth, E.productBySlug, async (req, reply) => sendAnswer(req, reply, await storefront.productPage(req.params.slug, requestLocale(req, reply))));
  route(app, auth, E.relatedProducts, async (req, reply) =>
    sendAnswer(req, reply, await storefront.related(req.params.id, req.query.selectedCurr ?? null, requestLocale(req, reply))),
  );
  route(app, auth, E.highestBasePrice, async (req, reply) => sendAnswer(req, reply, await storefront.highestBasePrice(req.params.currencyId)));
  route(app, auth, E.product, async (req, reply) => {
    const p = req.params.id;
    const locale = requestLocale(req, reply);
    const answer = p === 'featured' || p === 'onSale' || p === 'bestSeller' ? await storefront.homeSection(p, locale) : await productOrDraft(req, p, locale);
    return sendAnswer(req, reply, answer);
  });
}

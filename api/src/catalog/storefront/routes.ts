import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.js';
import { DEFAULT_LOCALE, endpoints as E, type Locale } from '@shop/contract';
import { requestLocale } from '../../lib/locale.js';
import { route } from '../../lib/endpoints.js';
import { can } from '../../lib/auth.js';
import type { Ctx } from '../../context.js';
import { sendAnswer } from '../answer.js';
import { PREVIEW_LINK_HOURS } from './preview.js';

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
      const admin = await ctx.auth.optional(req).then(() => can(req.user, 'catalog'), () => false);
      if (!admin) throw err;
      return storefront.draft(id, locale);
    }
  };
  const { auth } = ctx;
  route(app, auth, E.searchProducts, async (req, reply) => {
    if (req.body?.status === 'all' || req.body?.status === 'draft') await ctx.auth.staff('catalog')(req);
    return sendAnswer(req, reply, await storefront.search(req.query, req.body, requestLocale(req, reply)));
  });
  route(app, auth, E.listProducts, async (req, reply) => sendAnswer(req, reply, await storefront.search(req.query, null, requestLocale(req, reply))));
  route(app, auth, E.suggestProducts, async (req, reply) => sendAnswer(req, reply, await storefront.suggest(req.query.q, requestLocale(req, reply))));
  route(app, auth, E.productBySlug, async (req, reply) => sendAnswer(req, reply, await storefront.productPage(req.params.slug, requestLocale(req, reply))));
  route(app, auth, E.relatedProducts, async (req, reply) =>
    sendAnswer(req, reply, await storefront.related(req.params.id, req.query.selectedCurr ?? null, requestLocale(req, reply))),
  );
  // Issue 38 (18): a draft's page through a signed link (preview.ts); without a valid one it stays not found.
  route(app, auth, E.productPreviewLink, async (req) => {
    const answer = await storefront.draft(req.params.id, DEFAULT_LOCALE);
    const product = ('value' in answer ? answer.value : null) as { _id: string; slug: string } | null;
    if (!product) throw notFound('Product not found');
    const expiresAt = new Date(Date.now() + PREVIEW_LINK_HOURS * 3_600_000);
    return { url: `/${encodeURIComponent(product.slug)}?preview=${ctx.preview.sign(product._id, expiresAt)}`, expiresAt: expiresAt.toISOString() };
  });
  route(app, auth, E.productPreview, async (req, reply) => {
    const id = ctx.preview.productOf(req.query.token);
    if (!id) throw notFound('Product not found');
    reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex');
    return sendAnswer(req, reply, await storefront.draft(id, requestLocale(req, reply)));
  });
  route(app, auth, E.highestBasePrice, async (req, reply) => sendAnswer(req, reply, await storefront.highestBasePrice(req.params.currencyId)));
  route(app, auth, E.product, async (req, reply) => {
    const p = req.params.id;
    const locale = requestLocale(req, reply);
    const answer = p === 'featured' || p === 'onSale' || p === 'bestSeller' ? await storefront.homeSection(p, locale) : await productOrDraft(req, p, locale);
    return sendAnswer(req, reply, answer);
  });
}

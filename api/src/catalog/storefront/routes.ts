import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { type Locale, SUGGEST_LIMIT, SUGGEST_MIN_CHARS } from '@shop/contract';
import { id, idParam, pageQuery } from '../../lib/schemas.js';
import { localeQuery, requestLocale } from '../../lib/locale.js';
import type { Ctx } from '../../context.js';
import { sendAnswer } from '../answer.js';
import type { FilterQuery } from './service.js';

const SORTS = ['-createdAt', 'title', '-title', 'basePrice', '-basePrice', 'stock', '-stock', 'relevance', '-rating', ''];

// additionalProperties: false makes ajv (removeAdditional) drop fields nothing reads, so junk never
// reaches the cache key or the heap beyond the request itself.
const filterBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    sortBy: { type: 'string', enum: SORTS },
    selectedCurr: { type: ['string', 'null'], maxLength: 64 },
    filterOptions: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 64 } },
    basePrice: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { gte: { type: ['number', 'null'], minimum: 0, maximum: 1e9 }, lte: { type: ['number', 'null'], minimum: 0, maximum: 1e9 } },
    },
    // Only pieces rated this many stars and up, as their cards show the average (issue 41).
    minRating: { type: 'integer', minimum: 1, maximum: 5 },
    // Only pieces that can be bought now (issue 17).
    available: { type: 'boolean' },
    // Only pieces a running discount takes something off in the selected currency (issue 20: the home's sale banner).
    onSale: { type: 'boolean' },
    // The admin's list: live quantities on every item, and a filter by stock.
    withStock: { type: 'boolean' },
    stock: { type: 'string', enum: ['in', 'low', 'out'] },
    // The admin's list (issue 19): drafts too ('all') or only ('draft'); admins only. 'published' is what everyone gets.
    status: { type: 'string', enum: ['all', 'published', 'draft'] },
  },
} as const;
// keyword, limit and page come from the query only (SPEC §7), where they are checked and bounded.
const filterQuery = {
  ...pageQuery(12),
  properties: { ...pageQuery(12).properties, selectedCurr: { type: 'string', maxLength: 64 }, sortBy: filterBody.properties.sortBy, ...localeQuery },
} as const;
/** A read's only query parameter: its locale (issue 37). */
const localeOnly = { type: 'object', additionalProperties: false, properties: localeQuery } as const;
type FilterQ = { keyword?: string; limit: number; page: number; selectedCurr?: string; sortBy?: string; locale?: string };
type FilterB = Pick<FilterQuery, 'sortBy' | 'selectedCurr' | 'filterOptions' | 'basePrice' | 'minRating' | 'available' | 'onSale' | 'withStock' | 'stock' | 'status'> | null;
const tags = ['catalogue'];

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
  app.post<{ Querystring: FilterQ; Body: FilterB }>(
    '/product/filter',
    { schema: { tags, summary: "Search the catalogue (shop page and admin list; the body's status, drafts included, is for admins: 401/403 otherwise)", querystring: filterQuery, body: filterBody } },
    async (req, reply) => {
      if (req.body?.status === 'all' || req.body?.status === 'draft') await ctx.auth.admin(req);
      return sendAnswer(req, reply, await storefront.search(req.query, req.body, requestLocale(req, reply)));
    },
  );
  app.get<{ Querystring: FilterQ }>(
    '/product/filter',
    { schema: { tags, summary: 'Search the catalogue with query parameters (admin list)', querystring: filterQuery } },
    async (req, reply) => sendAnswer(req, reply, await storefront.search(req.query, null, requestLocale(req, reply))),
  );
  app.get<{ Querystring: { q: string } }>(
    '/product/suggest',
    {
      schema: {
        tags,
        summary: `What the header's search suggests: up to ${SUGGEST_LIMIT} products and filter options matching q (empty below ${SUGGEST_MIN_CHARS} characters)`,
        querystring: { type: 'object', additionalProperties: false, required: ['q'], properties: { q: { type: 'string', maxLength: 200 }, ...localeQuery } },
      },
    },
    async (req, reply) => sendAnswer(req, reply, await storefront.suggest(req.query.q, requestLocale(req, reply))),
  );
  app.get<{ Params: { slug: string } }>(
    '/product/slugSearch/:slug',
    { schema: { tags, params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', minLength: 1, maxLength: 300 } } }, querystring: localeOnly } },
    async (req, reply) => sendAnswer(req, reply, await storefront.productPage(req.params.slug, requestLocale(req, reply))),
  );
  app.get<{ Params: { currencyId: string } }>(
    '/product/hBasePrice/:currencyId',
    { schema: { tags, summary: 'Highest base price in a currency, rounded up', params: idParam('currencyId'), response: { 200: { type: 'number' } } } },
    async (req, reply) => sendAnswer(req, reply, await storefront.highestBasePrice(req.params.currencyId)),
  );
  app.get<{ Params: { id: string } }>(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'A home section ({type, products}) by name, or one product by id',
        params: { type: 'object', required: ['id'], properties: { id: { anyOf: [{ type: 'string', enum: ['featured', 'onSale', 'bestSeller'] }, id] } } },
        querystring: localeOnly,
      },
    },
    async (req, reply) => {
      const p = req.params.id;
      const locale = requestLocale(req, reply);
      const answer = p === 'featured' || p === 'onSale' || p === 'bestSeller' ? await storefront.homeSection(p, locale) : await productOrDraft(req, p, locale);
      return sendAnswer(req, reply, answer);
    },
  );
}

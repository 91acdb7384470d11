import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { id, idParam, pageQuery } from '../lib/schemas.js';
import { productPageKey } from './productPages.js';
import * as S from './service.js';

const SORTS = ['-createdAt', 'title', '-title', 'basePrice', '-basePrice', ''];

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
  },
} as const;
// keyword, limit and page come from the query only (SPEC §7), where they are checked and bounded.
const filterQuery = {
  ...pageQuery(12),
  properties: { ...pageQuery(12).properties, selectedCurr: { type: 'string', maxLength: 64 }, sortBy: filterBody.properties.sortBy },
} as const;
type FilterQ = { keyword?: string; limit: number; page: number; selectedCurr?: string; sortBy?: string };
type FilterB = Pick<S.FilterQuery, 'sortBy' | 'selectedCurr' | 'filterOptions' | 'basePrice'> | null;
const tags = ['catalogue'];

export default async function catalogRoutes(app: FastifyInstance, ctx: Ctx) {
  const cache = ctx.catalogCache;
  // One normalized search per answer: it is both what runs and the cache key.
  const send = (req: FastifyRequest, reply: FastifyReply, query: FilterQ, body: FilterB) => {
    const search = S.normalizeSearch(query, body);
    return cache.send(req, reply, ['filter', search], () => S.searchProducts(ctx.db, search, (key, load) => cache.remember(key, load), ctx.catalogFacets));
  };

  app.post<{ Querystring: FilterQ; Body: FilterB }>(
    '/product/filter',
    { schema: { tags, summary: 'Search the catalogue (shop page and admin list)', querystring: filterQuery, body: filterBody } },
    (req, reply) => send(req, reply, req.query, req.body),
  );
  app.get<{ Querystring: FilterQ }>(
    '/product/filter',
    { schema: { tags, summary: 'Search the catalogue with query parameters (admin list)', querystring: filterQuery } },
    (req, reply) => send(req, reply, req.query, null),
  );
  app.get<{ Params: { slug: string } }>(
    '/product/slugSearch/:slug',
    { schema: { tags, params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', minLength: 1, maxLength: 300 } } } } },
    // Kept until the catalogue changes, and filled ahead of the visitors (productPages.ts).
    (req, reply) => cache.send(req, reply, productPageKey(req.params.slug), () => S.productBySlug(ctx.db, req.params.slug), true),
  );
  app.get<{ Params: { currencyId: string } }>(
    '/product/hBasePrice/:currencyId',
    { schema: { tags, summary: 'Highest base price in a currency, rounded up', params: idParam('currencyId'), response: { 200: { type: 'number' } } } },
    (req, reply) => cache.send(req, reply, ['hBasePrice', req.params.currencyId], () => S.highestBasePrice(ctx.db, req.params.currencyId)),
  );
  app.get<{ Params: { id: string } }>(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'A home section ({type, products}) by name, or one product by id',
        params: { type: 'object', required: ['id'], properties: { id: { anyOf: [{ type: 'string', enum: ['featured', 'onSale', 'bestSeller'] }, id] } } },
      },
    },
    (req, reply) => {
      const p = req.params.id;
      // Best sellers follow the orders, not the catalogue: not cached.
      if (p === 'bestSeller') return S.homeSection(ctx.db, p);
      // On sale depends on the time as well as the catalogue; a product only on the catalogue.
      if (p === 'featured' || p === 'onSale') return cache.send(req, reply, ['product', p], () => S.homeSection(ctx.db, p));
      return cache.send(req, reply, ['product', p], () => S.getProduct(ctx.db, p), true);
    },
  );
}

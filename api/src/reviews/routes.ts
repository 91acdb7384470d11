import type { FastifyInstance } from 'fastify';
import { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES, type ReviewBody, type ReviewModeration, type ReviewSort, type ReviewStatus } from '@shop/contract';
import type { Ctx } from '../context.js';
import { RateLimiter } from '../lib/ratelimit.js';
import { bearer, id, idParam, message, pageQuery, pagingQuery } from '../lib/schemas.js';
import { accountOfToken } from './requests.js';
import * as S from './service.js';

const tags = ['reviews'];

/** Reviews written or edited by one account in REVIEW_WINDOW_MS: far above a real customer's, far below a flood's. */
export const REVIEW_WRITES_PER_ACCOUNT = 10;
/** "Was this helpful?" votes by one account in REVIEW_WINDOW_MS. */
export const REVIEW_VOTES_PER_ACCOUNT = 60;
export const REVIEW_WINDOW_MS = 60 * 60_000;

// The schema bounds the work (a number, strings not too long); the form's rules (an integer from 1 to
// 5, trimmed lengths) are checked in code with the contract's checkReview, as the browser checks them.
const reviewBody = {
  type: 'object',
  required: ['rating', 'title', 'body'],
  additionalProperties: false,
  properties: {
    rating: { type: 'number' },
    title: { type: 'string', maxLength: 1000 },
    body: { type: 'string', maxLength: 10000 },
  },
} as const;
const moderationBody = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...REVIEW_STATUSES] },
    reason: { type: ['string', 'null'], maxLength: REVIEW_LIMITS.reason },
    reply: { type: ['string', 'null'], maxLength: REVIEW_LIMITS.reply },
  },
} as const;

const nullableText = { type: ['string', 'null'] } as const;
const reviewOut = {
  type: 'object',
  properties: {
    _id: id,
    productId: id,
    rating: { type: 'integer' },
    title: { type: 'string' },
    body: { type: 'string' },
    author: { type: 'string' },
    verifiedBuyer: { type: 'boolean' },
    helpful: { type: 'integer' },
    reply: nullableText,
    createdAt: { type: 'string' },
  },
} as const;
const reviewAdminOut = {
  type: 'object',
  properties: {
    ...reviewOut.properties,
    status: { type: 'string', enum: [...REVIEW_STATUSES] },
    reason: nullableText,
    updatedAt: { type: 'string' },
    product: { type: 'object', properties: { _id: id, title: { type: 'string' }, slug: { type: 'string' } } },
    customer: { type: ['object', 'null'], properties: { _id: id, fullName: { type: 'string' }, email: { type: 'string' } } },
  },
} as const;
const count = { type: 'integer' } as const;
/** A page of a list (items, itemCount, page, limit) and what else the answer carries. */
const pageOut = <I, E extends Record<string, unknown>>(items: I, extra: E) =>
  ({ type: 'object', properties: { items: { type: 'array', items }, itemCount: count, page: count, limit: count, ...extra } }) as const;
const reviewPageOut = pageOut(reviewOut, {
  average: { type: 'number' },
  count,
  histogram: { type: 'object', properties: { 1: count, 2: count, 3: count, 4: count, 5: count } },
});
const adminPageOut = pageOut(reviewAdminOut, { counts: { type: 'object', properties: { pending: count, approved: count, rejected: count } } });
const myReviewOut = { type: 'object', properties: { review: { anyOf: [reviewAdminOut, { type: 'null' }] }, canReview: { type: 'boolean' } } } as const;
const listQuery = {
  ...pagingQuery(10),
  properties: { ...pagingQuery(10).properties, sort: { type: 'string', enum: [...REVIEW_SORTS], default: 'newest' } },
} as const;
const adminQuery = {
  ...pageQuery(20),
  properties: { ...pageQuery(20).properties, status: { type: 'string', enum: [...REVIEW_STATUSES] } },
} as const;
const refusals = { 400: message, 401: message, 403: message, 404: message, 409: message, 429: message };

/** Reviews: the product page's list and its buyers' own reviews, and the back office's queue. */
export default async function reviewRoutes(app: FastifyInstance, ctx: Ctx) {
  const user = { onRequest: ctx.auth.user };
  const admin = { onRequest: ctx.auth.admin };
  const writes = new RateLimiter('review-write', REVIEW_WRITES_PER_ACCOUNT, REVIEW_WINDOW_MS, ctx.counters);
  const votes = new RateLimiter('review-vote', REVIEW_VOTES_PER_ACCOUNT, REVIEW_WINDOW_MS, ctx.counters);

  app.get<{ Params: { id: string }; Querystring: { sort: ReviewSort; page: number; limit: number } }>(
    '/product/:id/reviews',
    { schema: { tags, summary: "A product's approved reviews, with its average, count and stars", params: idParam(), querystring: listQuery, response: { 200: reviewPageOut, 404: message } } },
    (req) => S.productReviews(ctx.db, req.params.id, req.query.sort, req.query.page, req.query.limit),
  );
  app.get<{ Params: { id: string } }>(
    '/product/:id/reviews/mine',
    { ...user, schema: { tags, security: bearer, summary: "The signed-in customer's own review of a product, and whether they may write one", params: idParam(), response: { 200: myReviewOut, ...refusals } } },
    (req) => S.myReview(ctx.db, req.user!, req.params.id),
  );
  app.post<{ Params: { id: string }; Body: ReviewBody }>(
    '/product/:id/reviews',
    { ...user, schema: { tags, security: bearer, summary: 'Review a product (a customer whose order of it was delivered; once)', params: idParam(), body: reviewBody, response: { 201: reviewAdminOut, ...refusals } } },
    async (req, reply) => {
      const body = S.validReview(req.body);
      await writes.hit(`account:${req.user!.id}`);
      return reply.code(201).send(await S.writeReview(ctx.db, req.user!, req.params.id, body, ctx.reviewsAutoApprove));
    },
  );
  app.put<{ Params: { id: string }; Body: ReviewBody }>(
    '/reviews/:id',
    { ...user, schema: { tags, security: bearer, summary: 'Edit your review (it goes back to moderation)', params: idParam(), body: reviewBody, response: { 200: reviewAdminOut, ...refusals } } },
    async (req) => {
      const body = S.validReview(req.body);
      await writes.hit(`account:${req.user!.id}`);
      return S.editReview(ctx.db, req.user!, req.params.id, body, ctx.reviewsAutoApprove);
    },
  );
  app.delete<{ Params: { id: string } }>(
    '/reviews/:id',
    { ...user, schema: { tags, security: bearer, summary: 'Delete your review', params: idParam(), response: { 204: { type: 'null' }, ...refusals } } },
    async (req, reply) => {
      await S.deleteReview(ctx.db, req.user!, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post<{ Params: { id: string } }>(
    '/reviews/:id/helpful',
    { ...user, schema: { tags, security: bearer, summary: 'Was this helpful? Once per customer and review, never your own', params: idParam(), response: { 204: { type: 'null' }, ...refusals } } },
    async (req, reply) => {
      await votes.hit(`account:${req.user!.id}`);
      await S.markHelpful(ctx.db, req.user!, req.params.id);
      return reply.code(204).send();
    },
  );
  const switchOut = { type: 'object', properties: { on: { type: 'boolean' } } } as const;
  app.get(
    '/reviews/requests',
    { ...user, schema: { tags, security: bearer, summary: 'Whether you get review request e-mails after a delivery', response: { 200: switchOut, 401: message } } },
    (req) => S.reviewRequests(ctx.db, req.user!),
  );
  app.put<{ Body: { on: boolean } }>(
    '/reviews/requests',
    {
      ...user,
      schema: { tags, security: bearer, summary: 'Turn review request e-mails on or off', body: { type: 'object', required: ['on'], additionalProperties: false, properties: { on: { type: 'boolean' } } }, response: { 200: switchOut, 400: message, 401: message } },
    },
    (req) => S.setReviewRequests(ctx.db, req.user!.id, req.body.on),
  );
  // The e-mail's one-click link: a page that says it is done (opened from a mail client, not the shop).
  app.get<{ Querystring: { token: string } }>(
    '/reviews/requests/off',
    { schema: { tags, summary: "The review request e-mail's one-click link: no more review requests", querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 1000 } } }, response: { 200: { content: { 'text/html': { schema: { type: 'string' } } } }, 400: message } } },
    async (req, reply) => {
      await S.setReviewRequests(ctx.db, accountOfToken(ctx.mailSecrets, req.query.token), false);
      const done = 'You will get no more review requests. You can turn them on again in your profile.';
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ctx.shop.name}</title></head><body><main><h1>${ctx.shop.name}</h1><p>${done}</p><p><a href="${ctx.shop.publicUrl}/">Back to the shop</a></p></main></body></html>`);
    },
  );
  app.get<{ Querystring: { status?: ReviewStatus; keyword?: string; page: number; limit: number } }>(
    '/reviews',
    { ...admin, schema: { tags, security: bearer, summary: 'The review queue, pending first; search by product, customer or text (admin)', querystring: adminQuery, response: { 200: adminPageOut, 401: message, 403: message } } },
    (req) => S.adminReviews(ctx.db, req.query, req.query.page, req.query.limit),
  );
  app.patch<{ Params: { id: string }; Body: ReviewModeration }>(
    '/reviews/:id',
    { ...admin, schema: { tags, security: bearer, summary: 'Approve, reject (reason kept internally) or reply publicly to a review (admin)', params: idParam(), body: moderationBody, response: { 200: reviewAdminOut, ...refusals } } },
    (req) => S.moderate(ctx.db, req.user!, req.params.id, req.body),
  );
}

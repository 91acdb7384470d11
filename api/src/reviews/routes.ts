import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import { sendAnswer } from '../catalog/index.js';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { RateLimiter } from '../lib/ratelimit.js';
import { accountOfToken } from './requests.js';
import * as S from './service.js';

/** Reviews written or edited by one account in REVIEW_WINDOW_MS: far above a real customer's, far below a flood's. */
export const REVIEW_WRITES_PER_ACCOUNT = 10;
/** "Was this helpful?" votes by one account in REVIEW_WINDOW_MS. */
export const REVIEW_VOTES_PER_ACCOUNT = 60;
export const REVIEW_WINDOW_MS = 60 * 60_000;

/** Reviews: the product page's list and its buyers' own reviews, and the back office's queue. */
export default async function reviewRoutes(app: FastifyInstance, ctx: Ctx) {
  const writes = new RateLimiter('review-write', REVIEW_WRITES_PER_ACCOUNT, REVIEW_WINDOW_MS, ctx.counters);
  const votes = new RateLimiter('review-vote', REVIEW_VOTES_PER_ACCOUNT, REVIEW_WINDOW_MS, ctx.counters);

  const { auth, db } = ctx;
  // The first pages from memory (keptLists.ts), the most reviewed products' filled ahead once the app is ready.
  route(app, auth, E.productReviews, async (req, reply) => {
    const { sort, page, limit } = req.query;
    return sendAnswer(req, reply, await ctx.reviewLists.page(req.params.id, sort, page, limit, () => S.productReviews(db, req.params.id, sort, page, limit)));
  });
  app.addHook('onReady', async () => {
    const fill = ctx.reviewLists.fill((ids, first) => S.firstPages(db, ids, first.limit));
    void fill.then(
      (products) => app.log.info({ products }, 'review lists filled ahead'),
      (err) => app.log.warn({ err }, 'review lists not filled ahead'),
    );
  });
  route(app, auth, E.myReview, (req) => S.myReview(db, req.user!, req.params.id));
  route(app, auth, E.writeReview, async (req, reply) => {
    const body = S.validReview(req.body);
    await writes.hit(`account:${req.user!.id}`);
    return reply.code(201).send(await S.writeReview(db, req.user!, req.params.id, body, ctx.reviewsAutoApprove));
  });
  route(app, auth, E.editReview, async (req) => {
    const body = S.validReview(req.body);
    await writes.hit(`account:${req.user!.id}`);
    return S.editReview(db, req.user!, req.params.id, body, ctx.reviewsAutoApprove);
  });
  route(app, auth, E.deleteReview, async (req, reply) => {
    await S.deleteReview(db, req.user!, req.params.id);
    return reply.code(204).send();
  });
  route(app, auth, E.markReviewHelpful, async (req, reply) => {
    await votes.hit(`account:${req.user!.id}`);
    await S.markHelpful(db, req.user!, req.params.id);
    return reply.code(204).send();
  });
  route(app, auth, E.reviewRequests, (req) => S.reviewRequests(db, req.user!));
  route(app, auth, E.setReviewRequests, (req) => S.setReviewRequests(db, req.user!.id, req.body.on));
  // The e-mail's one-click link: a page that says it is done (opened from a mail client, not the shop).
  route(app, auth, E.reviewRequestsOff, async (req, reply) => {
    await S.setReviewRequests(db, accountOfToken(ctx.mailSecrets, req.query.token), false);
    const done = 'You will get no more review requests. You can turn them on again in your profile.';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ctx.shop.name}</title></head><body><main><h1>${ctx.shop.name}</h1><p>${done}</p><p><a href="${ctx.shop.publicUrl}/">Back to the shop</a></p></main></body></html>`);
  });
  route(app, auth, E.adminReviews, (req) => S.adminReviews(db, req.query, req.query.page, req.query.limit));
  route(app, auth, E.moderateReview, (req) => S.moderate(db, req.user!, req.params.id, req.body));
}

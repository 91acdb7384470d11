// Product reviews from verified buyers (issue 41): the product page's list, a buyer's own review, the
// review request e-mails' switch and the back office's moderation queue.
import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { literals } from './search';
import { AnswerId, DateTime, IdParam, Message, NoContent, Refusal, Nullable, PageQuery, PagingQuery } from './schema';

import { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES } from './values';

export { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES };

const str = Type.String();
const int = Type.Integer();

export const ReviewStatus = literals(REVIEW_STATUSES);
/** A public review (GET /product/:id/reviews). */
export const Review = Type.Object({
  _id: AnswerId,
  productId: AnswerId,
  rating: int,
  title: str,
  body: str,
  author: Type.String({ description: 'first name and the initial of the last' }),
  verifiedBuyer: Type.Literal(true),
  helpful: int,
  reply: Nullable(str),
  createdAt: DateTime,
});
const { verifiedBuyer: _, ...publicFields } = Review.properties;
/** A review as its author and the back office see it: its status, and for the back office why it was rejected. */
export const ReviewAdmin = Type.Object({
  ...publicFields,
  status: ReviewStatus,
  reason: Nullable(str),
  updatedAt: DateTime,
  product: Type.Object({ _id: AnswerId, title: str, slug: str }),
  customer: Type.Union([Type.Object({ _id: AnswerId, fullName: str, email: str }), Type.Null()]),
});
const page = { itemCount: int, page: int, limit: int };
/** GET /product/:id/reviews: a page of approved reviews, the product's rating and its stars. */
export const ReviewPage = Type.Object({
  items: Type.Array(Review),
  ...page,
  average: Type.Number(),
  count: int,
  /** Approved reviews by stars, "1" to "5". */
  histogram: Type.Object({ 1: int, 2: int, 3: int, 4: int, 5: int }),
});
/** GET /product/:id/reviews/mine: the signed-in customer's own review of it (any status), and whether they may write one. */
export const MyReview = Type.Object({ review: Type.Union([ReviewAdmin, Type.Null()]), canReview: Type.Boolean() });
/** GET /reviews (admin): the queue, and the reviews by status (the admin menu's counts). */
export const ReviewAdminPage = Type.Object({
  items: Type.Array(ReviewAdmin),
  ...page,
  counts: Type.Object({ pending: int, approved: int, rejected: int }),
});

// The schema bounds the work (a number, strings not too long); the form's rules (an integer from 1 to
// 5, trimmed lengths) are checked in code with checkReview, as the browser checks them.
export const ReviewBody = Type.Object(
  { rating: Type.Number(), title: Type.String({ maxLength: 1000 }), body: Type.String({ maxLength: 10000 }) },
  { additionalProperties: false },
);
/** PATCH /reviews/:id (admin). */
export const ReviewModeration = Type.Object(
  {
    status: Type.Optional(ReviewStatus),
    reason: Type.Optional(Nullable(Type.String({ maxLength: REVIEW_LIMITS.reason }))),
    reply: Type.Optional(Nullable(Type.String({ maxLength: REVIEW_LIMITS.reply }))),
  },
  { minProperties: 1, additionalProperties: false },
);
const ReviewSwitch = Type.Object({ on: Type.Boolean() });

const tags = ['reviews'];
const refusals = { 400: Message, 401: Message, 403: Refusal, 404: Message, 409: Message, 429: Message };

export const reviewEndpoints = {
  productReviews: endpoint({
    method: 'GET',
    path: '/product/:id/reviews',
    access: 'anyone',
    tags,
    summary: "A product's approved reviews, with its average, count and stars",
    params: IdParam,
    query: Type.Object({ ...PagingQuery(10).properties, sort: Type.Unsafe<(typeof REVIEW_SORTS)[number]>({ ...literals(REVIEW_SORTS), default: 'newest' }) }, { additionalProperties: false }),
    answers: { 200: ReviewPage, 404: Message },
  }),
  myReview: endpoint({
    method: 'GET',
    path: '/product/:id/reviews/mine',
    access: 'customer',
    tags,
    summary: "The signed-in customer's own review of a product, and whether they may write one",
    params: IdParam,
    answers: { 200: MyReview, ...refusals },
  }),
  writeReview: endpoint({
    method: 'POST',
    path: '/product/:id/reviews',
    access: 'customer',
    tags,
    summary: 'Review a product (a customer whose order of it was delivered; once)',
    params: IdParam,
    body: ReviewBody,
    answers: { 201: ReviewAdmin, ...refusals },
  }),
  editReview: endpoint({
    method: 'PUT',
    path: '/reviews/:id',
    access: 'customer',
    tags,
    summary: 'Edit your review (it goes back to moderation)',
    params: IdParam,
    body: ReviewBody,
    answers: { 200: ReviewAdmin, ...refusals },
  }),
  deleteReview: endpoint({ method: 'DELETE', path: '/reviews/:id', access: 'customer', tags, summary: 'Delete your review', params: IdParam, answers: { 204: NoContent, ...refusals } }),
  markReviewHelpful: endpoint({
    method: 'POST',
    path: '/reviews/:id/helpful',
    access: 'customer',
    tags,
    summary: 'Was this helpful? Once per customer and review, never your own',
    params: IdParam,
    answers: { 204: NoContent, ...refusals },
  }),
  reviewRequests: endpoint({
    method: 'GET',
    path: '/reviews/requests',
    access: 'customer',
    tags,
    summary: 'Whether you get review request e-mails after a delivery',
    answers: { 200: ReviewSwitch, 401: Message },
  }),
  setReviewRequests: endpoint({
    method: 'PUT',
    path: '/reviews/requests',
    access: 'customer',
    tags,
    summary: 'Turn review request e-mails on or off',
    body: Type.Object({ on: Type.Boolean() }, { additionalProperties: false }),
    answers: { 200: ReviewSwitch, 400: Message, 401: Message },
  }),
  // The e-mail's one-click link: a page that says it is done (opened from a mail client, not the shop).
  reviewRequestsOff: endpoint({
    method: 'GET',
    path: '/reviews/requests/off',
    access: 'anyone',
    tags,
    summary: "The review request e-mail's one-click link: no more review requests",
    query: Type.Object({ token: Type.String({ maxLength: 1000 }) }),
    answers: { 200: Type.String({ description: 'a page for a person', contentMediaType: 'text/html' }), 400: Message },
  }),
  adminReviews: endpoint({
    method: 'GET',
    path: '/reviews',
    access: 'admin', permission: 'marketing',
    tags,
    summary: 'The review queue, pending first; search by product, customer or text (admin)',
    query: Type.Object({ ...PageQuery(20).properties, status: Type.Optional(ReviewStatus) }, { additionalProperties: false }),
    answers: { 200: ReviewAdminPage, 401: Message, 403: Refusal },
  }),
  moderateReview: endpoint({
    method: 'PATCH',
    path: '/reviews/:id',
    access: 'admin', permission: 'marketing',
    tags,
    summary: 'Approve, reject (reason kept internally) or reply publicly to a review (admin)',
    params: IdParam,
    body: ReviewModeration,
    answers: { 200: ReviewAdmin, ...refusals },
  }),
};

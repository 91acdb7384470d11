// Product reviews from verified buyers (issue 41): the form's rules, checked the same way by the
// browser (before sending) and the API (before storing), the wire types, and the words both show.
import type { Static } from '@sinclair/typebox';
// The wire shapes are the endpoint map's schemas (api/reviews.ts): their types are taken from there.
import type * as A from './api/reviews';
import { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES } from './api/values';
export { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES };
import type { ProductRating } from './wire';

/** The shop list's 'top rated' filter: this many stars and up. */
export const TOP_RATED_STARS = 4;

export type ReviewSort = (typeof REVIEW_SORTS)[number];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];


/** POST /product/:id/reviews, PUT /reviews/:id */
export type ReviewBody = Static<typeof A.ReviewBody>;

export const REVIEW_ERRORS = {
  rating: 'Please choose from 1 to 5 stars.',
  title: 'Please give your review a title.',
  titleLong: `The title must be at most ${REVIEW_LIMITS.title} characters.`,
  bodyShort: `Please write at least ${REVIEW_LIMITS.bodyMin} characters.`,
  bodyLong: `Your review must be at most ${REVIEW_LIMITS.body.toLocaleString('en-US')} characters.`,
  notBuyer: 'Only buyers of this piece can review it',
  signIn: 'Sign in to review this piece',
  already: 'You have already reviewed this piece',
  ownHelpful: 'You cannot vote for your own review',
  twiceHelpful: 'You have already found this review helpful',
  notFound: 'Review not found',
} as const;

export type ReviewErrors = Partial<Record<keyof ReviewBody, string>>;

/** The form's values trimmed and what is wrong with each (empty errors: it may be sent); anything not of its type counts as missing. */
export function checkReview(input: Partial<Record<keyof ReviewBody, unknown>>): { value: ReviewBody; errors: ReviewErrors } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const rating = typeof input.rating === 'number' ? input.rating : Number.NaN;
  const value: ReviewBody = { rating, title: text(input.title), body: text(input.body) };
  const errors: ReviewErrors = {};
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = REVIEW_ERRORS.rating;
  if (!value.title) errors.title = REVIEW_ERRORS.title;
  else if (value.title.length > REVIEW_LIMITS.title) errors.title = REVIEW_ERRORS.titleLong;
  if (value.body.length < REVIEW_LIMITS.bodyMin) errors.body = REVIEW_ERRORS.bodyShort;
  else if (value.body.length > REVIEW_LIMITS.body) errors.body = REVIEW_ERRORS.bodyLong;
  return { value, errors };
}

/** How a review's author is shown: first name and the initial of the last ("Ada L."). */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'A customer';
  const last = words.length > 1 ? ` ${[...words[words.length - 1]][0].toUpperCase()}.` : '';
  return `${words[0]}${last}`;
}

/** An average as the shop shows it: one decimal. */
export const roundRating = (average: number): number => Math.round(average * 10) / 10;

/** A product's rating from its approved reviews' count and sum of stars: 0 without any. */
export const ratingOf = (count: number, total: number): ProductRating => ({ average: count > 0 ? roundRating(total / count) : 0, count });

/** A public review (GET /product/:id/reviews). */
export type Review = Static<typeof A.Review>;

/** A review as its author and the back office see it: its status, and for the back office why it was rejected. */
export type ReviewAdmin = Static<typeof A.ReviewAdmin>;

/** GET /product/:id/reviews */
export type ReviewPage = Static<typeof A.ReviewPage>;

/** GET /product/:id/reviews/mine: the signed-in customer's own review of it (any status), and whether they may write one. */
export type MyReview = Static<typeof A.MyReview>;

/** GET /reviews (admin) */
export type ReviewAdminPage = Static<typeof A.ReviewAdminPage>;

/** PATCH /reviews/:id (admin) */
export type ReviewModeration = Static<typeof A.ReviewModeration>;

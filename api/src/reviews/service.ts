// Product reviews from verified buyers (issue 41). A customer whose order holding the product was
// delivered writes one review of it; it waits for the back office (or is published at once with
// REVIEWS_AUTO_APPROVE), an edit goes back to moderation, and only approved reviews are public. The
// product's average and count are kept by the database itself (migration 032) with every write here.
import {
  checkReview,
  type MyReview,
  REVIEW_ERRORS,
  type Review,
  type ReviewAdmin,
  type ReviewAdminPage,
  type ReviewBody,
  type ReviewModeration,
  type ReviewPage,
  type ReviewSort,
  type ReviewStatus,
  reviewerName,
  ratingOf,
} from '@shop/contract';
import { recordAudit } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import type { AuthUser } from '../lib/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.js';
import * as Q from './queries.js';

const iso = (d: Date) => new Date(d).toISOString();

const publicWire = (r: Q.ReviewRow): Review => ({
  _id: r.id,
  productId: r.product_id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  author: r.author_name,
  verifiedBuyer: true,
  helpful: r.helpful,
  reply: r.reply,
  createdAt: iso(r.created_at),
});

const adminWire = (r: Q.ReviewAdminRow): ReviewAdmin => {
  const { verifiedBuyer: _, ...shown } = publicWire(r);
  return {
    ...shown,
    status: r.status,
    reason: r.reason,
    product: { _id: r.product_id, title: r.product_title, slug: r.product_slug },
    customer: r.user_id && r.customer_name !== null ? { _id: r.user_id, fullName: r.customer_name, email: r.customer_email ?? '' } : null,
    updatedAt: iso(r.updated_at),
  };
};

/** The audit log's view of a review: what the back office decided about, never a whole text. */
const audited = (r: Q.ReviewRow) => ({ product: r.product_id, rating: r.rating, title: r.title, status: r.status, reason: r.reason, reply: r.reply });

/** The form's values as the browser checks them (contract checkReview), trimmed; a 400 naming the first thing wrong otherwise. */
export function validReview(body: Partial<Record<keyof ReviewBody, unknown>>): ReviewBody {
  const { value, errors } = checkReview(body);
  const first = errors.rating ?? errors.title ?? errors.body;
  if (first) throw badRequest(first);
  return value;
}

const requireProduct = async (q: Queryable, productId: string) => {
  if (!(await Q.productExists(q, productId))) throw notFound('Product not found');
};

/** GET /product/:id/reviews: a page of the approved reviews, with the product's average, count and stars. */
export async function productReviews(q: Queryable, productId: string, sort: ReviewSort, page: number, limit: number): Promise<ReviewPage> {
  const row = await Q.listPage(q, productId, sort, limit, (page - 1) * limit);
  if (!row) throw notFound('Product not found');
  return listAnswer(row, page, limit);
}

/** The first page, newest first, of many products' lists at once (reviews/keptLists.ts fills memory with them), by product id; unpublished ones are left out. */
export async function firstPages(q: Queryable, productIds: string[], limit: number): Promise<Map<string, ReviewPage>> {
  const rows = await Q.firstPages(q, productIds, 'newest', limit);
  return new Map(rows.map((row) => [row.product_id, listAnswer(row, 1, limit)]));
}

function listAnswer(row: Q.ListRow, page: number, limit: number): ReviewPage {
  const h = row.histogram;
  return {
    items: row.items.map((r) => publicWire({ ...r, created_at: new Date(r.created_at), updated_at: new Date(r.updated_at) })),
    itemCount: row.count,
    page,
    limit,
    ...ratingOf(row.count, row.total),
    histogram: { '1': h[0], '2': h[1], '3': h[2], '4': h[3], '5': h[4] },
  };
}

/** GET /product/:id/reviews/mine: the customer's own review (any status) and whether they may write one. */
export async function myReview(q: Queryable, user: AuthUser, productId: string): Promise<MyReview> {
  await requireProduct(q, productId);
  const own = await Q.ownReview(q, user.id, productId);
  if (own) return { review: adminWire(own), canReview: false };
  return { review: null, canReview: user.role === 'customer' && (await Q.boughtIt(q, user.id, productId)) };
}

/** POST /product/:id/reviews: a verified buyer's one review; published at once when autoApprove. */
export async function writeReview(db: Db, user: AuthUser, productId: string, body: ReviewBody, autoApprove: boolean): Promise<ReviewAdmin> {
  return db.tx(async (q) => {
    await requireProduct(q, productId);
    if (user.role !== 'customer' || !(await Q.boughtIt(q, user.id, productId))) throw forbidden(REVIEW_ERRORS.notBuyer);
    const status: ReviewStatus = autoApprove ? 'approved' : 'pending';
    const row = await Q.insertReview(q, { productId, userId: user.id, author: reviewerName(user.fullName), ...body, status });
    if (!row) throw conflict(REVIEW_ERRORS.already);
    return adminWire((await Q.adminReview(q, row.id))!);
  });
}

/** PUT /reviews/:id: the author's edit, back to moderation (or published at once when autoApprove). */
export async function editReview(db: Db, user: AuthUser, id: string, body: ReviewBody, autoApprove: boolean): Promise<ReviewAdmin> {
  return db.tx(async (q) => {
    const own = await Q.lockOwn(q, id, user.id);
    if (!own) throw notFound(REVIEW_ERRORS.notFound);
    await Q.editReview(q, id, { ...body, status: autoApprove ? 'approved' : 'pending' });
    return adminWire((await Q.adminReview(q, id))!);
  });
}

/** DELETE /reviews/:id: the author takes their review back. */
export async function deleteReview(db: Db, user: AuthUser, id: string): Promise<void> {
  await db.tx(async (q) => {
    if (!(await Q.lockOwn(q, id, user.id))) throw notFound(REVIEW_ERRORS.notFound);
    await Q.deleteReview(q, id);
  });
}

/** POST /reviews/:id/helpful: once per customer, never one's own, approved reviews only. */
export async function markHelpful(db: Db, user: AuthUser, id: string): Promise<void> {
  await db.tx(async (q) => {
    const r = await Q.lockReview(q, id);
    if (r?.status !== 'approved') throw notFound(REVIEW_ERRORS.notFound);
    if (r.user_id === user.id) throw forbidden(REVIEW_ERRORS.ownHelpful);
    if (!(await Q.addVote(q, id, user.id))) throw conflict(REVIEW_ERRORS.twiceHelpful);
  });
}

/** GET /reviews (admin): the queue, pending first, with the counts by status. */
export async function adminReviews(q: Queryable, f: { status?: ReviewStatus; keyword?: string }, page: number, limit: number): Promise<ReviewAdminPage> {
  const keyword = f.keyword?.trim() || undefined;
  const [{ rows, total }, counts] = await Promise.all([Q.adminPage(q, { status: f.status, keyword }, limit, (page - 1) * limit), Q.statusCounts(q)]);
  const by = Object.fromEntries(counts.map((c) => [c.status, c.n]));
  return { items: rows.map(adminWire), itemCount: total, page, limit, counts: { pending: by.pending ?? 0, approved: by.approved ?? 0, rejected: by.rejected ?? 0 } };
}

const trimmedOrNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * PATCH /reviews/:id (admin): approve, reject (the reason is kept for the back office only) or send
 * back to pending, and reply publicly (an empty reply removes it); recorded in the audit log.
 */
export async function moderate(db: Db, admin: AuthUser, id: string, m: ReviewModeration): Promise<ReviewAdmin> {
  return db.tx(async (q) => {
    const before = await Q.lockReview(q, id);
    if (!before) throw notFound(REVIEW_ERRORS.notFound);
    const status = m.status ?? before.status;
    const next = {
      status,
      // A reason belongs to a rejection: kept while the review stays rejected, dropped when it is published.
      reason: status === 'rejected' ? (m.reason === undefined ? before.reason : trimmedOrNull(m.reason)) : null,
      reply: m.reply === undefined ? before.reply : trimmedOrNull(m.reply),
    };
    const after = (await Q.moderateReview(q, id, next))!;
    await recordAudit(q, { actorId: admin.id, action: 'update', entity: 'review', entityId: id, before: audited(before), after: audited(after) });
    return adminWire((await Q.adminReview(q, id))!);
  });
}

/** GET /reviews/requests: whether the customer gets review request e-mails. */
export const reviewRequests = async (q: Queryable, user: AuthUser) => ({ on: await Q.wantsRequests(q, user.id) });

/** PUT /reviews/requests (the profile's switch) and the e-mail's one-click link: off withdraws the requests still waiting. */
export async function setReviewRequests(db: Db, userId: string, on: boolean) {
  await db.tx((q) => Q.setReviewRequests(q, userId, on));
  return { on };
}

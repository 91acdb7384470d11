import type { ReviewSort, ReviewStatus } from '@shop/contract';
import type { Queryable } from '../db/client.js';

export interface ReviewRow {
  id: string;
  product_id: string;
  user_id: string | null;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  reason: string | null;
  reply: string | null;
  helpful: number;
  created_at: Date;
  updated_at: Date;
}
/** A review with its product and author, as the back office and its author see it. */
export interface ReviewAdminRow extends ReviewRow {
  product_title: string;
  product_slug: string;
  customer_name: string | null;
  customer_email: string | null;
}

export interface RatingRow {
  count: number;
  total: number;
  histogram: number[];
}

const ADMIN_COLUMNS = `r.*, p.title AS product_title, p.slug AS product_slug, u.full_name AS customer_name, u.email AS customer_email
  FROM reviews r JOIN products p ON p.id = r.product_id LEFT JOIN users u ON u.id = r.user_id`;

/** Whether a published product has this id (a draft or a deleted product has no reviews to show or take). */
export const productExists = async (q: Queryable, productId: string) =>
  !!(await q.one(`SELECT 1 FROM products WHERE id = $1 AND published`, [productId]));

/** Whether the customer has an order holding the product that was delivered: a verified buyer. */
export const boughtIt = async (q: Queryable, userId: string, productId: string) =>
  !!(await q.one(
    `SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = $1 AND o.status = 'delivered' AND i.product_id = $2 LIMIT 1`,
    [userId, productId],
  ));

/** A new review; undefined when the customer has one of this product already (the unique key decides, under any concurrency). */
export const insertReview = (q: Queryable, r: { productId: string; userId: string; author: string; rating: number; title: string; body: string; status: ReviewStatus }) =>
  q.one<ReviewRow>(
    `INSERT INTO reviews (product_id, user_id, author_name, rating, title, body, status) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, product_id) DO NOTHING RETURNING *`,
    [r.productId, r.userId, r.author, r.rating, r.title, r.body, r.status],
  );

/** The author's own review, locked for their edit or delete. */
export const lockOwn = (q: Queryable, id: string, userId: string) =>
  q.one<ReviewRow>(`SELECT * FROM reviews WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);

/** Any review, locked (moderation, a vote). */
export const lockReview = (q: Queryable, id: string) => q.one<ReviewRow>(`SELECT * FROM reviews WHERE id = $1 FOR UPDATE`, [id]);

/** An author's edit: new words, back to `status`; the earlier rejection's reason is dropped. */
export const editReview = (q: Queryable, id: string, r: { rating: number; title: string; body: string; status: ReviewStatus }) =>
  q.one<ReviewRow>(
    `UPDATE reviews SET rating = $2, title = $3, body = $4, status = $5, reason = NULL, updated_at = clock_timestamp() WHERE id = $1 RETURNING *`,
    [id, r.rating, r.title, r.body, r.status],
  );

export const deleteReview = (q: Queryable, id: string) => q.query(`DELETE FROM reviews WHERE id = $1`, [id]);

/** The back office's decision; undefined fields stay as they are. */
export const moderateReview = (q: Queryable, id: string, m: { status: ReviewStatus; reason: string | null; reply: string | null }) =>
  q.one<ReviewRow>(`UPDATE reviews SET status = $2, reason = $3, reply = $4 WHERE id = $1 RETURNING *`, [id, m.status, m.reason, m.reply]);

/** One vote per customer and review: false when they voted already (the key decides); the review's count moves with it. */
export async function addVote(q: Queryable, reviewId: string, userId: string): Promise<boolean> {
  const added = await q.one(`INSERT INTO review_votes (review_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [reviewId, userId]);
  if (added) await q.query(`UPDATE reviews SET helpful = helpful + 1 WHERE id = $1`, [reviewId]);
  return !!added;
}

const PUBLIC_ORDER: Record<ReviewSort, string> = {
  newest: 'created_at DESC, id',
  highest: 'rating DESC, created_at DESC, id',
  lowest: 'rating ASC, created_at DESC, id',
  helpful: 'helpful DESC, created_at DESC, id',
};

/** A product's list page as one row: its kept rating (zeros before its first approved review) and the page's reviews. */
export interface ListRow extends RatingRow {
  /** json rows: created_at comes back as text. */
  items: Array<Omit<ReviewRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string }>;
}

/**
 * The product page's list in one statement (one round trip: the list was three, bench/README.md
 * 2026-11-29 finding 4): undefined when no published product has the id. The page walks one of the
 * indexes of migrations 032 and 037 (product_id = $1, not p.id: correlated to p.id, PostgreSQL planned
 * for a product of average size and sorted all 5,814 reviews of the most reviewed one, 105 ms against 1.3),
 * and json_agg keeps its order.
 */
export const listPage = (q: Queryable, productId: string, sort: ReviewSort, limit: number, offset: number) =>
  q.one<ListRow>(
    `SELECT coalesce(pr.count, 0) AS count, coalesce(pr.total, 0) AS total, coalesce(pr.histogram, '{0,0,0,0,0}') AS histogram,
       (SELECT coalesce(json_agg(r ORDER BY ${PUBLIC_ORDER[sort]}), '[]') FROM (
         SELECT * FROM reviews WHERE product_id = $1 AND status = 'approved' ORDER BY ${PUBLIC_ORDER[sort]} LIMIT $2 OFFSET $3) r) AS items
     FROM products p LEFT JOIN product_ratings pr ON pr.product_id = p.id WHERE p.id = $1 AND p.published`,
    [productId, limit, offset],
    // Prepared, one per order: a list not kept in memory is read once per product and page (keptLists.ts).
    `review-list-${sort}`,
  );

/**
 * The first page of many products' lists in one statement, as listPage's rows (the lists filled ahead:
 * keptLists.ts): one row per published product of the ids. Newest first, each product's page walks
 * 032's index (correlated to p.id: fine for this order, whose index the planner takes for any product).
 */
export const firstPages = (q: Queryable, productIds: string[], sort: 'newest', limit: number) =>
  q.query<ListRow & { product_id: string }>(
    `SELECT p.id AS product_id, coalesce(pr.count, 0) AS count, coalesce(pr.total, 0) AS total, coalesce(pr.histogram, '{0,0,0,0,0}') AS histogram,
       (SELECT coalesce(json_agg(r ORDER BY ${PUBLIC_ORDER[sort]}), '[]') FROM (
         SELECT * FROM reviews WHERE product_id = p.id AND status = 'approved' ORDER BY ${PUBLIC_ORDER[sort]} LIMIT $2) r) AS items
     FROM products p LEFT JOIN product_ratings pr ON pr.product_id = p.id WHERE p.id = ANY($1::uuid[]) AND p.published`,
    [productIds, limit],
  );

/** The customer's own review of a product, any status. */
export const ownReview = (q: Queryable, userId: string, productId: string) =>
  q.one<ReviewAdminRow>(`SELECT ${ADMIN_COLUMNS} WHERE r.user_id = $1 AND r.product_id = $2`, [userId, productId]);

export const adminReview = (q: Queryable, id: string) => q.one<ReviewAdminRow>(`SELECT ${ADMIN_COLUMNS} WHERE r.id = $1`, [id]);

/**
 * The back office's list: one status or all (pending first, then newest), a keyword found in the
 * product's title, the customer's name or e-mail, or the review's words.
 */
export async function adminPage(q: Queryable, f: { status?: ReviewStatus; keyword?: string }, limit: number, offset: number) {
  const params: unknown[] = [];
  const conds: string[] = [];
  if (f.status) conds.push(`r.status = $${params.push(f.status)}`);
  if (f.keyword) {
    const like = `$${params.push(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    conds.push(`(p.title ILIKE ${like} OR u.full_name ILIKE ${like} OR u.email ILIKE ${like} OR r.title ILIKE ${like} OR r.body ILIKE ${like})`);
  }
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const [rows, count] = await Promise.all([
    q.query<ReviewAdminRow>(
      `SELECT ${ADMIN_COLUMNS} ${where} ORDER BY (r.status = 'pending') DESC, r.created_at DESC, r.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM reviews r JOIN products p ON p.id = r.product_id LEFT JOIN users u ON u.id = r.user_id ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Reviews by status (the admin menu's counts). */
export const statusCounts = (q: Queryable) => q.query<{ status: ReviewStatus; n: number }>(`SELECT status, count(*)::int AS n FROM reviews GROUP BY status`);

/** Whether the customer wants review requests (their profile's switch; a deleted account: no). */
export const wantsRequests = async (q: Queryable, userId: string) =>
  !!(await q.one(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL AND review_requests`, [userId]));

/** Turns a customer's review requests on or off; off also withdraws those still waiting in the outbox. */
export async function setReviewRequests(q: Queryable, userId: string, on: boolean) {
  await q.query(`UPDATE users SET review_requests = $2 WHERE id = $1`, [userId, on]);
  if (!on) {
    await q.query(
      `DELETE FROM mail_outbox WHERE kind = 'review-request' AND status = 'pending' AND attempts = 0 AND message ->> 'userId' = $1`,
      [userId],
    );
  }
}

/** An e-mail just put in the outbox waits until `days` from now (its sender takes it when due). */
export const delayMail = (q: Queryable, key: string, days: number) =>
  q.query(`UPDATE mail_outbox SET next_attempt_at = now() + $2 * interval '1 day' WHERE idempotency_key = $1 AND attempts = 0`, [key, days]);

/** The channel of migration 047: the ids of products whose review list changed, or '*'. */
export const LIST_CHANNEL = 'reviews_changed';

/**
 * A marker sent on the list channel (reviews/keptLists.ts): PostgreSQL delivers a listener the
 * notifications of transactions in the order they committed, so once the marker is heard every
 * change committed before it was sent has been heard too.
 */
export const sendListMarker = (q: Queryable, marker: string) => q.query(`SELECT pg_notify('${LIST_CHANNEL}', $1)`, [marker]);

/** Published products with approved reviews, the most reviewed first (the review lists filled ahead: keptLists.ts). */
export const mostReviewed = async (q: Queryable, limit: number, offset: number) =>
  (
    await q.query<{ id: string }>(
      `SELECT pr.product_id AS id FROM product_ratings pr JOIN products p ON p.id = pr.product_id AND p.published WHERE pr.count > 0 ORDER BY pr.count DESC, pr.product_id LIMIT $1 OFFSET $2`,
      [limit, offset],
    )
  ).map((r) => r.id);

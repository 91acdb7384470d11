// Issue 40, guests: the SQL of anonymous carts (guest_carts: a token hash naming a guest shopper, users.is_guest),
// guest orders' private links (orders.status_token_hash) and the account a guest makes afterwards (migration 045).
import type { Queryable } from '../db/client.js';

export const guestSettings = async (q: Queryable) =>
  (await q.one<{ guest_checkout: boolean; guest_carts_per_hour: number }>(`SELECT guest_checkout, guest_carts_per_hour FROM store_settings WHERE id`))!;

/** A guest shopper (no password anyone knows, never listed) and its cart token's hash, in one statement. */
export const insertGuestCart = async (q: Queryable, tokenHash: string, expiresAt: Date) =>
  (await q.one<{ user_id: string }>(
    `WITH g AS (
       INSERT INTO users (full_name, email, contact, password_hash, is_guest)
       SELECT 'Guest', 'guest-' || n.id || '@guest.invalid', 'guest-' || n.id, '!', true FROM (SELECT gen_random_uuid() AS id) n RETURNING id)
     INSERT INTO guest_carts (token_hash, user_id, expires_at) SELECT $1, g.id, $2 FROM g RETURNING user_id`,
    [tokenHash, expiresAt],
  ))!;

/** The guest shopper a live cart token names (undefined: no such token, or it expired). */
export const guestOfToken = (q: Queryable, tokenHash: string) =>
  q.one<{ user_id: string }>(`SELECT g.user_id FROM guest_carts g JOIN users u ON u.id = g.user_id AND u.is_guest WHERE g.token_hash = $1 AND g.expires_at > now()`, [tokenHash]);

/** Spends a cart token (merged at sign-in): answers its guest shopper once, whoever asks again gets nothing. */
export const spendToken = (q: Queryable, tokenHash: string) =>
  q.one<{ user_id: string }>(`DELETE FROM guest_carts WHERE token_hash = $1 AND expires_at > now() RETURNING user_id`, [tokenHash]);

/** The guest shopper's lines, oldest first, locked (the merge reads them once). */
export const guestLines = (q: Queryable, userId: string) =>
  q.query<{ id: string; product_id: string; option_ids: string[]; options_key: string; quantity: number }>(
    `SELECT id, product_id, option_ids::text[] AS option_ids, options_key, quantity FROM cart_items WHERE user_id = $1 ORDER BY created_at, id FOR UPDATE`,
    [userId],
  );

/** The account's line of a product with these options (locked), if any. */
export const accountLine = (q: Queryable, userId: string, productId: string, optionsKey: string) =>
  q.one<{ id: string; quantity: number }>(`SELECT id, quantity FROM cart_items WHERE user_id = $1 AND product_id = $2 AND options_key = $3 FOR UPDATE`, [userId, productId, optionsKey]);

export const setQuantity = (q: Queryable, lineId: string, quantity: number) => q.query(`UPDATE cart_items SET quantity = $2 WHERE id = $1`, [lineId, quantity]);
/** Moves a guest's line into the account's cart (keeps its date: the cart's order stays the shopper's). */
export const moveLine = (q: Queryable, lineId: string, userId: string, quantity: number) =>
  q.query(`UPDATE cart_items SET user_id = $2, quantity = $3 WHERE id = $1`, [lineId, userId, quantity]);
export const deleteLines = (q: Queryable, userId: string) => q.query(`DELETE FROM cart_items WHERE user_id = $1`, [userId]);
export const countLines = async (q: Queryable, userId: string) => (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1`, [userId]))!.n;

/**
 * The sweep: expired cart tokens go, then the guest shoppers left with no token and no order (their
 * lines with them, ON DELETE CASCADE). A guest shopper with an order stays (its order link cancels as it).
 */
export async function sweepGuestCarts(q: Queryable) {
  const tokens = await q.query(`DELETE FROM guest_carts WHERE expires_at <= now() RETURNING 1`);
  const shoppers = await q.query(
    `DELETE FROM users u WHERE u.is_guest AND u.created_at < now() - interval '1 minute'
       AND NOT EXISTS (SELECT 1 FROM guest_carts g WHERE g.user_id = u.id) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id) RETURNING 1`,
  );
  const emptied = await q.query(`DELETE FROM cart_items c USING users u WHERE u.id = c.user_id AND u.is_guest AND NOT EXISTS (SELECT 1 FROM guest_carts g WHERE g.user_id = u.id) RETURNING 1`);
  return { tokens: tokens.length, shoppers: shoppers.length, lines: emptied.length };
}

/** A guest order by its link's token hash. */
export const orderOfLink = (q: Queryable, tokenHash: string) =>
  q.one<{ id: string; user_id: string | null; guest_email: string; status: string }>(
    `SELECT id, user_id, guest_email, status FROM orders WHERE status_token_hash = $1 AND guest_email IS NOT NULL`,
    [tokenHash],
  );

/** A guest order by number and e-mail (Find my order). */
export const orderByNumberAndEmail = (q: Queryable, number: string, email: string) =>
  q.one<{ id: string; guest_email: string; locale: string | null; number: string }>(
    `SELECT id, guest_email, locale, number::text FROM orders WHERE number = $1::bigint AND guest_email IS NOT NULL AND lower(guest_email) = lower($2)`,
    [number, email],
  );

/** A new link for an order (Find my order: the lost one stops working). */
export const setLinkHash = (q: Queryable, orderId: string, tokenHash: string) => q.query(`UPDATE orders SET status_token_hash = $2 WHERE id = $1`, [orderId, tokenHash]);

export const accountWithEmail = (q: Queryable, email: string) => q.one<{ id: string }>(`SELECT id FROM users WHERE lower(email) = lower($1) AND NOT is_guest`, [email]);

/** The guest orders with this e-mail join the account (those of guest shoppers, or left without one). */
export const joinGuestOrders = async (q: Queryable, userId: string, email: string) =>
  (
    await q.query(
      `UPDATE orders o SET user_id = $1 WHERE o.guest_email IS NOT NULL AND lower(o.guest_email) = lower($2)
         AND (o.user_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.is_guest)) RETURNING 1`,
      [userId, email],
    )
  ).length;

/** An account made from a guest order (no password until its link sets one; its phone number a placeholder the profile changes). */
export const insertAccount = async (q: Queryable, fullName: string, email: string, passwordHash: string, locale: string) =>
  (await q.one<{ id: string }>(
    `INSERT INTO users (full_name, email, contact, password_hash, locale) VALUES ($1, $2, 'guest-' || gen_random_uuid(), $3, $4) RETURNING id`,
    [fullName, email, passwordHash, locale],
  ))!;

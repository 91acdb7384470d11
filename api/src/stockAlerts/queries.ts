// Back-in-stock alerts (issue 38, 11; migration 041).
import type { Queryable } from '../db/client.js';

export interface NewAlert {
  productId: string;
  key: string;
  optionIds: string[];
  email: string;
  userId: string | null;
  locale: string;
}

/** Adds the alert unless the address already waits for that combination; answers whether it was added. */
export async function insertAlert(q: Queryable, a: NewAlert): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO stock_alerts (product_id, options_key, option_ids, email, user_id, locale) VALUES ($1, $2, $3::uuid[], $4, $5, $6)
     ON CONFLICT (product_id, options_key, lower(email)) WHERE notified_at IS NULL DO NOTHING RETURNING id`,
    [a.productId, a.key, a.optionIds, a.email, a.userId, a.locale],
  );
  return rows.length > 0;
}

export const isOptedOut = async (q: Queryable, email: string) => !!(await q.one(`SELECT 1 AS x FROM stock_alert_optouts WHERE email = lower($1)`, [email]));
export const clearOptOut = (q: Queryable, email: string) => q.query(`DELETE FROM stock_alert_optouts WHERE email = lower($1)`, [email]);

/** The link's unsubscribe: every alert still waiting for the address goes, and the address is remembered. */
export async function optOut(q: Queryable, email: string): Promise<number> {
  const dropped = await q.query(`DELETE FROM stock_alerts WHERE lower(email) = lower($1) AND notified_at IS NULL RETURNING id`, [email]);
  await q.query(`INSERT INTO stock_alert_optouts (email) VALUES (lower($1)) ON CONFLICT DO NOTHING`, [email]);
  return dropped.length;
}

/** Which of these products have alerts waiting (a cheap look before loading them). */
export const productsWaitedFor = async (q: Queryable, productIds: string[]) =>
  (await q.query<{ product_id: string }>(`SELECT DISTINCT product_id FROM stock_alerts WHERE product_id = ANY($1::uuid[]) AND notified_at IS NULL`, [productIds])).map((r) => r.product_id);

export interface WaitingAlert {
  id: string;
  option_ids: string[];
  email: string;
  locale: string;
}

/**
 * A product's waiting alerts, their rows locked: a restock committed meanwhile by another transaction
 * has marked them (notified_at), and this one finds them no longer waiting once it gets the lock.
 */
export const lockWaiting = (q: Queryable, productId: string) =>
  q.query<WaitingAlert>(
    `SELECT id, option_ids::text[] AS option_ids, email, locale FROM stock_alerts WHERE product_id = $1 AND notified_at IS NULL ORDER BY id FOR UPDATE`,
    [productId],
  );

export const markNotified = (q: Queryable, ids: string[]) => q.query(`UPDATE stock_alerts SET notified_at = now() WHERE id = ANY($1::uuid[]) AND notified_at IS NULL`, [ids]);

import type { Queryable } from '../db/client.js';

export const ordersByStatusSince = (q: Queryable, since: Date) =>
  q.query<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM orders WHERE created_at >= $1 GROUP BY status`, [since]);

export async function summary(q: Queryable) {
  const r = await q.one<{ order: number; product: number; filter: number; user: number }>(
    `SELECT (SELECT count(*) FROM orders) AS order, (SELECT count(*) FROM products) AS product,
            (SELECT count(*) FROM filters) AS filter, (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS user`,
  );
  return r!;
}

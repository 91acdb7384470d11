import type { Queryable } from '../db/client.js';
import { STATUSES } from '../orders/queries.js';

export const PERIODS = { today: null, weekly: 7, monthly: 30, yearly: 365 } as const;
export type Period = keyof typeof PERIODS;

/** Orders per status placed in the window: today (since 00:00 UTC) or the last 7/30/365 days. */
export async function orderReport(q: Queryable, period: Period, now = new Date()) {
  const days = PERIODS[period];
  const since = days === null ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : new Date(now.getTime() - days * 86400000);
  const rows = await q.query<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM orders WHERE created_at >= $1 GROUP BY status`, [since]);
  const out: Record<string, number> = {};
  for (const s of STATUSES) out[s] = rows.find((r) => r.status === s)?.n ?? 0;
  return out;
}

export async function summary(q: Queryable) {
  const r = await q.one<{ order: number; product: number; filter: number; user: number }>(
    `SELECT (SELECT count(*) FROM orders) AS order, (SELECT count(*) FROM products) AS product,
            (SELECT count(*) FROM filters) AS filter, (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS user`,
  );
  return r!;
}

import type { Queryable } from '../db/client.js';
import { STATUSES } from '../orders/service.js';
import * as Q from './queries.js';

export { STATUSES };
export const PERIODS = { today: null, weekly: 7, monthly: 30, yearly: 365 } as const;
export type Period = keyof typeof PERIODS;

/** Orders per status placed in the window: today (since 00:00 UTC) or the last 7/30/365 days; 0 for a status with none. */
export async function ordersPerStatus(q: Queryable, period: Period, now = new Date()) {
  const days = PERIODS[period];
  const since = days === null ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : new Date(now.getTime() - days * 86400000);
  const rows = await Q.ordersByStatusSince(q, since);
  const out: Record<string, number> = {};
  for (const s of STATUSES) out[s] = rows.find((r) => r.status === s)?.n ?? 0;
  return out;
}

/** The back office's counts: orders, products, filters and live users. */
export const shopSummary = (q: Queryable) => Q.summary(q);

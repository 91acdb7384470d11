import {
  formatOrderNumber,
  fromMinor,
  isDateOnly,
  parseShopDate,
  INSIGHT_MAX_DAYS,
  INSIGHT_PERIOD_DAYS,
  INSIGHT_RECENT,
  INSIGHT_TOP,
  type InsightAnswer,
  type InsightCurrency,
  type InsightFigures,
  type InsightProduct,
  type InsightQuery,
  type InsightRange,
  type InsightSeries,
  ORDER_STATUSES,
  type OrderStatus,
} from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import * as Q from './queries.js';

export const PERIODS = { today: null, weekly: 7, monthly: 30, yearly: 365 } as const;
export type Period = keyof typeof PERIODS;

/** Orders per status placed in the window: today (since 00:00 UTC) or the last 7/30/365 days; 0 for a status with none. */
export async function ordersPerStatus(q: Queryable, period: Period, now = new Date()) {
  const days = PERIODS[period];
  const since = days === null ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : new Date(now.getTime() - days * 86400000);
  const rows = await Q.ordersByStatusSince(q, since);
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<OrderStatus, number>;
}

/** The back office's counts: orders, products, filters and live users. */
export const shopSummary = (q: Queryable) => Q.summary(q);

// --- The dashboard's insight (issue 19) ---------------------------------------------------------------

const DAY_MS = 86_400_000;
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO date (YYYY-MM-DD) as its UTC day number, or null when it is not a real date between 1970 and 9999 (contract parseShopDate). */
function dayOf(text: string): number | null {
  const date = isDateOnly(text) ? parseShopDate(text) : null;
  return date && date.getTime() / DAY_MS;
}
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const range = (first: number, days: number): InsightRange => ({ from: isoDay(first), to: isoDay(first + days - 1), days });

/**
 * The insight's window: a period ending today (UTC), or a custom range of ISO dates, both inclusive,
 * at most INSIGHT_MAX_DAYS; and the previous period, the same number of days just before it.
 * Anything else is a 400 that says why.
 */
export function insightWindow(query: InsightQuery, now = new Date()): { period: InsightAnswer['period']; first: number; days: number } {
  const { period, from, to } = query;
  if (period !== undefined) {
    if (from !== undefined || to !== undefined) throw badRequest('Give a period or a from–to range, not both');
    const days = INSIGHT_PERIOD_DAYS[period];
    const today = Math.floor(now.getTime() / DAY_MS);
    return { period, first: today - days + 1, days };
  }
  if (from === undefined || to === undefined) {
    if (from === undefined && to === undefined) return insightWindow({ period: 'month' }, now);
    throw badRequest('A range needs both from and to');
  }
  const first = dayOf(from);
  const last = dayOf(to);
  if (first === null) throw badRequest('from must be a date (YYYY-MM-DD)');
  if (last === null) throw badRequest('to must be a date (YYYY-MM-DD)');
  if (first > last) throw badRequest('from must not be after to');
  const days = last - first + 1;
  if (days > INSIGHT_MAX_DAYS) throw badRequest('A range is at most 5 years');
  return { period: 'custom', first, days };
}

const amount = (minor: number | null | undefined) => fromMinor(Number(minor ?? 0));
const NONE: InsightFigures = { revenue: 0, orders: 0, averageOrderValue: 0, goods: 0, shipping: 0, tax: 0 };

/**
 * The dashboard's figures for a period and the one before it: revenue, orders and the average order per
 * currency (each order in its own; cancelled and rejected count nowhere), new customers, revenue per
 * day, the top products, and the shop's latest orders. Every figure is summed by the database: the
 * sales and the top products from migration 022's roll-ups (and the deltas not yet folded into them).
 */
export async function insight(q: Queryable, query: InsightQuery, now = new Date()): Promise<InsightAnswer> {
  const { period, first, days } = insightWindow(query, now);
  // The day after 9999-12-31 is no date the databases take: the last millisecond of the year 9999 ends that range.
  const at = (day: number) => new Date(Math.min(day * DAY_MS, LAST_MS));
  const [from, since, to] = [at(first - days), at(first), at(first + days)];
  // Side by side on PostgreSQL's pool (one after the other on PGlite).
  const [salesRows, customers, productRows, recentRows] = await Promise.all([
    Q.sales(q, first - days, first + days, first),
    Q.newCustomers(q, from, since, to),
    Q.topProducts(q, first, first + days, INSIGHT_TOP),
    Q.recentOrders(q, INSIGHT_RECENT),
  ]);

  const currencies: InsightCurrency[] = [];
  for (const r of salesRows) {
    if (r.kind !== 'total') continue;
    let c = currencies.find((x) => x.code === r.code);
    if (!c) {
      c = { code: r.code, symbol: r.symbol, current: NONE, previous: NONE };
      currencies.push(c);
    }
    // Issue 39: revenue's parts, each without tax: goods after discounts, shipping, then the tax.
    const goods = Number(r.revenue) - Number(r.shipping ?? 0) - Number(r.tax ?? 0);
    c[r.current ? 'current' : 'previous'] = { revenue: amount(r.revenue), orders: r.orders, averageOrderValue: amount(r.average), goods: amount(goods), shipping: amount(r.shipping), tax: amount(r.tax) };
  }

  const series = new Map<string, InsightSeries>();
  for (const c of currencies) if (c.current.orders) series.set(c.code, { code: c.code, symbol: c.symbol, revenue: new Array(days).fill(0), orders: new Array(days).fill(0) });
  for (const r of salesRows) {
    const s = series.get(r.code);
    if (r.kind !== 'day' || r.day === null || !s || r.day < first || r.day >= first + days) continue;
    s.revenue[r.day - first] = amount(r.revenue);
    s.orders[r.day - first] = r.orders;
  }

  const gone = [...new Set(productRows.filter((r) => !r.product_id).map((r) => r.slug))];
  const titles = new Map(gone.length ? (await Q.deletedTitles(q, gone)).map((r) => [r.slug, r.title]) : []);
  const product = (r: Q.TopProductRow): InsightProduct => ({ productId: r.product_id, title: (!r.product_id && titles.get(r.slug)) || r.title, slug: r.slug, units: r.units });
  const byRevenue: InsightAnswer['topProducts']['byRevenue'] = [];
  for (const c of currencies) {
    const products = productRows.filter((r) => r.list === 'revenue' && r.code === c.code).map((r) => ({ ...product(r), revenue: amount(r.revenue) }));
    if (products.length) byRevenue.push({ code: c.code, symbol: c.symbol, products });
  }

  return {
    period,
    current: range(first, days),
    previous: range(first - days, days),
    currencies,
    newCustomers: { current: customers?.current ?? 0, previous: customers?.previous ?? 0 },
    days: Array.from({ length: days }, (_, i) => isoDay(first + i)),
    revenueByDay: [...series.values()],
    topProducts: { byUnits: productRows.filter((r) => r.list === 'units').map(product), byRevenue },
    recentOrders: recentRows.map((r) => ({
      _id: r.id,
      orderNumber: formatOrderNumber(r.number),
      customer: { fullName: r.full_name ?? '', email: r.email },
      total: amount(r.total),
      currency: { code: r.code, symbol: r.symbol },
      status: r.status as OrderStatus,
      orderDate: new Date(r.created_at).toISOString(),
    })),
  };
}

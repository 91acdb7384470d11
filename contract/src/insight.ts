// The dashboard's insight (issue 19): what GET /report/insight answers and the rules the back office reads
// it by. Every figure is per currency, each order counted in its own currency (nothing is converted);
// cancelled and rejected orders count nowhere (no revenue, no order, no product sold). Days are UTC days,
// as the Order Status card's periods are.
import type { OrderStatus } from './wire';

/** The picker's periods, each ending today (UTC): today, the last 7, 30 and 365 days. */
export type InsightPeriod = 'today' | 'week' | 'month' | 'year';
export const INSIGHT_PERIODS: readonly InsightPeriod[] = ['today', 'week', 'month', 'year'];
export const INSIGHT_PERIOD_DAYS: Record<InsightPeriod, number> = { today: 1, week: 7, month: 30, year: 365 };
/** A custom range is at most this many days (5 years). */
export const INSIGHT_MAX_DAYS = 1827;
/** How many products each top list and how many recent orders the insight names. */
export const INSIGHT_TOP = 5;
export const INSIGHT_RECENT = 8;

/** GET /report/insight's query: a period, or a custom range of ISO dates (YYYY-MM-DD, both inclusive). */
export interface InsightQuery {
  period?: InsightPeriod;
  from?: string;
  to?: string;
}

/** Days from..to, both inclusive (YYYY-MM-DD, UTC). */
export interface InsightRange {
  from: string;
  to: string;
  days: number;
}

/** One currency's figures in one period; amounts with 2 decimals, in that currency. */
export interface InsightFigures {
  revenue: number;
  orders: number;
  /** revenue / orders, to the cent; 0 without orders. */
  averageOrderValue: number;
  /** Issue 39: revenue's parts: goods after discounts (without tax), shipping (without tax) and tax; they sum to revenue. */
  goods: number;
  shipping: number;
  tax: number;
}

export interface InsightCurrency {
  code: string;
  symbol: string;
  current: InsightFigures;
  previous: InsightFigures;
}

/** One currency's revenue and orders on each day of the current period (aligned with InsightAnswer.days). */
export interface InsightSeries {
  code: string;
  symbol: string;
  revenue: number[];
  orders: number[];
}

export interface InsightProduct {
  /** null: the product was deleted since (its lines keep their snapshot). */
  productId: string | null;
  title: string;
  slug: string;
  units: number;
}

export interface InsightRecentOrder {
  _id: string;
  orderNumber: string;
  customer: { fullName: string; email: string | null };
  total: number;
  currency: { code: string; symbol: string };
  status: OrderStatus;
  orderDate: string;
}

export interface InsightAnswer {
  period: InsightPeriod | 'custom';
  current: InsightRange;
  /** The same number of days just before the current range. */
  previous: InsightRange;
  /** Every currency with an order that counts in either period (the shop's currency order, then by code). */
  currencies: InsightCurrency[];
  /** Customers who registered in each period (accounts still open). */
  newCustomers: { current: number; previous: number };
  /** The current period's days, oldest first. */
  days: string[];
  revenueByDay: InsightSeries[];
  /** Top products of the current period: by units over every currency, by revenue per currency (line totals after product discounts). */
  topProducts: {
    byUnits: InsightProduct[];
    byRevenue: Array<{ code: string; symbol: string; products: Array<InsightProduct & { revenue: number }> }>;
  };
  /** The shop's latest orders, whatever the period and status. */
  recentOrders: InsightRecentOrder[];
}

/**
 * How a figure moved against the previous period: 'new' when there was nothing before and something now,
 * else the change in percent rounded to one decimal (0 when both are 0).
 */
export type InsightChange = { kind: 'new' } | { kind: 'change'; percent: number };
export function insightChange(current: number, previous: number): InsightChange {
  if (previous === 0) return current === 0 ? { kind: 'change', percent: 0 } : { kind: 'new' };
  return { kind: 'change', percent: Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10 };
}

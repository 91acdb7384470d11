// The back office's reports and its global search.
import { Type } from '@sinclair/typebox';
import { ADMIN_SEARCH_LIMIT, ADMIN_SEARCH_MAX_LENGTH } from '../adminSearch';
import { INSIGHT_PERIODS } from '../insight';
import { endpoint } from './endpoint';
import { literals } from './search';
import { ORDER_STATUS_VALUES, OrderStatus, Role } from './shapes';
import { AnswerId, DateTime, Nullable } from './schema';

const str = Type.String();
const int = Type.Integer();
const num = Type.Number();

import { REPORT_PERIODS } from './values';

export { REPORT_PERIODS };
const counts = <K extends string>(keys: readonly K[]) => Type.Object(Object.fromEntries(keys.map((k) => [k, int])) as Record<K, typeof int>);

const day = Type.String({ description: 'YYYY-MM-DD (UTC)' });
const InsightRange = Type.Object({ from: day, to: day, days: int });
/** revenue: what orders were placed for; goods, shipping and tax (issue 39): its parts (goods after discounts, tax apart even where prices include it: goods + shipping + tax = revenue). */
const InsightFigures = Type.Object({ revenue: num, orders: int, averageOrderValue: num, goods: num, shipping: num, tax: num });
const insightProduct = { productId: Nullable(str), title: str, slug: str, units: int };
export const InsightAnswer = Type.Object({
  period: literals([...INSIGHT_PERIODS, 'custom']),
  current: InsightRange,
  previous: InsightRange,
  currencies: Type.Array(Type.Object({ code: str, symbol: str, current: InsightFigures, previous: InsightFigures })),
  newCustomers: Type.Object({ current: int, previous: int }),
  days: Type.Array(day),
  revenueByDay: Type.Array(Type.Object({ code: str, symbol: str, revenue: Type.Array(num), orders: Type.Array(int) })),
  topProducts: Type.Object({
    byUnits: Type.Array(Type.Object(insightProduct)),
    byRevenue: Type.Array(Type.Object({ code: str, symbol: str, products: Type.Array(Type.Object({ ...insightProduct, revenue: num })) })),
  }),
  recentOrders: Type.Array(
    Type.Object({
      _id: AnswerId,
      orderNumber: str,
      customer: Type.Object({ fullName: str, email: Nullable(str) }),
      total: num,
      currency: Type.Object({ code: str, symbol: str }),
      status: OrderStatus,
      orderDate: DateTime,
    }),
  ),
});
const isoDate = Type.String({ maxLength: 10, description: 'an ISO date, YYYY-MM-DD (UTC), inclusive' });

const searchList = <T extends ReturnType<typeof Type.Object>>(items: T) => Type.Array(items, { maxItems: ADMIN_SEARCH_LIMIT });
export const AdminSearchAnswer = Type.Object({
  orders: searchList(
    Type.Object({
      _id: AnswerId,
      orderNumber: str,
      status: OrderStatus,
      total: num,
      currencySymbol: str,
      createdAt: DateTime,
      customer: Nullable(Type.Object({ _id: AnswerId, fullName: str, email: str })),
    }),
  ),
  products: searchList(Type.Object({ _id: AnswerId, title: str, slug: str, imageUrl: Nullable(str) })),
  customers: searchList(Type.Object({ _id: AnswerId, fullName: str, email: str, role: Role })),
});

const reports = ['reports'];

export const backOfficeEndpoints = {
  ordersPerStatus: endpoint({
    method: 'GET',
    path: '/order/report/:period',
    access: 'admin', permission: 'orders',
    tags: reports,
    summary: 'Orders per status in a period',
    params: Type.Object({ period: literals(REPORT_PERIODS) }),
    answers: { 200: counts(ORDER_STATUS_VALUES) },
  }),
  insight: endpoint({
    method: 'GET',
    path: '/report/insight',
    access: 'admin', permission: 'orders',
    tags: reports,
    summary: 'The dashboard: revenue, orders, average order and new customers per currency against the previous period, revenue by day, top products, recent orders',
    description:
      'A period ending today (UTC: today, the last 7, 30 or 365 days; month when nothing is given) or a custom range from..to (at most 5 years), ' +
      'against the same number of days just before it. Each order counts in its own currency; cancelled and rejected orders count nowhere.',
    query: Type.Object({ period: Type.Optional(literals(INSIGHT_PERIODS)), from: Type.Optional(isoDate), to: Type.Optional(isoDate) }, { additionalProperties: false }),
    answers: { 200: InsightAnswer },
  }),
  shopSummary: endpoint({ method: 'GET', path: '/report', access: 'admin', permission: 'orders', tags: reports, summary: 'Summary counts', answers: { 200: counts(['order', 'product', 'filter', 'user']) } }),
  adminSearch: endpoint({
    method: 'GET',
    path: '/admin/search',
    access: 'admin', permission: 'orders',
    tags: ['admin search'],
    summary: "The back office's global search: orders by number or customer, products by title, customers by name or e-mail",
    query: Type.Object({ q: Type.String({ maxLength: ADMIN_SEARCH_MAX_LENGTH }) }, { additionalProperties: false }),
    answers: { 200: AdminSearchAnswer },
  }),
};

// The admin's orders list and its CSV export (issue 19): SQL only. The rules (which parameters, what
// they mean, who sees what) are in list.ts; the indexes these read are migration 018's.
import type { Queryable } from '../db/client.js';
import type { Status } from './queries.js';
import type { OrderSortDirection, OrderSortKey } from '@shop/contract';

/** Which orders: all of them, or those matching every given part. */
export interface OrderFilter {
  /** A customer's own orders only. */
  userId: string | null;
  status: Status | null;
  /** created_at >= from */
  from: Date | null;
  /** created_at < before */
  before: Date | null;
  /** An order number typed in the search ('AJ-100042' or '100042'), matched exactly. */
  number: number | null;
  /** ILIKE pattern ('%jane%') for the customer's name or e-mail, or a product title in its lines. */
  pattern: string | null;
}

export interface ListRow {
  id: string;
  number: number | string;
  status: Status;
  payment_method: string;
  currency_id: string | null;
  currency_code: string;
  currency_symbol: string;
  total: number;
  created_at: Date | string;
  refund_status: 'pending' | 'refunded' | 'failed' | null;
  refund_ref: string | null;
  refund_at: Date | string | null;
  user_id: string | null;
  full_name: string | null;
  email: string | null;
  ship_to: string | null;
  /** Issue 40: the e-mail a guest gave (a guest's order). */
  guest_email: string | null;
  item_count: number;
  quantity: number;
}

/** What each sort key orders by; the order number (unique) breaks ties, so a page is always the same. */
/**
 * Issue 38 (18): totals are in different currencies, so a sort by total sorts within each currency (the
 * currencies in the same direction, then the total, then the number: index 041 walks it).
 */
const groupOf = (sort: OrderSortKey, d: string, alias = 'o') => (sort === 'total' ? `${alias}.currency_code ${d}, ` : '');

const SORT_COLUMN: Record<OrderSortKey, string> = {
  date: 'o.created_at',
  total: 'o.total',
  number: 'o.number',
  status: 'o.status',
  customer: `lower(coalesce(u.full_name, o.shipping_address->>'fullName', ''))`,
};

/**
 * The WHERE of a filter, its parameters appended to params. set: the keyword's matches gathered
 * through their indexes first (a page of the list: few matches are found at once, many are sorted);
 * row: each order tested as it is walked (the export's keyset pages: the whole walk reads each order once).
 */
function conditionsOf(f: OrderFilter, params: unknown[], keyword: 'set' | 'row'): string[] {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.userId) where.push(`o.user_id = ${p(f.userId)}`);
  if (f.status) where.push(`o.status = ${p(f.status)}`);
  if (f.from) where.push(`o.created_at >= ${p(f.from)}`);
  if (f.before) where.push(`o.created_at < ${p(f.before)}`);
  if (f.number !== null || f.pattern !== null) {
    const number = f.number !== null ? p(f.number) : null;
    const pattern = f.pattern !== null ? p(f.pattern) : null;
    if (keyword === 'set') {
      const sets = [
        number && `SELECT id FROM orders WHERE number = ${number}`,
        pattern && `SELECT ko.id FROM users ku JOIN orders ko ON ko.user_id = ku.id WHERE ku.full_name ILIKE ${pattern} OR ku.email ILIKE ${pattern}`,
        pattern && `SELECT ki.order_id FROM order_items ki WHERE ki.title ILIKE ${pattern}`,
      ].filter(Boolean);
      where.push(`o.id IN (${sets.join(' UNION ')})`);
    } else {
      const tests = [
        number && `o.number = ${number}`,
        pattern && `EXISTS (SELECT 1 FROM users ku WHERE ku.id = o.user_id AND (ku.full_name ILIKE ${pattern} OR ku.email ILIKE ${pattern}))`,
        pattern && `EXISTS (SELECT 1 FROM order_items ki WHERE ki.order_id = o.id AND ki.title ILIKE ${pattern})`,
      ].filter(Boolean);
      where.push(`(${tests.join(' OR ')})`);
    }
  }
  return where;
}
const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

const LIST_COLUMNS = `o.id, o.number, o.status, o.payment_method, o.currency_id, o.currency_code, o.currency_symbol, o.total, o.created_at,
  o.refund_status, o.refund_ref, o.refund_at, o.user_id,
  CASE WHEN o.guest_email IS NULL THEN u.full_name ELSE coalesce(o.shipping_address->>'fullName', u.full_name) END AS full_name, coalesce(o.guest_email, u.email) AS email,
  o.shipping_address->>'fullName' AS ship_to, o.guest_email`;

/**
 * One page of the list, sorted; each order's line and piece counts read for the page's rows only.
 * keyword: 'set' gathers a keyword's matches through their indexes and sorts them (few matches);
 * 'row' walks the sort's index testing each order, and stops after the page (matches everywhere).
 */
export async function listPage(q: Queryable, f: OrderFilter, sort: OrderSortKey, dir: OrderSortDirection, limit: number, offset: number, keyword: 'set' | 'row' = 'set') {
  const params: unknown[] = [];
  const where = whereOf(conditionsOf(f, params, keyword));
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  params.push(limit, offset);
  // The page is chosen first (walking the sort's index where there is one), then its counts are read.
  return q.query<ListRow>(
    `SELECT p.*, c.item_count, c.quantity FROM (
       SELECT ${LIST_COLUMNS}, ${SORT_COLUMN[sort]} AS sort_key
       FROM orders o LEFT JOIN users u ON u.id = o.user_id ${where}
       ORDER BY ${groupOf(sort, d)}${SORT_COLUMN[sort]} ${d}, o.number ${d} LIMIT $${params.length - 1} OFFSET $${params.length}
     ) p
     CROSS JOIN LATERAL (SELECT count(*)::int AS item_count, coalesce(sum(i.quantity), 0)::int AS quantity FROM order_items i WHERE i.order_id = p.id) c
     ORDER BY ${groupOf(sort, d, 'p')}p.sort_key ${d}, p.number ${d}`,
    params,
  );
}

export async function countOrders(q: Queryable, f: OrderFilter): Promise<number> {
  const params: unknown[] = [];
  const row = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders o ${whereOf(conditionsOf(f, params, 'set'))}`, params);
  return row?.n ?? 0;
}

/** Where the export's walk stands: the last order written (its sort value as text, exact, and number). */
export interface ExportCursor {
  key: string;
  number: number | string;
  /** Its currency's code (a sort by total walks within each currency). */
  currency: string;
}
/** The sorts the export walks by their index (number as the tie-break), with their type; customer walks by number. */
const EXPORT_KEY_TYPE: Partial<Record<OrderSortKey, string>> = { date: 'timestamptz', total: 'bigint', number: 'bigint', status: 'text' };
export const exportSortOf = (sort: OrderSortKey): OrderSortKey => (EXPORT_KEY_TYPE[sort] ? sort : 'number');

export interface ExportRow extends Omit<ListRow, 'item_count' | 'quantity'> {
  sort_key: string;
  sub_total: number;
  total_discount: number;
  coupon_code: string | null;
  shipping_address: Record<string, string | null>;
  line_seq: number | null;
  title: string | null;
  options: Array<{ variantType: string; selectedOption: { name: string } }> | null;
  quantity: number | null;
  unit_price: number | null;
  line_total: number | null;
  /** Issue 39: shipping and tax as charged, and each line's tax. */
  shipping_method_name: string | null;
  shipping_price: number;
  tax_total: number;
  prices_include_tax: boolean;
  tax_class_name: string | null;
  tax_rate: string | number | null;
  tax_amount: number | null;
}

/**
 * The next `limit` orders of the export after `after` (keyset: a walk along the sort's index, each
 * order read once however many pages), one row per line item (an order without lines: one row).
 */
export async function exportPage(q: Queryable, f: OrderFilter, sort: OrderSortKey, dir: OrderSortDirection, after: ExportCursor | null, limit: number) {
  const params: unknown[] = [];
  const conditions = conditionsOf(f, params, 'row');
  const by = exportSortOf(sort);
  const key = SORT_COLUMN[by];
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  if (after && by === 'total') {
    params.push(after.currency, after.key, after.number);
    conditions.push(`(o.currency_code, ${key}, o.number) ${dir === 'asc' ? '>' : '<'} ($${params.length - 2}::text, $${params.length - 1}::bigint, $${params.length}::bigint)`);
  } else if (after) {
    params.push(after.key, after.number);
    conditions.push(`(${key}, o.number) ${dir === 'asc' ? '>' : '<'} ($${params.length - 1}::${EXPORT_KEY_TYPE[by]}, $${params.length}::bigint)`);
  }
  params.push(limit);
  return q.query<ExportRow>(
    `SELECT p.*, i.seq AS line_seq, i.title, i.options, i.quantity, i.unit_price, i.line_total, i.tax_class_name, i.tax_rate, i.tax_amount FROM (
       SELECT ${LIST_COLUMNS}, ${key} AS sort_value, ${key}::text AS sort_key, o.sub_total, o.total_discount, o.coupon_code, o.shipping_address,
              o.shipping_method_name, o.shipping_price, o.tax_total, o.prices_include_tax
       FROM orders o LEFT JOIN users u ON u.id = o.user_id ${whereOf(conditions)}
       ORDER BY ${groupOf(by, d)}${key} ${d}, o.number ${d} LIMIT $${params.length}
     ) p
     LEFT JOIN order_items i ON i.order_id = p.id
     ORDER BY ${groupOf(by, d, 'p')}p.sort_value ${d}, p.number ${d}, i.seq, i.id`,
    params,
  );
}

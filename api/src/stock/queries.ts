// Stock levels and their ledger (migration 008). Every change of a quantity writes its movement in the
// same statement, so the ledger's sum is always the quantity. Rows are locked in (product, options_key)
// order, whoever locks them (checkout, cancel, an admin's edit): two transactions never wait on each
// other the wrong way round.
import type { Queryable } from '../db/client.js';
import type { LowStockLine, StockReason } from '@shop/contract';

/** A combination of a product, as stored: its key (option ids sorted) and the option ids. */
export interface StockCombination {
  productId: string;
  key: string;
  optionIds: string[];
}
export interface StockChange extends StockCombination {
  quantity: number;
}

const WANT = `json_to_recordset($1::json) AS w (product_id uuid, key text, option_ids uuid[], quantity integer)`;
const asJson = (lines: StockChange[]) => JSON.stringify(lines.map((l) => ({ product_id: l.productId, key: l.key, option_ids: `{${l.optionIds.join(',')}}`, quantity: l.quantity })));

/**
 * Locks the rows of these combinations (in key order) and answers each one's quantity now (0 for a
 * combination that has no row), in the order given.
 */
export async function lockLevels(q: Queryable, lines: StockChange[]): Promise<number[]> {
  const rows = await q.query<{ product_id: string; key: string; quantity: number | null }>(
    `WITH locked AS MATERIALIZED (
       SELECT s.product_id, s.options_key, s.quantity FROM stock_levels s JOIN ${WANT} ON s.product_id = w.product_id AND s.options_key = w.key
        ORDER BY s.product_id, s.options_key FOR UPDATE OF s)
     SELECT w.product_id, w.key, l.quantity FROM ${WANT} LEFT JOIN locked l ON l.product_id = w.product_id AND l.options_key = w.key`,
    [asJson(lines)],
    'stock-lock-levels',
  );
  const by = new Map(rows.map((r) => [`${r.product_id}|${r.key}`, r.quantity ?? 0]));
  return lines.map((l) => by.get(`${l.productId}|${l.key}`) ?? 0);
}

export interface MovementSource {
  reason: StockReason;
  orderId?: string | null;
  orderNumber?: number | string | null;
  adminId?: string | null;
}

/**
 * Moves each combination's quantity by its `quantity` (negative: taken) and writes the movements, in
 * one statement. The rows exist (ensureLevels, or the take that a return gives back) and the caller
 * holds their locks (lockLevels) and has checked that no quantity goes below zero (the table's CHECK
 * refuses it anyway).
 */
export async function moveStock(q: Queryable, lines: StockChange[], src: MovementSource): Promise<void> {
  const moves = lines.filter((l) => l.quantity !== 0);
  if (!moves.length) return;
  await q.query(
    `WITH w AS (SELECT * FROM ${WANT}),
       levels AS (UPDATE stock_levels s SET quantity = s.quantity + w.quantity FROM w WHERE s.product_id = w.product_id AND s.options_key = w.key RETURNING s.product_id, s.options_key)
     INSERT INTO stock_movements (product_id, options_key, option_ids, delta, reason, order_id, order_number, admin_id)
     SELECT w.product_id, w.key, w.option_ids, w.quantity, $2, $3, $4, $5 FROM w JOIN levels l ON l.product_id = w.product_id AND l.options_key = w.key`,
    [asJson(moves), src.reason, src.orderId ?? null, src.orderNumber ?? null, src.adminId ?? null],
    'stock-move',
  );
}

/** A take's outcome: whether it took the pieces, and each combination's quantity before (0 without a row), in the order given. */
export interface StockTaken {
  taken: boolean;
  available: number[];
}

/**
 * The common table expressions of a take, for a statement that may write more (the checkout's writes the
 * order in the same one: orders/checkout-queries.ts): locks the combinations' rows in key order, and only
 * when every one has enough, lowers them and writes the movements. `want` is the parameter holding
 * stockWanted(lines); `by` names the order: SQL expressions, over the FROM item `from` when given.
 * Read the outcome with STOCK_TAKEN in the select list and stockTaken().
 */
export const takeStockCtes = (want: string, by: { reason: string; orderId: string; orderNumber: string; from?: string }) => `
  stock_want AS (SELECT * FROM json_to_recordset(${want}::json) AS w (product_id uuid, key text, option_ids uuid[], quantity integer)),
  stock_locked AS MATERIALIZED (
    SELECT s.product_id, s.options_key, s.quantity FROM stock_levels s JOIN stock_want w ON s.product_id = w.product_id AND s.options_key = w.key
     ORDER BY s.product_id, s.options_key FOR UPDATE OF s),
  stock_seen AS MATERIALIZED (
    SELECT w.ord, coalesce(l.quantity, 0) AS quantity, coalesce(l.quantity, 0) >= w.quantity AS enough
      FROM (SELECT *, row_number() OVER () AS ord FROM stock_want) w LEFT JOIN stock_locked l ON l.product_id = w.product_id AND l.options_key = w.key),
  stock_ok AS MATERIALIZED (SELECT coalesce(bool_and(enough), true) AS ok FROM stock_seen),
  stock_moved AS (UPDATE stock_levels s SET quantity = s.quantity - w.quantity FROM stock_want w, stock_ok
                   WHERE stock_ok.ok AND s.product_id = w.product_id AND s.options_key = w.key),
  stock_logged AS (INSERT INTO stock_movements (product_id, options_key, option_ids, delta, reason, order_id, order_number)
                   SELECT w.product_id, w.key, w.option_ids, -w.quantity, ${by.reason}, ${by.orderId}, ${by.orderNumber}
                     FROM stock_want w, stock_ok${by.from ? `, ${by.from}` : ''} WHERE stock_ok.ok)`;

/** The select-list items that answer a take (takeStockCtes): read them with stockTaken(). */
export const STOCK_TAKEN = `(SELECT ok FROM stock_ok) AS stock_taken, (SELECT json_agg(quantity ORDER BY ord) FROM stock_seen) AS stock_available`;

export const stockTaken = (r: { stock_taken: boolean | null; stock_available: number[] | null } | null | undefined): StockTaken => ({
  taken: r?.stock_taken ?? true,
  available: r?.stock_available ?? [],
});

/** The combinations a take wants, as its parameter (takeStockCtes). */
export const stockWanted = asJson;

/**
 * Takes the pieces of an order in one statement (takeStockCtes), for an order already written (the
 * demo's orders; a checkout takes them in the statement that writes the order).
 */
export async function takeIfAvailable(q: Queryable, lines: StockChange[], src: MovementSource): Promise<StockTaken> {
  const r = await q.one<{ stock_taken: boolean; stock_available: number[] }>(
    `WITH ${takeStockCtes('$1', { reason: '$2', orderId: '$3::uuid', orderNumber: '$4::bigint' })} SELECT ${STOCK_TAKEN}`,
    [asJson(lines), src.reason, src.orderId ?? null, src.orderNumber ?? null],
    'stock-take-if-available',
  );
  return stockTaken(r);
}

/** What an order still holds: per combination, what it took less what it gave back (only positive). */
export async function heldByOrder(q: Queryable, orderId: string): Promise<StockChange[]> {
  const rows = await q.query<{ product_id: string; options_key: string; option_ids: string[]; held: number }>(
    `SELECT m.product_id, m.options_key, coalesce(string_to_array(nullif(m.options_key, ''), ','), '{}') AS option_ids, -sum(m.delta)::int AS held
       FROM stock_movements m JOIN products p ON p.id = m.product_id
      WHERE m.order_id = $1 GROUP BY m.product_id, m.options_key HAVING sum(m.delta) < 0 ORDER BY m.product_id, m.options_key`,
    [orderId],
  );
  return rows.map((r) => ({ productId: r.product_id, key: r.options_key, optionIds: r.option_ids, quantity: r.held }));
}

/** What an order took when it was placed (to take again when a rejected order is reinstated). */
export async function takenAtOrder(q: Queryable, orderId: string): Promise<StockChange[]> {
  const rows = await q.query<{ product_id: string; options_key: string; option_ids: string[]; taken: number }>(
    `SELECT m.product_id, m.options_key, coalesce(string_to_array(nullif(m.options_key, ''), ','), '{}') AS option_ids, -sum(m.delta)::int AS taken
       FROM stock_movements m JOIN products p ON p.id = m.product_id
      WHERE m.order_id = $1 AND m.reason = 'order' GROUP BY m.product_id, m.options_key ORDER BY m.product_id, m.options_key`,
    [orderId],
  );
  return rows.map((r) => ({ productId: r.product_id, key: r.options_key, optionIds: r.option_ids, quantity: r.taken }));
}

/** Rows (quantity 0, no movement) for combinations that have none, so every combination of the grid is listed and locked alike. */
export async function ensureLevels(q: Queryable, lines: StockCombination[]): Promise<void> {
  if (!lines.length) return;
  await q.query(
    `INSERT INTO stock_levels (product_id, options_key, option_ids, quantity)
     SELECT w.product_id, w.key, w.option_ids, 0 FROM ${WANT} ORDER BY w.product_id, w.key ON CONFLICT DO NOTHING`,
    [asJson(lines.map((l) => ({ ...l, quantity: 0 })))],
  );
}

/** Sets whether a product tracks its inventory (a catalogue change: lists show `available`). */
export const setTracking = (q: Queryable, productId: string, track: boolean) =>
  q.query(`UPDATE products SET track_inventory = $2, updated_at = now() WHERE id = $1`, [productId, track]);

/** The titles of products by id (a refusal names the product). */
export const productTitles = (q: Queryable, ids: string[]) => q.query<{ id: string; title: string }>(`SELECT id, title FROM products WHERE id = ANY($1::uuid[])`, [ids]);

/** Locks a product row (an admin's edit of its stock waits for another one). */
export const lockProduct = (q: Queryable, productId: string) => q.one<{ id: string }>(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [productId]);

export interface MovementRow {
  id: string;
  option_ids: string[];
  delta: number;
  reason: StockReason;
  order_id: string | null;
  order_number: string | null;
  admin_id: string | null;
  admin_name: string | null;
  created_at: Date;
}

/** A page of a product's ledger, newest first, and its count. */
export async function ledgerPage(q: Queryable, productId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    q.query<MovementRow>(
      `SELECT m.id::text, m.option_ids::text[] AS option_ids, m.delta, m.reason, m.order_id, m.order_number::text, m.admin_id, u.full_name AS admin_name, m.created_at
         FROM stock_movements m LEFT JOIN users u ON u.id = m.admin_id WHERE m.product_id = $1 ORDER BY m.id DESC LIMIT $2 OFFSET $3`,
      [productId, limit, offset],
    ),
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1`, [productId]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Combinations of tracked products at or below the threshold, lowest first (their options still on the product). */
export async function lowStock(q: Queryable, threshold: number, limit: number): Promise<Array<Omit<LowStockLine, 'combination'> & { names: string[] }>> {
  const rows = await q.query<{ product_id: string; title: string; slug: string; option_ids: string[]; names: string[] | null; quantity: number }>(
    `SELECT s.product_id, p.title, p.slug, s.quantity, n.option_ids, n.names
       FROM stock_levels s JOIN products p ON p.id = s.product_id,
            LATERAL (SELECT coalesce(array_agg(o.id::text ORDER BY v.seq), '{}') AS option_ids, array_agg(o.name ORDER BY v.seq) AS names
                       FROM unnest(s.option_ids) x(id) JOIN variant_options o ON o.id = x.id JOIN variants v ON v.id = o.variant_id) n
      WHERE p.track_inventory AND s.quantity <= $1 AND cardinality(n.option_ids) = cardinality(s.option_ids) ORDER BY s.quantity, p.title, s.options_key LIMIT $2`,
    [threshold, limit],
  );
  return rows.map((r) => ({ productId: r.product_id, title: r.title, slug: r.slug, options: r.option_ids, names: r.names ?? [], quantity: r.quantity }));
}

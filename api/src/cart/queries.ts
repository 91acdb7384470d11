import type { Queryable } from '../db/client.js';
import type { Locale } from '@shop/contract';
import { CURRENCY_IDS_JSON, shopProductJson, toProductOut, type ProductJson, type ProductOut } from '../catalog/productQueries.js';

/** A cart line with its whole product. */
export interface CartLine {
  id: string;
  product: ProductOut;
  optionIds: string[];
  quantity: number;
}
/** The user's lines, and the shop's currency ids in their order (price lists follow it). */
export interface CartRead {
  lines: CartLine[];
  currencyIds: string[];
}
interface LineRow {
  id: string;
  product_id: string;
  option_ids: string[];
  quantity: number;
  product: ProductJson | null;
  currency_ids: string[];
}

/** known: a product already loaded, whose JSON the statement did not read again. */
function toLines(rows: LineRow[], known?: ProductOut, locale?: Locale): CartRead {
  const lines = rows.flatMap((r) => {
    const product = known && r.product_id === known._id ? known : r.product && toProductOut(r.product, r.currency_ids, { withStock: true, locale });
    return product ? [{ id: r.id, product, optionIds: r.option_ids, quantity: r.quantity }] : [];
  });
  return { lines, currencyIds: rows[0]?.currency_ids ?? [] };
}

/** The user's cart lines, oldest first, each with its whole product in the locale (issue 37), in one query (a line whose product is gone is left out). */
export async function cartLines(q: Queryable, userId: string, locale?: Locale): Promise<CartRead> {
  const rows = await q.query<LineRow>(
    `SELECT c.id, c.product_id, c.option_ids::text[] AS option_ids, c.quantity, ${shopProductJson('c.product_id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids
       FROM cart_items c WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
    [userId],
  );
  return toLines(rows, undefined, locale);
}

/**
 * Adds a line, or that many more (up to maxQuantity) of the same product with the same options,
 * and reads the whole cart back in the same statement: the written line from RETURNING, the
 * others from the table, with every product but `product` (already loaded).
 */
export async function addLine(q: Queryable, userId: string, product: ProductOut, optionIds: string[], quantity: number, maxQuantity: number, locale?: Locale): Promise<CartRead> {
  const rows = await q.query<LineRow>(
    `WITH added AS (
       INSERT INTO cart_items (user_id, product_id, option_ids, options_key, quantity) VALUES ($1, $2, $3::uuid[], $4, $5)
       ON CONFLICT (user_id, product_id, options_key) DO UPDATE SET quantity = least(cart_items.quantity + EXCLUDED.quantity, $6)
       RETURNING id, product_id, option_ids, quantity, created_at),
     lines AS (
       SELECT * FROM added
       UNION ALL
       SELECT c.id, c.product_id, c.option_ids, c.quantity, c.created_at FROM cart_items c WHERE c.user_id = $1 AND c.id <> (SELECT id FROM added))
     SELECT l.id, l.product_id, l.option_ids::text[] AS option_ids, l.quantity,
            CASE WHEN l.product_id <> $2 THEN ${shopProductJson('l.product_id')} END AS product,
            ${CURRENCY_IDS_JSON} AS currency_ids
       FROM lines l ORDER BY l.created_at, l.id`,
    [userId, product._id, optionIds, optionIds.join(','), quantity, maxQuantity],
  );
  return toLines(rows, product, locale);
}

/** The cart's lines other than this product with these options (more of a line already there takes no room). */
export const countOtherLines = async (q: Queryable, userId: string, productId: string, optionsKey: string) =>
  Number(
    (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1 AND NOT (product_id = $2 AND options_key = $3)`, [userId, productId, optionsKey]))!.n,
  );

/** How many of a product with these options the user's cart holds (0: none). */
export const lineQuantity = async (q: Queryable, userId: string, productId: string, optionsKey: string) =>
  (await q.one<{ quantity: number }>(`SELECT quantity FROM cart_items WHERE user_id = $1 AND product_id = $2 AND options_key = $3`, [userId, productId, optionsKey]))?.quantity ?? 0;

/** One of the user's lines with its whole product (and its quantities), or undefined. */
export async function lineOf(q: Queryable, userId: string, itemId: string): Promise<CartLine | undefined> {
  const r = await q.one<LineRow>(
    `SELECT c.id, c.product_id, c.option_ids::text[] AS option_ids, c.quantity, ${shopProductJson('c.product_id')} AS product, ${CURRENCY_IDS_JSON} AS currency_ids
       FROM cart_items c WHERE c.id = $1 AND c.user_id = $2`,
    [itemId, userId],
  );
  return r ? toLines([r]).lines[0] : undefined;
}

export const setLineQuantity = (q: Queryable, userId: string, itemId: string, quantity: number) =>
  q.one<{ id: string }>(`UPDATE cart_items SET quantity = $3 WHERE id = $1 AND user_id = $2 RETURNING id`, [itemId, userId, quantity]);
export const deleteLine = (q: Queryable, userId: string, itemId: string) =>
  q.one<{ id: string }>(`DELETE FROM cart_items WHERE id = $1 AND user_id = $2 RETURNING id`, [itemId, userId]);
export const deleteAllLines = (q: Queryable, userId: string) => q.query(`DELETE FROM cart_items WHERE user_id = $1`, [userId]);

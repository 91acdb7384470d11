import type { Queryable } from '../db/client.js';
import { combinationKey, type Locale } from '@shop/contract';
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

function toLines(rows: LineRow[], locale?: Locale): CartRead {
  const lines = rows.flatMap((r) => {
    const product = r.product && toProductOut(r.product, r.currency_ids, { withStock: true, locale });
    return product ? [{ id: r.id, product, optionIds: r.option_ids, quantity: r.quantity }] : [];
  });
  return { lines, currencyIds: rows[0]?.currency_ids ?? [] };
}

/** A cart line as stored: its product by id (the API takes the products from its kept pages: cart/service.ts). */
export interface StoredLine {
  id: string;
  productId: string;
  optionIds: string[];
  quantity: number;
}

/** The user's lines, oldest first, naming their products, and the shop's currency ids (one statement). */
export async function storedLines(q: Queryable, userId: string): Promise<{ lines: StoredLine[]; currencyIds: string[] }> {
  const r = (await q.one<{ lines: StoredLine[] | null; currency_ids: string[] }>(
    `SELECT (SELECT json_agg(json_build_object('id', c.id, 'productId', c.product_id, 'optionIds', c.option_ids, 'quantity', c.quantity) ORDER BY c.created_at, c.id)
               FROM cart_items c WHERE c.user_id = $1) AS lines, ${CURRENCY_IDS_JSON} AS currency_ids`,
    [userId],
    'cart-lines',
  ))!;
  return { lines: r.lines ?? [], currencyIds: r.currency_ids };
}

/** What cart_add found and did (migration 050). */
export interface CartAdd {
  /** The line's quantity before, null: no such line. */
  held: number | null;
  /** The piece's stock as of now when its product tracks it, else null. */
  available: number | null;
  /** The lines a new one would join (counted only when one was to be inserted), else null. */
  others: number | null;
  written: boolean;
  /** The whole cart after the add, oldest line first. */
  lines: StoredLine[];
  /** The shop's currency ids in their order (price lists follow it). */
  currencyIds: string[];
}

/**
 * Adds a line, or that many more (up to maxQuantity) of the same product with the same options, in one
 * round trip under the customer's lock (cart_add, migration 050): a new line only while the cart holds fewer
 * than maxLines, and only up to the stock when the product tracks it. Nothing is written when it refuses.
 * A SELECT that writes: the catalogue's count of this process's writes (ownWrites.ts) need not see it.
 */
export async function addLine(q: Queryable, userId: string, productId: string, optionIds: string[], quantity: number, maxQuantity: number, maxLines: number, tracked: boolean): Promise<CartAdd> {
  const r = (await q.one<{ added: Omit<CartAdd, 'currencyIds' | 'lines'> & { lines: StoredLine[] | null }; currency_ids: string[] }>(
    `SELECT cart_add($1, $2, $3::uuid[], $4, $5, $6, $7, $8) AS added, ${CURRENCY_IDS_JSON} AS currency_ids`,
    [userId, productId, optionIds, combinationKey(optionIds), quantity, maxQuantity, maxLines, tracked],
    'cart-add',
  ))!;
  return { ...r.added, lines: r.added.lines ?? [], currencyIds: r.currency_ids };
}

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

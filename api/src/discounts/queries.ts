import type { Queryable } from '../db/client.js';
import type { Discount, Translations } from '@shop/contract';
import { toDiscountValues, type PriceMap } from '../lib/money.js';

/** A discount as the API sends it: the contract's wire shape. */
export type DiscountOut = Discount;
export interface DiscountRow {
  id: string;
  title: string;
  discount_type: 'fixed' | 'percentage';
  time_limit: Date;
  value: PriceMap;
  translations: Translations<'name'>;
}
const COLS = `d.id, d.title, d.discount_type, d.time_limit, d.value, d.translations`;

export const toDiscount = (r: DiscountRow, currencyIds: string[]): DiscountOut => ({
  _id: r.id,
  title: r.title,
  discountType: r.discount_type,
  timeLimit: new Date(r.time_limit).toISOString(),
  value: toDiscountValues(r.value, currencyIds),
  // Its name in other languages (issue 37), where the back office edits it; a product's discounts carry the shopper's in title.
  ...(Object.keys(r.translations ?? {}).length ? { translations: r.translations } : {}),
});

export const listDiscountRows = (q: Queryable) => q.query<DiscountRow>(`SELECT ${COLS} FROM discounts d ORDER BY d.created_at, d.id`);
export const getDiscountRow = (q: Queryable, id: string) => q.one<DiscountRow>(`SELECT ${COLS} FROM discounts d WHERE d.id = $1`, [id]);
export const discountRowsOfUser = (q: Queryable, userId: string) =>
  q.query<DiscountRow>(`SELECT ${COLS} FROM discounts d JOIN user_discounts ud ON ud.discount_id = d.id WHERE ud.user_id = $1 ORDER BY ud.created_at`, [userId]);
export const discountRowsOfProducts = (q: Queryable, productIds: string[]) =>
  q.query<DiscountRow & { product_id: string }>(
    `SELECT pd.product_id, ${COLS} FROM discounts d JOIN product_discounts pd ON pd.discount_id = d.id WHERE pd.product_id = ANY($1::uuid[]) ORDER BY d.created_at, d.id`,
    [productIds],
  );
export const existingDiscountIds = async (q: Queryable, ids: string[]) =>
  (await q.query<{ id: string }>(`SELECT id FROM discounts WHERE id = ANY($1::uuid[])`, [ids])).map((r) => r.id);

export interface DiscountData {
  title: string;
  discountType: string;
  timeLimit: Date;
  value: PriceMap;
}
export const insertDiscount = (q: Queryable, d: DiscountData) =>
  q.one<{ id: string }>(`INSERT INTO discounts (title, discount_type, time_limit, value) VALUES ($1,$2,$3,$4) RETURNING id`, [
    d.title, d.discountType, d.timeLimit, JSON.stringify(d.value),
  ]);
export const updateDiscount = (q: Queryable, id: string, d: DiscountData) =>
  q.one<{ id: string }>(`UPDATE discounts SET title = $2, discount_type = $3, time_limit = $4, value = $5 WHERE id = $1 RETURNING id`, [
    id, d.title, d.discountType, d.timeLimit, JSON.stringify(d.value),
  ]);
export const deleteDiscount = (q: Queryable, id: string) => q.one(`DELETE FROM discounts WHERE id = $1 RETURNING id`, [id]);

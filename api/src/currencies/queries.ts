import type { Queryable } from '../db/client.js';

export interface CurrencyRow {
  _id: string;
  name: string;
  code: string;
  symbol: string;
}
const COLS = `id AS "_id", name, code, symbol`;

export const listCurrencies = (q: Queryable) => q.query<CurrencyRow>(`SELECT ${COLS} FROM currencies ORDER BY seq`);
export const getCurrency = (q: Queryable, id: string) => q.one<CurrencyRow>(`SELECT ${COLS} FROM currencies WHERE id = $1`, [id]);
export const currencyIds = async (q: Queryable) => (await listCurrencies(q)).map((c) => c._id);

export const insertCurrency = (q: Queryable, c: Omit<CurrencyRow, '_id'>) =>
  q.one<CurrencyRow>(`INSERT INTO currencies (name, code, symbol) VALUES ($1, $2, $3) RETURNING ${COLS}`, [c.name, c.code, c.symbol]);
export const updateCurrency = (q: Queryable, id: string, c: Omit<CurrencyRow, '_id'>) =>
  q.one<CurrencyRow>(`UPDATE currencies SET name = $2, code = $3, symbol = $4 WHERE id = $1 RETURNING ${COLS}`, [id, c.name, c.code, c.symbol]);
export const deleteCurrency = (q: Queryable, id: string) => q.one(`DELETE FROM currencies WHERE id = $1 RETURNING id`, [id]);
export const codeTaken = (q: Queryable, code: string, exceptId?: string) =>
  q.one(`SELECT id FROM currencies WHERE upper(code) = upper($1) AND ($2::uuid IS NULL OR id <> $2)`, [code, exceptId ?? null]);

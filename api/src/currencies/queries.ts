import type { Queryable } from '../db/client.js';

export interface CurrencyRow {
  _id: string;
  name: string;
  code: string;
  symbol: string;
  /** Issue 39: its prices (and shipping rates) include tax. */
  pricesIncludeTax: boolean;
}
const COLS = `id AS "_id", name, code, symbol, prices_include_tax AS "pricesIncludeTax"`;

export const listCurrencies = (q: Queryable) => q.query<CurrencyRow>(`SELECT ${COLS} FROM currencies ORDER BY seq`);
export const getCurrency = (q: Queryable, id: string) => q.one<CurrencyRow>(`SELECT ${COLS} FROM currencies WHERE id = $1`, [id]);
export const currencyIds = async (q: Queryable) => (await listCurrencies(q)).map((c) => c._id);

/** What shoppers get (issue 38): the published currencies only. */
export const listPublished = (q: Queryable) => q.query<CurrencyRow>(`SELECT ${COLS} FROM currencies WHERE status = 'published' ORDER BY seq`);

export type CurrencyStatus = 'draft' | 'published';
export interface AdminCurrencyRow extends CurrencyRow {
  status: CurrencyStatus;
  pricedProducts: number;
  products: number;
}
const ADMIN_COLS = `c.id AS "_id", c.name, c.code, c.symbol, c.prices_include_tax AS "pricesIncludeTax", c.status,
  (SELECT count(*) FROM product_prices pp WHERE pp.currency_id = c.id)::int AS "pricedProducts", (SELECT count(*) FROM products)::int AS products`;
/** The back office's list: every currency, its status, and how many products have a price in it. */
export const listForAdmin = (q: Queryable) => q.query<AdminCurrencyRow>(`SELECT ${ADMIN_COLS} FROM currencies c ORDER BY c.seq`);
export const getForAdmin = (q: Queryable, id: string) => q.one<AdminCurrencyRow>(`SELECT ${ADMIN_COLS} FROM currencies c WHERE c.id = $1`, [id]);
export const setStatus = (q: Queryable, id: string, status: CurrencyStatus) => q.query(`UPDATE currencies SET status = $2 WHERE id = $1`, [id, status]);
/** The published currencies, their rows locked (the last one may not be taken back to draft by two admins at once). */
export const lockPublished = (q: Queryable) => q.query<{ id: string }>(`SELECT id FROM currencies WHERE status = 'published' ORDER BY id FOR UPDATE`);
export const statusOf = async (q: Queryable, id: string) => (await q.one<{ status: CurrencyStatus }>(`SELECT status FROM currencies WHERE id = $1`, [id]))?.status ?? null;


type CurrencyWrite = Omit<CurrencyRow, '_id' | 'pricesIncludeTax'> & { pricesIncludeTax?: boolean };
export const insertCurrency = (q: Queryable, c: CurrencyWrite, status: CurrencyStatus) =>
  q.one<CurrencyRow>(`INSERT INTO currencies (name, code, symbol, prices_include_tax, status) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLS}`, [
    c.name,
    c.code,
    c.symbol,
    c.pricesIncludeTax ?? false,
    status,
  ]);
/** pricesIncludeTax absent: unchanged. */
export const updateCurrency = (q: Queryable, id: string, c: CurrencyWrite) =>
  q.one<CurrencyRow>(`UPDATE currencies SET name = $2, code = $3, symbol = $4, prices_include_tax = coalesce($5, prices_include_tax) WHERE id = $1 RETURNING ${COLS}`, [
    id,
    c.name,
    c.code,
    c.symbol,
    c.pricesIncludeTax ?? null,
  ]);
export const deleteCurrency = (q: Queryable, id: string) => q.one(`DELETE FROM currencies WHERE id = $1 RETURNING id`, [id]);
export const codeTaken = (q: Queryable, code: string, exceptId?: string) =>
  q.one(`SELECT id FROM currencies WHERE upper(code) = upper($1) AND ($2::uuid IS NULL OR id <> $2)`, [code, exceptId ?? null]);

/** How many product prices and option increases are in a currency (what deleting it removes). */
export const usage = async (q: Queryable, id: string) =>
  (await q.one<{ prices: number; optionIncreases: number }>(
    `SELECT (SELECT count(*) FROM product_prices WHERE currency_id = $1)::int AS prices,
            (SELECT count(*) FROM variant_options WHERE inc_rate ? $1::text)::int AS "optionIncreases"`,
    [id],
  ))!;

/** The currency's row locked for the transaction: fills of one currency run one after the other (the second finds nothing left). */
export const lockCurrency = (q: Queryable, id: string) => q.query(`SELECT id FROM currencies WHERE id = $1 FOR UPDATE`, [id]);
/** Every product's price in `from` of a product with none in `to`. */
export const pricesToFill = (q: Queryable, from: string, to: string) =>
  q.query<{ product_id: string; amount: string | number }>(
    `SELECT f.product_id, f.amount FROM product_prices f WHERE f.currency_id = $1
       AND NOT EXISTS (SELECT 1 FROM product_prices t WHERE t.product_id = f.product_id AND t.currency_id = $2) ORDER BY f.product_id`,
    [from, to],
  );
export const insertPrices = (q: Queryable, to: string, productIds: string[], amounts: number[]) =>
  q.query(
    `INSERT INTO product_prices (product_id, currency_id, amount) SELECT p, $1, a FROM unnest($2::uuid[], $3::bigint[]) AS x(p, a) ON CONFLICT DO NOTHING`,
    [to, productIds, amounts],
  );
/** Every option increase in `from` of an option with none in `to`. */
export const increasesToFill = (q: Queryable, from: string, to: string) =>
  q.query<{ id: string; amount: string | number }>(
    `SELECT id, inc_rate ->> $1::text AS amount FROM variant_options WHERE inc_rate ? $1::text AND NOT inc_rate ? $2::text ORDER BY id`,
    [from, to],
  );
export const setIncreases = (q: Queryable, to: string, optionIds: string[], amounts: number[]) =>
  q.query(
    `UPDATE variant_options o SET inc_rate = o.inc_rate || jsonb_build_object($1::text, x.a) FROM unnest($2::uuid[], $3::bigint[]) AS x(id, a) WHERE o.id = x.id`,
    [to, optionIds, amounts],
  );

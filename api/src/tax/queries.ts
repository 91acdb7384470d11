import type { Queryable } from '../db/client.js';

// Issue 39: tax classes and rates (migration 038).

export interface TaxClassRow {
  _id: string;
  name: string;
  isDefault: boolean;
}
export interface TaxRateRow {
  _id: string;
  classId: string;
  className: string;
  country: string;
  region: string | null;
  percent: number;
}
const CLASS_COLS = `id AS "_id", name, is_default AS "isDefault"`;
const RATE_SELECT = `SELECT r.id AS "_id", r.class_id AS "classId", c.name AS "className", r.country, r.region, r.percent::float8 AS percent
  FROM tax_rates r JOIN tax_classes c ON c.id = r.class_id`;

export const listClasses = (q: Queryable) => q.query<TaxClassRow>(`SELECT ${CLASS_COLS} FROM tax_classes ORDER BY created_at, id`);
export const getClass = (q: Queryable, id: string) => q.one<TaxClassRow>(`SELECT ${CLASS_COLS} FROM tax_classes WHERE id = $1`, [id]);
export const classNameTaken = (q: Queryable, name: string, exceptId?: string) =>
  q.one(`SELECT id FROM tax_classes WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2)`, [name, exceptId ?? null]);
export const insertClass = (q: Queryable, name: string) => q.one<TaxClassRow>(`INSERT INTO tax_classes (name) VALUES ($1) RETURNING ${CLASS_COLS}`, [name]);
export const renameClass = (q: Queryable, id: string, name: string) => q.one<TaxClassRow>(`UPDATE tax_classes SET name = $2 WHERE id = $1 RETURNING ${CLASS_COLS}`, [id, name]);
/** Its products go to the default class (tax_class_id null); its rates go with it (cascade). */
export const deleteClass = (q: Queryable, id: string) => q.one(`DELETE FROM tax_classes WHERE id = $1 RETURNING id`, [id]);

export const listRates = (q: Queryable, country: string | null) =>
  q.query<TaxRateRow>(`${RATE_SELECT} WHERE ($1::text IS NULL OR r.country = $1) ORDER BY r.country, c.created_at, r.region NULLS FIRST, r.id`, [country]);
export const getRate = (q: Queryable, id: string) => q.one<TaxRateRow>(`${RATE_SELECT} WHERE r.id = $1`, [id]);
export const rateTaken = (q: Queryable, classId: string, country: string, region: string | null, exceptId?: string) =>
  q.one(`SELECT id FROM tax_rates WHERE class_id = $1 AND country = $2 AND lower(coalesce(region, '')) = lower(coalesce($3, '')) AND ($4::uuid IS NULL OR id <> $4)`, [
    classId,
    country,
    region,
    exceptId ?? null,
  ]);
export interface RateWrite {
  classId: string;
  country: string;
  region: string | null;
  percent: number;
}
export const insertRate = async (q: Queryable, r: RateWrite) =>
  (await q.one<{ id: string }>(`INSERT INTO tax_rates (class_id, country, region, percent) VALUES ($1, $2, $3, $4) RETURNING id`, [r.classId, r.country, r.region, r.percent]))!.id;
export const updateRate = (q: Queryable, id: string, r: RateWrite) =>
  q.one(`UPDATE tax_rates SET class_id = $2, country = $3, region = $4, percent = $5 WHERE id = $1 RETURNING id`, [id, r.classId, r.country, r.region, r.percent]);
export const deleteRate = (q: Queryable, id: string) => q.one(`DELETE FROM tax_rates WHERE id = $1 RETURNING id`, [id]);

/** What a checkout reads to tax an order going to a country: the default class's id and the country's rates (param: the country's placeholder). */
export const taxForColumns = (param: string) => `(SELECT id FROM tax_classes WHERE is_default) AS default_class,
            (SELECT json_agg(json_build_object('_id', r.id, 'classId', r.class_id, 'className', c.name, 'country', r.country, 'region', r.region, 'percent', r.percent::float8))
               FROM tax_rates r JOIN tax_classes c ON c.id = r.class_id WHERE r.country = ${param}) AS rates`;
export interface TaxForRow {
  default_class: string | null;
  rates: TaxRateRow[] | null;
}
export const taxForOf = (r: TaxForRow) => ({ defaultClassId: r.default_class, rates: r.rates ?? [] });
export type TaxFor = ReturnType<typeof taxForOf>;

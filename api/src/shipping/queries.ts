import type { Queryable } from '../db/client.js';

// Issue 39: shipping zones, their countries and methods (migration 038). Amounts in minor units; a
// method's rates are {currencyId: [{upTo, amount}]} (upTo grams for weight, minor units for value,
// null: unbounded), its free-over {currencyId: minor units}.

export interface StoredBand {
  upTo: number | null;
  amount: number;
}
export interface MethodRow {
  id: string;
  zone_id: string;
  name: string;
  estimate: string;
  type: 'flat' | 'weight' | 'value';
  rates: Record<string, StoredBand[]>;
  free_over: Record<string, number>;
}
export interface ZoneRow {
  id: string;
  name: string;
  countries: string[];
}

const ZONE_SELECT = `SELECT z.id, z.name, coalesce((SELECT array_agg(c.country ORDER BY c.country) FROM shipping_zone_countries c WHERE c.zone_id = z.id), '{}') AS countries FROM shipping_zones z`;

export const listZones = (q: Queryable) => q.query<ZoneRow>(`${ZONE_SELECT} ORDER BY z.created_at, z.id`);
export const getZone = (q: Queryable, id: string) => q.one<ZoneRow>(`${ZONE_SELECT} WHERE z.id = $1`, [id]);
export const lockZone = (q: Queryable, id: string) => q.one<{ id: string }>(`SELECT id FROM shipping_zones WHERE id = $1 FOR UPDATE`, [id]);
export const insertZone = async (q: Queryable, name: string) => (await q.one<{ id: string }>(`INSERT INTO shipping_zones (name) VALUES ($1) RETURNING id`, [name]))!.id;
export const renameZone = (q: Queryable, id: string, name: string) => q.query(`UPDATE shipping_zones SET name = $2 WHERE id = $1`, [id, name]);
export const deleteZone = (q: Queryable, id: string) => q.one(`DELETE FROM shipping_zones WHERE id = $1 RETURNING id`, [id]);
/** The zones other than `zoneId` that hold any of the countries: [{country, zone}]. */
export const countriesElsewhere = (q: Queryable, countries: string[], zoneId: string | null) =>
  q.query<{ country: string; zone: string }>(
    `SELECT c.country, z.name AS zone FROM shipping_zone_countries c JOIN shipping_zones z ON z.id = c.zone_id
      WHERE c.country = ANY($1::text[]) AND ($2::uuid IS NULL OR c.zone_id <> $2) ORDER BY c.country`,
    [countries, zoneId],
  );
export const setZoneCountries = async (q: Queryable, zoneId: string, countries: string[]) => {
  await q.query(`DELETE FROM shipping_zone_countries WHERE zone_id = $1 AND NOT (country = ANY($2::text[]))`, [zoneId, countries]);
  await q.query(`INSERT INTO shipping_zone_countries (country, zone_id) SELECT unnest($2::text[]), $1 ON CONFLICT (country) DO NOTHING`, [zoneId, countries]);
};

const METHOD_COLS = `id, zone_id, name, estimate, type, rates, free_over`;
export const listMethods = (q: Queryable) => q.query<MethodRow>(`SELECT ${METHOD_COLS} FROM shipping_methods ORDER BY created_at, id`);
export const getMethod = (q: Queryable, id: string) => q.one<MethodRow>(`SELECT ${METHOD_COLS} FROM shipping_methods WHERE id = $1`, [id]);
export interface MethodWrite {
  zoneId: string;
  name: string;
  estimate: string;
  type: MethodRow['type'];
  rates: MethodRow['rates'];
  freeOver: MethodRow['free_over'];
}
export const insertMethod = async (q: Queryable, m: MethodWrite) =>
  (await q.one<{ id: string }>(`INSERT INTO shipping_methods (zone_id, name, estimate, type, rates, free_over) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
    m.zoneId,
    m.name,
    m.estimate,
    m.type,
    JSON.stringify(m.rates),
    JSON.stringify(m.freeOver),
  ]))!.id;
export const updateMethod = (q: Queryable, id: string, m: MethodWrite) =>
  q.query(`UPDATE shipping_methods SET name = $2, estimate = $3, type = $4, rates = $5, free_over = $6 WHERE id = $1`, [
    id,
    m.name,
    m.estimate,
    m.type,
    JSON.stringify(m.rates),
    JSON.stringify(m.freeOver),
  ]);
export const deleteMethod = (q: Queryable, id: string) => q.one(`DELETE FROM shipping_methods WHERE id = $1 RETURNING id`, [id]);

/** What a checkout reads for a country: whether the shop has any zone, the country's zone and its methods (param: the country's placeholder). */
export const shippingForColumns = (param: string) => `EXISTS (SELECT 1 FROM shipping_zones) AS any_zone,
            (SELECT json_build_object('id', z.id, 'name', z.name) FROM shipping_zone_countries c JOIN shipping_zones z ON z.id = c.zone_id WHERE c.country = ${param}) AS zone,
            (SELECT json_agg(json_build_object('id', m.id, 'zone_id', m.zone_id, 'name', m.name, 'estimate', m.estimate, 'type', m.type, 'rates', m.rates, 'free_over', m.free_over) ORDER BY m.created_at, m.id)
               FROM shipping_zone_countries c JOIN shipping_methods m ON m.zone_id = c.zone_id WHERE c.country = ${param}) AS methods`;
export interface ShippingForRow {
  any_zone: boolean;
  zone: { id: string; name: string } | null;
  methods: MethodRow[] | null;
}
/** shippingForColumns in one statement (the shipping options' read; an order reads it with its tax: orders/checkout-queries.ts). */
export const shippingFor = async (q: Queryable, country: string | null) => (await q.one<ShippingForRow>(`SELECT ${shippingForColumns('$1')}`, [country], 'shipping-for'))!;

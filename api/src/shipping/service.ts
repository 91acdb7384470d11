import { bandsProblem, byPrice, countryName, fromMinor, isCountryCode, shippingPriceMinor, toMinor, type MethodRule, type ShippingMethod, type ShippingZone } from '@shop/contract';
import { currencyIds } from '../currencies/service.js';
import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, fieldError, notFound } from '../lib/errors.js';
import { madeEachTime, type Remember } from '../lib/remember.js';
import * as Q from './queries.js';

// Issue 39: the back office's shipping zones and methods, and the methods a parcel can go by.

type CurrencyRef = string | { _id: string };
const idOf = (c: CurrencyRef) => (typeof c === 'string' ? c : c._id);

/** A method as the API shows it: amounts with 2 decimals, upTo in grams (weight) or an amount (value). */
export function toMethodOut(m: Q.MethodRow): ShippingMethod {
  return {
    _id: m.id,
    zoneId: m.zone_id,
    name: m.name,
    estimate: m.estimate,
    type: m.type,
    rates: Object.entries(m.rates).map(([currType, bands]) => ({
      currType,
      bands: bands.map((b) => ({ upTo: b.upTo === null ? null : m.type === 'value' ? fromMinor(b.upTo) : b.upTo, amount: fromMinor(b.amount) })),
    })),
    freeOver: Object.entries(m.free_over).map(([currType, amount]) => ({ currType, amount: fromMinor(amount) })),
  };
}
/** The contract's rule of a stored method (amounts as the API shows them). */
export const ruleOf = (m: Q.MethodRow): MethodRule => toMethodOut(m);

export async function listZones(q: Queryable): Promise<ShippingZone[]> {
  const [zones, methods] = await Promise.all([Q.listZones(q), Q.listMethods(q)]);
  return zones.map((z) => ({ _id: z.id, name: z.name, countries: z.countries, methods: methods.filter((m) => m.zone_id === z.id).map(toMethodOut) }));
}
const zoneOut = async (q: Queryable, id: string) => (await listZones(q)).find((z) => z._id === id)!;

export interface ZoneInput {
  name: string;
  countries: string[];
}
/** Known codes, each once, in no other zone: a 400 naming countries otherwise. */
async function cleanCountries(q: Queryable, countries: string[], zoneId: string | null) {
  const unknown = countries.filter((c) => !isCountryCode(c));
  if (unknown.length) throw fieldError('countries', `unknown country ${unknown.join(', ')} (ISO 3166-1 codes)`);
  const wanted = [...new Set(countries)];
  const taken = await Q.countriesElsewhere(q, wanted, zoneId);
  if (taken.length) throw fieldError('countries', taken.map((t) => `${t.country} is already in zone ${t.zone}`).join('; '));
  return wanted;
}

/** What the audit log keeps of a zone and a method (their names name the entry). */
const zoneFacts = (z: { name: string; countries: string[] }) => ({ name: z.name, countries: z.countries });
const methodFacts = (m: Q.MethodRow) => ({ name: m.name, estimate: m.estimate, type: m.type, rates: m.rates, freeOver: m.free_over });

/** actorId: the admin (audit log); null for the shop's own setup (the demo seed). */
export function createZone(db: Db, z: ZoneInput, actorId: string | null) {
  return db.tx(async (q) => {
    const countries = await cleanCountries(q, z.countries, null);
    const id = await Q.insertZone(q, z.name.trim());
    await Q.setZoneCountries(q, id, countries);
    // Two zones given one country at once: the second's insert was skipped (ON CONFLICT), so say so and write nothing.
    const made = (await Q.getZone(q, id))!;
    if (made.countries.length !== countries.length) throw fieldError('countries', 'a country was just added to another zone');
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'shipping-zone', entityId: id, after: zoneFacts(made) });
    return zoneOut(q, id);
  });
}

export function updateZone(db: Db, id: string, z: ZoneInput, actorId: string) {
  return db.tx(async (q) => {
    if (!(await Q.lockZone(q, id))) throw notFound('Shipping zone not found');
    const before = (await Q.getZone(q, id))!;
    const countries = await cleanCountries(q, z.countries, id);
    await Q.renameZone(q, id, z.name.trim());
    await Q.setZoneCountries(q, id, countries);
    const after = (await Q.getZone(q, id))!;
    if (after.countries.length !== countries.length) throw fieldError('countries', 'a country was just added to another zone');
    await recordChanges(q, { actorId, action: 'update', entity: 'shipping-zone', entityId: id, about: { name: after.name } }, zoneFacts(before), zoneFacts(after));
    return zoneOut(q, id);
  });
}

export function deleteZone(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getZone(q, id);
    if (!before || !(await Q.deleteZone(q, id))) throw notFound('Shipping zone not found');
    await recordAudit(q, { actorId, action: 'delete', entity: 'shipping-zone', entityId: id, before: zoneFacts(before) });
  });
}

export interface MethodInput {
  zoneId: string;
  name: string;
  estimate: string;
  type: 'flat' | 'weight' | 'value';
  rates: Array<{ currType: CurrencyRef; bands: Array<{ upTo: number | null; amount: number }> }>;
  freeOver?: Array<{ currType: CurrencyRef; amount: number }>;
}

/** Every field checked (a 400 naming it), before anything is written. */
async function cleanMethod(q: Queryable, m: MethodInput): Promise<Q.MethodWrite> {
  const known = new Set(await currencyIds(q));
  const rates: Q.MethodWrite['rates'] = {};
  m.rates.forEach((r, i) => {
    const cur = idOf(r.currType);
    if (!known.has(cur)) throw fieldError(`rates[${i}].currType`, `unknown currency ${cur}`);
    if (rates[cur]) throw fieldError(`rates[${i}].currType`, 'this currency already has a rate');
    for (const [j, b] of r.bands.entries()) {
      if (!(typeof b.amount === 'number' && b.amount >= 0)) throw fieldError(`rates[${i}].bands[${j}].amount`, 'must be a number, 0 or more');
      if (b.upTo !== null && !(typeof b.upTo === 'number' && b.upTo > 0)) throw fieldError(`rates[${i}].bands[${j}].upTo`, 'must be a number above 0, or null');
    }
    const problem = bandsProblem(m.type, r.bands);
    if (problem) throw fieldError(`rates[${i}].bands`, problem);
    rates[cur] = r.bands.map((b) => ({ upTo: b.upTo === null ? null : m.type === 'value' ? toMinor(b.upTo) : b.upTo, amount: toMinor(b.amount) }));
  });
  const freeOver: Q.MethodWrite['freeOver'] = {};
  (m.freeOver ?? []).forEach((f, i) => {
    const cur = idOf(f.currType);
    if (!known.has(cur)) throw fieldError(`freeOver[${i}].currType`, `unknown currency ${cur}`);
    if (!(typeof f.amount === 'number' && f.amount >= 0)) throw fieldError(`freeOver[${i}].amount`, 'must be a number, 0 or more');
    freeOver[cur] = toMinor(f.amount);
  });
  return { zoneId: m.zoneId, name: m.name.trim(), estimate: m.estimate.trim(), type: m.type, rates, freeOver };
}

export async function getMethod(q: Queryable, id: string) {
  const m = await Q.getMethod(q, id);
  if (!m) throw notFound('Shipping method not found');
  return toMethodOut(m);
}

export function createMethod(db: Db, m: MethodInput, actorId: string | null) {
  return db.tx(async (q) => {
    if (!(await Q.lockZone(q, m.zoneId))) throw fieldError('zoneId', 'no such shipping zone');
    const id = await Q.insertMethod(q, await cleanMethod(q, m));
    const made = (await Q.getMethod(q, id))!;
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'shipping-method', entityId: id, after: methodFacts(made) });
    return toMethodOut(made);
  });
}

export function updateMethod(db: Db, id: string, m: MethodInput, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getMethod(q, id);
    if (!before) throw notFound('Shipping method not found');
    if (before.zone_id !== m.zoneId) throw fieldError('zoneId', 'this method belongs to another zone (a method stays in its zone: make a new one there)');
    await Q.updateMethod(q, id, await cleanMethod(q, m));
    const after = (await Q.getMethod(q, id))!;
    await recordChanges(q, { actorId, action: 'update', entity: 'shipping-method', entityId: id, about: { name: after.name } }, methodFacts(before), methodFacts(after));
    return toMethodOut(after);
  });
}

export function deleteMethod(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getMethod(q, id);
    if (!before || !(await Q.deleteMethod(q, id))) throw notFound('Shipping method not found');
    await recordAudit(q, { actorId, action: 'delete', entity: 'shipping-method', entityId: id, before: methodFacts(before) });
  });
}

/** A method a parcel can go by, priced (minor units). */
export interface PricedMethod {
  id: string;
  name: string;
  estimate: string;
  amount: number;
  free: boolean;
}

/** How a checkout ships to a country: no zone at all (shipping not set up), or the country's zone's methods. */
export interface ShippingSetup {
  anyZone: boolean;
  zone: { id: string; name: string } | null;
  methods: Q.MethodRow[];
}
/** remember (issue 43): the setup kept under the catalogue version (migration 049: its writes bump it), for a preview. */
export async function shippingFor(q: Queryable, country: string | null, remember: Remember = madeEachTime): Promise<ShippingSetup> {
  return shippingSetupOf(await remember(['checkout', 'shipping', country], () => Q.shippingFor(q, country)));
}
/** The setup from its row (an order reads it with its country's tax: orders/checkout-queries.ts readCheckoutSetup). */
export const shippingSetupOf = (r: Q.ShippingForRow): ShippingSetup => ({ anyZone: r.any_zone, zone: r.zone, methods: r.methods ?? [] });

/** The methods that apply to a parcel in a currency, priced, cheapest first. */
export function pricedMethods(setup: ShippingSetup, currencyId: string, parcel: { weightGrams: number; basisMinor: number }): PricedMethod[] {
  return setup.methods
    .flatMap((m) => {
      const p = shippingPriceMinor(ruleOf(m), currencyId, parcel);
      return p ? [{ id: m.id, name: m.name, estimate: m.estimate, amount: p.amount, free: p.free }] : [];
    })
    .sort(byPrice);
}

/** The 400 of a country no zone covers (issue 39's words), its name in the shop's words. */
export const notShippedTo = (country: string | null, text: string, locale = 'en') =>
  badRequest(`We do not ship to ${country ? countryName(country, locale) : text || 'this country'} yet`);

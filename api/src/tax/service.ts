import { isCountryCode, rateFor, type TaxRateRef } from '@shop/contract';
import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, fieldError, notFound } from '../lib/errors.js';
import * as Q from './queries.js';

// Issue 39: the back office's tax classes and rates, and the rates a checkout taxes with.

export const listClasses = (q: Queryable) => Q.listClasses(q);
export const taxClassExists = async (q: Queryable, id: string) => !!(await Q.getClass(q, id));

export async function createClass(db: Db, name: string, actorId: string) {
  const n = name.trim();
  return db.tx(async (q) => {
    if (await Q.classNameTaken(q, n)) throw fieldError('name', `a tax class named ${n} already exists`);
    const made = (await Q.insertClass(q, n))!;
    await recordAudit(q, { actorId, action: 'create', entity: 'tax-class', entityId: made._id, after: { name: made.name } });
    return made;
  });
}

export async function renameClass(db: Db, id: string, name: string, actorId: string) {
  const n = name.trim();
  return db.tx(async (q) => {
    const before = await Q.getClass(q, id);
    if (!before) throw notFound('Tax class not found');
    if (await Q.classNameTaken(q, n, id)) throw fieldError('name', `a tax class named ${n} already exists`);
    const after = (await Q.renameClass(q, id, n))!;
    await recordChanges(q, { actorId, action: 'update', entity: 'tax-class', entityId: id }, { name: before.name }, { name: after.name });
    return after;
  });
}

export async function deleteClass(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const c = await Q.getClass(q, id);
    if (!c) throw notFound('Tax class not found');
    if (c.isDefault) throw badRequest(`${c.name} is the default class (of every product without one): it cannot be deleted`);
    await Q.deleteClass(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'tax-class', entityId: id, before: { name: c.name } });
  });
}

/** What the audit log keeps of a rate, named by its class and place ("Reduced DE"). */
const rateFacts = (r: Q.TaxRateRow) => ({ name: `${r.className} ${r.country}${r.region ? ` ${r.region}` : ''}`, percent: r.percent });

export interface RateInput {
  classId: string;
  country: string;
  region?: string | null;
  percent: number;
}

/** A rate's fields checked (400 naming the field), nothing written before. */
async function cleanRate(q: Queryable, r: RateInput, exceptId?: string): Promise<Q.RateWrite> {
  if (!isCountryCode(r.country)) throw fieldError('country', `unknown country ${r.country} (an ISO 3166-1 code)`);
  if (!(r.percent >= 0 && r.percent <= 100)) throw fieldError('percent', 'must be between 0 and 100');
  if (Math.abs(r.percent * 10000 - Math.round(r.percent * 10000)) > 1e-6) throw fieldError('percent', 'has at most 4 decimals');
  if (!(await Q.getClass(q, r.classId))) throw fieldError('classId', 'no such tax class');
  const region = r.region?.trim() || null;
  if (await Q.rateTaken(q, r.classId, r.country, region, exceptId)) throw fieldError(region ? 'region' : 'country', `this class already has a rate for ${r.country}${region ? ` ${region}` : ''}`);
  return { classId: r.classId, country: r.country, region, percent: r.percent };
}

export const listRates = (q: Queryable, country?: string) => Q.listRates(q, country ?? null);

/** actorId: the admin (audit log); null for the shop's own setup (the demo seed). */
export function createRate(db: Db, r: RateInput, actorId: string | null) {
  return db.tx(async (q) => {
    const made = (await Q.getRate(q, await Q.insertRate(q, await cleanRate(q, r))))!;
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'tax-rate', entityId: made._id, after: rateFacts(made) });
    return made;
  });
}

export function updateRate(db: Db, id: string, r: RateInput, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getRate(q, id);
    if (!before) throw notFound('Tax rate not found');
    await Q.updateRate(q, id, await cleanRate(q, r, id));
    const after = (await Q.getRate(q, id))!;
    await recordChanges(q, { actorId, action: 'update', entity: 'tax-rate', entityId: id, about: { name: rateFacts(after).name } }, rateFacts(before), rateFacts(after));
    return after;
  });
}

export function deleteRate(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getRate(q, id);
    if (!before || !(await Q.deleteRate(q, id))) throw notFound('Tax rate not found');
    await recordAudit(q, { actorId, action: 'delete', entity: 'tax-rate', entityId: id, before: rateFacts(before) });
  });
}

/** How a checkout taxes for one country and region: the rate of a class (null: none there), and the default (standard) class's. */
export interface CountryTax {
  rateOf: (classId: string | null | undefined) => TaxRateRef | null;
  standard: TaxRateRef | null;
}

/** The country's tax from what a checkout read for it with its shipping (orders/checkout-queries.ts readCheckoutSetup; kept under the catalogue version for a preview: migration 049). */
export function countryTaxOf({ defaultClassId, rates }: Q.TaxFor, country: string, region: string | null): CountryTax {
  const rateOf = (classId: string | null | undefined): TaxRateRef | null => {
    const id = classId ?? defaultClassId;
    if (!id) return null;
    const r = rateFor(rates, id, country, region);
    return r ? { classId: r.classId, className: r.className, rate: Number(r.percent) } : null;
  };
  return { rateOf, standard: rateOf(defaultClassId) };
}

import type { CatalogAnswer } from '../catalog/answer.js';
import type { CatalogMemory } from '../catalog/memory/index.js';
import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict, notFound } from '../lib/errors.js';
import * as Q from './queries.js';

export interface CurrencyInput {
  name: string;
  code: string;
  symbol: string;
}
/** The shop's currencies in their order (price lists follow it); other domains read them here. */
export const listCurrencies = (q: Queryable) => Q.listCurrencies(q);
export const currencyIds = (q: Queryable) => Q.currencyIds(q);
export const getCurrency = (q: Queryable, id: string) => Q.getCurrency(q, id);
/** GET /currencies: every page asks, so the answer is kept in the catalogue's memory (currencies are catalogue data). */
export const currenciesAnswer = async (memory: CatalogMemory, q: Queryable): Promise<CatalogAnswer> => ({ kept: await memory.answer(['currencies'], () => Q.listCurrencies(q)) });

const clean = (c: CurrencyInput) => ({ name: c.name.trim(), code: c.code.trim().toUpperCase(), symbol: c.symbol.trim() });

/** What the audit log keeps of a currency. */
const facts = (c: Q.CurrencyRow) => ({ name: c.name, code: c.code, symbol: c.symbol });

/** actorId: the admin adding it (audit log); absent for the shop's own setup (the demo seed, a test's fixture). */
export async function createCurrency(db: Db, input: CurrencyInput, actorId?: string) {
  const c = clean(input);
  return db.tx(async (q) => {
    if (await Q.codeTaken(q, c.code)) throw conflict(`A currency with code ${c.code} already exists`);
    const row = (await Q.insertCurrency(q, c))!;
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'currency', entityId: row._id, after: facts(row) });
    return row;
  });
}

export function updateCurrency(db: Db, id: string, input: CurrencyInput, actorId: string) {
  const c = clean(input);
  return db.tx(async (q) => {
    const before = await Q.getCurrency(q, id);
    if (!before) throw notFound('Currency not found');
    if (await Q.codeTaken(q, c.code, id)) throw conflict(`A currency with code ${c.code} already exists`);
    const row = (await Q.updateCurrency(q, id, c))!;
    await recordChanges(q, { actorId, action: 'update', entity: 'currency', entityId: id }, facts(before), facts(row));
    return row;
  });
}

export function deleteCurrency(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await Q.getCurrency(q, id);
    if (!before) throw notFound('Currency not found');
    await Q.deleteCurrency(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'currency', entityId: id, before: facts(before) });
  });
}

import type { CatalogAnswer } from '../catalog/answer.js';
import type { CatalogMemory } from '../catalog/memory/index.js';
import type { Queryable } from '../db/client.js';
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

export async function createCurrency(q: Queryable, input: CurrencyInput) {
  const c = clean(input);
  if (await Q.codeTaken(q, c.code)) throw conflict(`A currency with code ${c.code} already exists`);
  return (await Q.insertCurrency(q, c))!;
}

export async function updateCurrency(q: Queryable, id: string, input: CurrencyInput) {
  const c = clean(input);
  if (!(await Q.getCurrency(q, id))) throw notFound('Currency not found');
  if (await Q.codeTaken(q, c.code, id)) throw conflict(`A currency with code ${c.code} already exists`);
  return (await Q.updateCurrency(q, id, c))!;
}

export async function deleteCurrency(q: Queryable, id: string) {
  if (!(await Q.deleteCurrency(q, id))) throw notFound('Currency not found');
}

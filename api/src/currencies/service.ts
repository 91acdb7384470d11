import type { CatalogAnswer } from '../catalog/answer.js';
import type { CatalogMemory } from '../catalog/memory/index.js';
import { convertMinor } from '@shop/contract';
import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import type { Rates } from '../rates/index.js';
import * as Q from './queries.js';

export interface CurrencyInput {
  name: string;
  code: string;
  symbol: string;
  /** Issue 39: absent keeps the currency's (false for a new one). */
  pricesIncludeTax?: boolean;
}
/** The shop's currencies in their order (price lists follow it); other domains read them here. */
export const listCurrencies = (q: Queryable) => Q.listCurrencies(q);
export const currencyIds = (q: Queryable) => Q.currencyIds(q);
export const getCurrency = (q: Queryable, id: string) => Q.getCurrency(q, id);
/** GET /currencies: every page asks, so the answer is kept in the catalogue's memory (currencies are catalogue data). */
export const currenciesAnswer = async (memory: CatalogMemory, q: Queryable): Promise<CatalogAnswer> => ({ kept: await memory.answer(['currencies'], () => Q.listPublished(q)) });
/** The currencies shoppers may pick (issue 38): a draft one is hidden from them until published. */
export const publishedCurrencies = (q: Queryable) => Q.listPublished(q);
/** Whether shoppers may use this currency (a draft one is refused like an unknown one). */
export const isPublished = async (q: Queryable, id: string) => (await Q.statusOf(q, id)) === 'published';

/** GET /currencies/all (admin). */
export const adminCurrencies = (q: Queryable) => Q.listForAdmin(q);

/**
 * PUT /currencies/{id}/status (admin): publish a currency, or take it back to draft. The shop keeps at
 * least one published currency (shoppers could pick none): the last one is refused (409).
 */
export function setCurrencyStatus(db: Db, id: string, status: Q.CurrencyStatus, actorId: string) {
  return db.tx(async (q) => {
    const published = await Q.lockPublished(q);
    const before = await Q.getForAdmin(q, id);
    if (!before) throw notFound('Currency not found');
    if (before.status === status) return before;
    if (status === 'draft' && published.length <= 1) throw conflict('The shop needs at least one published currency: publish another first');
    await Q.setStatus(q, id, status);
    await recordChanges(q, { actorId, action: 'update', entity: 'currency', entityId: id, about: { code: before.code } }, { status: before.status }, { status });
    return (await Q.getForAdmin(q, id))!;
  });
}

const clean = (c: CurrencyInput) => ({ name: c.name.trim(), code: c.code.trim().toUpperCase(), symbol: c.symbol.trim(), pricesIncludeTax: c.pricesIncludeTax });

/** What the audit log keeps of a currency. */
const facts = (c: Q.CurrencyRow) => ({ name: c.name, code: c.code, symbol: c.symbol, pricesIncludeTax: c.pricesIncludeTax });

/**
 * actorId: the admin adding it (audit log): a draft, hidden from shoppers until published (issue 38);
 * absent for the shop's own setup (the demo seed, a test's fixture): published.
 */
export async function createCurrency(db: Db, input: CurrencyInput, actorId?: string) {
  const c = clean(input);
  return db.tx(async (q) => {
    if (await Q.codeTaken(q, c.code)) throw conflict(`A currency with code ${c.code} already exists`);
    const row = (await Q.insertCurrency(q, c, actorId ? 'draft' : 'published'))!;
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
    await recordChanges(q, { actorId, action: 'update', entity: 'currency', entityId: id, about: { code: row.code } }, facts(before), facts(row));
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

/** What deleting a currency removes: its product prices and option increases. */
export async function currencyUsage(q: Queryable, id: string) {
  if (!(await Q.getCurrency(q, id))) throw notFound('Currency not found');
  return Q.usage(q, id);
}

/** A price's largest amount in minor units (the API's money schema: 100,000,000.00). */
const MAX_MINOR = 100_000_000 * 100;

export interface FillInput {
  /** The code of the currency whose prices are converted. */
  from: string;
  /** Every amount times this; or, with useRate, the exchange rate from `from` to this currency. */
  factor?: number;
  useRate?: boolean;
}

/**
 * Issue 19: a new currency's prices filled from another's, every product's price and every option's
 * increase that has none in it yet (set ones are kept), each amount times the factor (or the exchange
 * rate) rounded to the minor unit as @shop/contract's convertMinor does, in one transaction.
 */
export async function fillPrices(db: Db, rates: Rates, id: string, input: FillInput, actorId: string | null) {
  if ((input.factor === undefined) === (input.useRate !== true)) throw badRequest('Send either factor or useRate: true');
  const currencies = await Q.listCurrencies(db);
  const target = currencies.find((c) => c._id === id);
  if (!target) throw notFound('Currency not found');
  const source = currencies.find((c) => c.code.toUpperCase() === input.from.trim().toUpperCase());
  if (!source) throw badRequest(`No currency with code ${input.from.trim().toUpperCase()}`);
  if (source._id === target._id) throw badRequest('A currency cannot be filled from itself');
  let factor = input.factor;
  if (factor === undefined) {
    factor = (await rates.ratesFor(source.code))[target.code.toUpperCase()];
    if (!factor) throw badRequest(`No exchange rate from ${source.code} to ${target.code} is known`);
  }
  const rate = factor;
  const convert = (rows: Array<{ amount: string | number }>) => rows.map((r) => convertMinor(Number(r.amount), rate));
  return db.tx(async (q) => {
    // Two fills at once (a double click, two admins) would otherwise both read the same missing prices:
    // the prices kept from one factor, the option increases overwritten by the other's.
    await Q.lockCurrency(q, target._id);
    const prices = await Q.pricesToFill(q, source._id, target._id);
    const increases = await Q.increasesToFill(q, source._id, target._id);
    const priceAmounts = convert(prices);
    const increaseAmounts = convert(increases);
    if ([...priceAmounts, ...increaseAmounts].some((a) => !(a <= MAX_MINOR))) throw badRequest('This factor makes a price above 100,000,000.00');
    if (prices.length) await Q.insertPrices(q, target._id, prices.map((p) => p.product_id), priceAmounts);
    if (increases.length) await Q.setIncreases(q, target._id, increases.map((o) => o.id), increaseAmounts);
    const filled = { prices: prices.length, optionIncreases: increases.length };
    await recordAudit(q, { actorId, action: 'update', entity: 'currency', entityId: target._id, before: null, after: { code: target.code, filledFrom: source.code, factor: rate, ...filled } });
    return { currency: target, from: source.code, factor: rate, ...filled };
  });
}

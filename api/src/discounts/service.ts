import { byCode, currencyCodes, recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { currencyIds } from '../currencies/service.js';
import { badRequest, notFound } from '../lib/errors.js';
import { fromPriceList } from '../lib/money.js';
import { dateField } from '../lib/schemas.js';
import { dateRefusal, type Translations } from '@shop/contract';
import { checkTranslations } from '../lib/translations.js';
import { setTranslations } from '../lib/translationQueries.js';
import * as Q from './queries.js';

/** The ids among `ids` that name a discount (a product's or a user's list is checked against it). */
export const existingDiscountIds = (q: Queryable, ids: string[]) => Q.existingDiscountIds(q, ids);

export interface DiscountInput {
  title: string;
  discountType: 'fixed' | 'percentage';
  timeLimit: string;
  value?: Array<{ currType: string | { _id: string }; amount: number }>;
  /** Its name shown to shoppers in other languages (issue 37): {fr: {name}}. */
  translations?: Translations<'name'>;
}

async function toData(q: Queryable, input: DiscountInput): Promise<Q.DiscountData> {
  const timeLimit = dateField(input.timeLimit, 'timeLimit');
  if (!timeLimit) throw badRequest(dateRefusal('timeLimit'));
  const value = fromPriceList(input.value);
  const known = new Set(await currencyIds(q));
  for (const id of Object.keys(value)) if (!known.has(id)) throw badRequest(`Unknown currency ${id}`);
  if (input.discountType === 'percentage') {
    for (const v of Object.values(value)) if (v > 10000) throw badRequest('A percentage discount cannot exceed 100');
  }
  return { title: input.title.trim(), discountType: input.discountType, timeLimit, value };
}

export async function getDiscount(q: Queryable, id: string) {
  const row = await Q.getDiscountRow(q, id);
  if (!row) throw notFound('Discount not found');
  return Q.toDiscount(row, await currencyIds(q));
}
export async function listDiscounts(q: Queryable) {
  const ids = await currencyIds(q);
  return (await Q.listDiscountRows(q)).map((r) => Q.toDiscount(r, ids));
}
/** What the audit log keeps of a discount. */
async function facts(q: Queryable, d: Q.DiscountOut) {
  return { title: d.title, discountType: d.discountType, timeLimit: d.timeLimit, value: byCode(d.value, await currencyCodes(q)), ...(d.translations ? { translations: d.translations } : {}) };
}

/** actorId: the admin adding it (audit log); absent for the shop's own setup (the demo seed, a test's fixture). */
export function createDiscount(db: Db, input: DiscountInput, actorId?: string) {
  const translations = checkTranslations(input.translations, ['name']);
  return db.tx(async (q) => {
    const row = await Q.insertDiscount(q, await toData(q, input));
    await setTranslations(q, 'discounts', row!.id, translations);
    const d = await getDiscount(q, row!.id);
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'discount', entityId: d._id, after: await facts(q, d) });
    return d;
  });
}
export function updateDiscount(db: Db, id: string, input: DiscountInput, actorId: string) {
  const translations = checkTranslations(input.translations, ['name']);
  return db.tx(async (q) => {
    const before = await getDiscount(q, id);
    const data = await toData(q, input);
    if (!(await Q.updateDiscount(q, id, data))) throw notFound('Discount not found');
    await setTranslations(q, 'discounts', id, translations);
    const d = await getDiscount(q, id);
    await recordChanges(q, { actorId, action: 'update', entity: 'discount', entityId: id, about: { title: d.title } }, await facts(q, before), await facts(q, d));
    return d;
  });
}
/** Its links to products and users go with it (ON DELETE CASCADE). */
export function deleteDiscount(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await getDiscount(q, id);
    await Q.deleteDiscount(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'discount', entityId: id, before: await facts(q, before) });
  });
}
export async function userDiscounts(q: Queryable, userId: string) {
  const ids = await currencyIds(q);
  return (await Q.discountRowsOfUser(q, userId)).map((r) => Q.toDiscount(r, ids));
}

import type { Queryable } from '../db/client.js';
import { currencyIds } from '../currencies/service.js';
import { badRequest, notFound } from '../lib/errors.js';
import { fromPriceList } from '../lib/money.js';
import * as Q from './queries.js';

/** The ids among `ids` that name a discount (a product's or a user's list is checked against it). */
export const existingDiscountIds = (q: Queryable, ids: string[]) => Q.existingDiscountIds(q, ids);

export interface DiscountInput {
  title: string;
  discountType: 'fixed' | 'percentage';
  timeLimit: string;
  value?: Array<{ currType: string | { _id: string }; amount: number }>;
}

async function toData(q: Queryable, input: DiscountInput): Promise<Q.DiscountData> {
  const timeLimit = new Date(input.timeLimit);
  if (Number.isNaN(timeLimit.getTime())) throw badRequest('timeLimit must be a date-time');
  // JavaScript dates reach the year 275760, the database's timestamps do not (PostgreSQL 22008/22009),
  // and the drivers read years below 100 back as 19xx/20xx: a discount's end lies in neither.
  const year = timeLimit.getUTCFullYear();
  if (year < 1970 || year > 9999) throw badRequest('timeLimit must be a date between the years 1970 and 9999');
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
export async function createDiscount(q: Queryable, input: DiscountInput) {
  const row = await Q.insertDiscount(q, await toData(q, input));
  return getDiscount(q, row!.id);
}
export async function updateDiscount(q: Queryable, id: string, input: DiscountInput) {
  const data = await toData(q, input);
  if (!(await Q.updateDiscount(q, id, data))) throw notFound('Discount not found');
  return getDiscount(q, id);
}
export async function deleteDiscount(q: Queryable, id: string) {
  if (!(await Q.deleteDiscount(q, id))) throw notFound('Discount not found');
}
export async function userDiscounts(q: Queryable, userId: string) {
  const ids = await currencyIds(q);
  return (await Q.discountRowsOfUser(q, userId)).map((r) => Q.toDiscount(r, ids));
}

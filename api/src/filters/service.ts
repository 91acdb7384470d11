import type { Db, Queryable } from '../db/client.js';
import { badRequest, notFound } from '../lib/errors.js';
import * as Q from './queries.js';

/** Every filter with its options, in their order (GET /filter, no auth). */
export const listFilters = (q: Queryable) => Q.loadFilters(q);
/** The ids among `ids` that name a filter option (a product's options are checked against it). */
export const existingOptionIds = (q: Queryable, ids: string[]) => Q.existingOptionIds(q, ids);

export async function getFilter(q: Queryable, id: string) {
  const [f] = await Q.loadFilters(q, id);
  if (!f) throw notFound('Filter not found');
  return f;
}

export async function createFilter(db: Db, name: string, options: Array<{ name: string }> = []) {
  const names = [...new Set(options.map((o) => o.name.trim()).filter(Boolean))];
  const n = name.trim();
  if (!n) throw badRequest('name must not be blank');
  return db.tx(async (q) => {
    const row = await Q.insertFilter(q, n);
    for (const o of names) await Q.insertOption(q, row!.id, o);
    return getFilter(q, row!.id);
  });
}

export async function renameFilter(q: Queryable, id: string, name: string) {
  if (!(await Q.renameFilter(q, id, name.trim()))) throw notFound('Filter not found');
  return getFilter(q, id);
}
export async function deleteFilter(q: Queryable, id: string) {
  if (!(await Q.deleteFilter(q, id))) throw notFound('Filter not found');
}
export async function addOption(q: Queryable, filterId: string, name: string) {
  await getFilter(q, filterId);
  await Q.insertOption(q, filterId, name.trim());
  return getFilter(q, filterId);
}
export async function renameOption(q: Queryable, id: string, name: string) {
  const row = await Q.renameOption(q, id, name.trim());
  if (!row) throw notFound('Filter option not found');
  return getFilter(q, row.filter_id);
}
export async function deleteOption(q: Queryable, id: string) {
  const row = await Q.deleteOption(q, id);
  if (!row) throw notFound('Filter option not found');
  return getFilter(q, row.filter_id);
}

import { recordAudit, recordChanges } from '../audit/service.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, notFound } from '../lib/errors.js';
import { setTranslations } from '../lib/translationQueries.js';
import type { Locale, Translations } from '@shop/contract';
import * as Q from './queries.js';

/** Every filter with its options, in their order, named in the locale (GET /filter, no auth). */
export const listFilters = (q: Queryable, locale?: Locale) => Q.loadFilters(q, undefined, locale);
/** The ids among `ids` that name a filter option (a product's options are checked against it). */
export const existingOptionIds = (q: Queryable, ids: string[]) => Q.existingOptionIds(q, ids);
/** 'Filter: option' for each option id (a product's entry in the audit log names its options so). */
export const optionLabels = (q: Queryable, ids: string[]) => Q.optionLabels(q, ids);

export async function getFilter(q: Queryable, id: string, locale?: Locale) {
  const [f] = await Q.loadFilters(q, id, locale);
  if (!f) throw notFound('Filter not found');
  return f;
}

/** What the audit log keeps of a filter: its name and its options' names, and their translations. */
const facts = (f: Q.FilterOut) => ({
  name: f.name,
  options: f.filterOptions.map((o) => o.name),
  ...(f.translations ? { translations: f.translations } : {}),
  ...(f.filterOptions.some((o) => o.translations) ? { optionTranslations: Object.fromEntries(f.filterOptions.flatMap((o) => (o.translations ? [[o.name, o.translations]] : []))) } : {}),
});

/** A rename and/or new translations (issue 37); at least one (the route checks). */
export interface NameEdit {
  name?: string;
  translations?: Translations<'name'>;
}

/**
 * actorId: the admin adding it (audit log); absent for the shop's own setup (the demo seed, a test's
 * fixture). translations (issue 37): the filter's and each option's names in other languages.
 */
export async function createFilter(db: Db, name: string, options: Array<{ name: string; translations?: Translations<'name'> }> = [], actorId?: string, translations?: Translations<'name'>) {
  const named = new Map(options.map((o) => [o.name.trim(), o.translations] as const).filter(([n]) => n));
  const n = name.trim();
  if (!n) throw badRequest('name must not be blank');
  return db.tx(async (q) => {
    const row = await Q.insertFilter(q, n);
    await setTranslations(q, 'filters', row!.id, translations);
    for (const [o, t] of named) await setTranslations(q, 'filter_options', (await Q.insertOption(q, row!.id, o))!.id, t);
    const f = await getFilter(q, row!.id);
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'filter', entityId: f._id, after: facts(f) });
    return f;
  });
}

/** A change to a filter or its options, recorded as the filter's before and after. */
function editFilter(db: Db, actorId: string, filterIdOf: (q: Queryable) => Promise<string | null>, missing: string, edit: (q: Queryable, filterId: string) => Promise<unknown>) {
  return db.tx(async (q) => {
    const filterId = await filterIdOf(q);
    const before = filterId && (await Q.loadFilters(q, filterId))[0];
    if (!filterId || !before) throw notFound(missing);
    await edit(q, filterId);
    const after = await getFilter(q, filterId);
    await recordChanges(q, { actorId, action: 'update', entity: 'filter', entityId: filterId, about: { name: after.name } }, facts(before), facts(after));
    return after;
  });
}
const itself = (id: string) => async () => id;
const ofOption = (optionId: string) => (q: Queryable) => Q.filterOfOption(q, optionId);

/** A filter's or an option's new name and translations. */
const rename = (table: 'filters' | 'filter_options', id: string, e: NameEdit) => async (q: Queryable) => {
  if (e.name !== undefined) await (table === 'filters' ? Q.renameFilter(q, id, e.name.trim()) : Q.renameOption(q, id, e.name.trim()));
  await setTranslations(q, table, id, e.translations);
};
export const renameFilter = (db: Db, id: string, e: NameEdit, actorId: string) => editFilter(db, actorId, itself(id), 'Filter not found', rename('filters', id, e));
export const addOption = (db: Db, filterId: string, name: string, actorId: string) =>
  editFilter(db, actorId, itself(filterId), 'Filter not found', (q) => Q.insertOption(q, filterId, name.trim()));
export const renameOption = (db: Db, id: string, e: NameEdit, actorId: string) => editFilter(db, actorId, ofOption(id), 'Filter option not found', rename('filter_options', id, e));
export const deleteOption = (db: Db, id: string, actorId: string) =>
  editFilter(db, actorId, ofOption(id), 'Filter option not found', (q) => Q.deleteOption(q, id));

export function deleteFilter(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    const before = await getFilter(q, id);
    await Q.deleteFilter(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'filter', entityId: id, before: facts(before) });
  });
}

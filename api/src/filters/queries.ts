import type { Queryable } from '../db/client.js';
import { DEFAULT_LOCALE, type Filter, type Locale, translated, type Translations } from '@shop/contract';

export type FilterOut = Filter & { locale: Locale };
type Named = { id: string; name: string; translations: Translations<'name'> };

/** A name in the locale, with every translation of it (the back office edits them from here; none: left out). */
const named = (r: Named, locale: Locale) => ({
  _id: r.id,
  name: translated(r.name, r.translations, locale, 'name'),
  ...(Object.keys(r.translations).length ? { translations: r.translations } : {}),
});

/** Every filter (or one) with its options, in their order, named in the locale (English where a name has no translation). */
export async function loadFilters(q: Queryable, id?: string, locale: Locale = DEFAULT_LOCALE): Promise<FilterOut[]> {
  const filters = await q.query<Named>(`SELECT id, name, translations FROM filters ${id ? 'WHERE id = $1' : ''} ORDER BY seq`, id ? [id] : []);
  if (!filters.length) return [];
  const options = await q.query<Named & { filter_id: string }>(
    `SELECT id, filter_id, name, translations FROM filter_options WHERE filter_id = ANY($1::uuid[]) ORDER BY seq`,
    [filters.map((f) => f.id)],
  );
  return filters.map((f) => ({
    ...named(f, locale),
    filterOptions: options.filter((o) => o.filter_id === f.id).map((o) => named(o, locale)),
    locale,
  }));
}


export const insertFilter = (q: Queryable, name: string) => q.one<{ id: string }>(`INSERT INTO filters (name) VALUES ($1) RETURNING id`, [name]);
export const renameFilter = (q: Queryable, id: string, name: string) => q.one(`UPDATE filters SET name = $2 WHERE id = $1 RETURNING id`, [id, name]);
export const deleteFilter = (q: Queryable, id: string) => q.one(`DELETE FROM filters WHERE id = $1 RETURNING id`, [id]);
export const insertOption = (q: Queryable, filterId: string, name: string) =>
  q.one<{ id: string }>(`INSERT INTO filter_options (filter_id, name) VALUES ($1, $2) RETURNING id`, [filterId, name]);
export const renameOption = (q: Queryable, id: string, name: string) =>
  q.one<{ filter_id: string }>(`UPDATE filter_options SET name = $2 WHERE id = $1 RETURNING filter_id`, [id, name]);
export const deleteOption = (q: Queryable, id: string) => q.one<{ filter_id: string }>(`DELETE FROM filter_options WHERE id = $1 RETURNING filter_id`, [id]);
export const existingOptionIds = async (q: Queryable, ids: string[]) =>
  (await q.query<{ id: string }>(`SELECT id FROM filter_options WHERE id = ANY($1::uuid[])`, [ids])).map((r) => r.id);
/** The filter an option belongs to (null when there is no such option). */
export const filterOfOption = async (q: Queryable, optionId: string) =>
  (await q.one<{ filter_id: string }>(`SELECT filter_id FROM filter_options WHERE id = $1`, [optionId]))?.filter_id ?? null;
/** 'Filter: option' for each of the ids that names an option, in the filters' and options' order (the audit log's words). */
export const optionLabels = async (q: Queryable, ids: string[]) =>
  (
    await q.query<{ label: string }>(
      `SELECT f.name || ': ' || o.name AS label FROM filter_options o JOIN filters f ON f.id = o.filter_id WHERE o.id = ANY($1::uuid[]) ORDER BY f.seq, o.seq`,
      [ids],
    )
  ).map((r) => r.label);

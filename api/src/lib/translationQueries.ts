import type { TranslatedField, Translations } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { type TranslatedTable, translationsUpdate } from './translations.js';

// The one statement every translated table's writes share (lib/translations.ts builds its SET).

/** Writes a row's translations (translationsUpdate); nothing when there are none to write. */
export async function setTranslations(q: Queryable, table: TranslatedTable, id: string, t: Translations<TranslatedField> | undefined) {
  if (!t || !Object.keys(t).length) return;
  const params: unknown[] = [id];
  const set = translationsUpdate('translations', t, (v) => `$${params.push(v)}`);
  await q.query(`UPDATE ${table} SET translations = ${set} WHERE id = $1`, params);
}

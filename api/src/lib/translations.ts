// Admin writes of translations (issue 37): checked against the shop's locales and the fields' limits
// (contract translationsProblem: a 400 naming what is wrong), and written a locale at a time.
import { type TranslatedField, type Translations, translationsProblem } from '@shop/contract';
import { badRequest } from './errors.js';

/** A body's translations field for the route's schema and the API document; its content is checked by checkTranslations. */
export const translationsBody = (...fields: TranslatedField[]) =>
  ({
    type: 'object',
    maxProperties: 20,
    description: `{locale: {${fields.join(', ')}}}: the texts in another language (GET /api/locales); a blank or missing field falls back to English`,
  }) as const;

/** The translations when they are right, else a 400 naming the locale or field at fault. */
export function checkTranslations<F extends TranslatedField>(t: unknown, fields: readonly F[]): Translations<F> | undefined {
  if (t === undefined) return undefined;
  const problem = translationsProblem(t, fields);
  if (problem) throw badRequest(problem);
  return t as Translations<F>;
}

/**
 * SQL (`column` updated with parameters `p`): the locales written replace what the record had for
 * them, their blank texts left out (a locale left with none goes), the others stay.
 */
export function translationsUpdate(column: string, t: Translations<TranslatedField>, p: (value: unknown) => string) {
  const kept = Object.fromEntries(
    Object.entries(t)
      .map(([locale, texts]) => [locale, Object.fromEntries(Object.entries(texts ?? {}).filter(([, v]) => typeof v === 'string' && v.trim()).map(([k, v]) => [k, v.trim()]))] as const)
      .filter(([, texts]) => Object.keys(texts).length > 0),
  );
  return `(${column} - ${p(Object.keys(t))}::text[]) || ${p(JSON.stringify(kept))}::jsonb`;
}

/** The tables whose rows keep translations (migration 030). */
export type TranslatedTable = 'products' | 'variants' | 'variant_options' | 'filters' | 'filter_options' | 'discounts';


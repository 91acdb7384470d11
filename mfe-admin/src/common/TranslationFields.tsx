import { useId } from 'react';
import { LOCALES, TRANSLATED_LOCALES, TRANSLATION_LIMITS, type TranslatedField, type Translations } from '@shop/shared';
import styles from './admin.module.css';

export interface TranslatedText<F extends TranslatedField> {
  field: F;
  label: string;
  /** The English text: shown beside, the fallback where the translation is left blank. */
  english: string;
  multiline?: boolean;
}

const nameOf = (code: string) => LOCALES.find((l) => l.code === code)?.name ?? code;

/** Every locale's texts, blank where a record has none (a blank one is saved as none: the shop shows the English). */
export function translationDraft<F extends TranslatedField>(fields: readonly F[], t: Translations<F> | undefined): Translations<F> {
  return Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, Object.fromEntries(fields.map((f) => [f, t?.[l]?.[f] ?? '']))])) as Translations<F>;
}

/**
 * One record's texts in each language the shop translates into (issue 37), under its legend: a field
 * per text, the English one as its hint; within the field's limit (the API's: contract TRANSLATION_LIMITS).
 */
export function TranslationFields<F extends TranslatedField>({ legend, texts, value, onChange }: { legend: string; texts: TranslatedText<F>[]; value: Translations<F>; onChange: (value: Translations<F>) => void }) {
  const id = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {TRANSLATED_LOCALES.map((locale) =>
        texts.map(({ field, label, english, multiline }) => {
          const inputId = `${id}-${locale}-${field}`;
          const set = (text: string) => onChange({ ...value, [locale]: { ...value[locale], [field]: text } });
          const props = { id: inputId, className: styles.select, value: value[locale]?.[field] ?? '', maxLength: TRANSLATION_LIMITS[field], placeholder: english, lang: locale, 'aria-describedby': `${inputId}-en` };
          return (
            <div key={`${locale}-${field}`} style={{ marginBottom: 'var(--space-3)' }}>
              <label htmlFor={inputId} className={styles.label}>{`${label} (${nameOf(locale)})`}</label>
              {multiline ? <textarea rows={4} {...props} onChange={(e) => set(e.target.value)} /> : <input {...props} onChange={(e) => set(e.target.value)} />}
              <small id={`${inputId}-en`} className={styles.label} lang="en">{english ? `English: ${english.length > 120 ? `${english.slice(0, 120)}…` : english}` : 'No English text'}</small>
            </div>
          );
        }),
      )}
    </fieldset>
  );
}

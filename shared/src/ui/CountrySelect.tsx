import { useId, useMemo, type SelectHTMLAttributes } from 'react';
import { countriesSorted, countryCodeOf, countryName } from '@shop/contract';
import { useLocale } from '../i18n';
import { useT } from '../messages';
import styles from './ui.module.css';

export interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  /** The chosen country's ISO 3166-1 code ('' for none). */
  value: string;
  /** The code chosen, and its name in the page's language (what an address stores beside the code). */
  onChange: (code: string, name: string) => void;
  error?: string;
}

/**
 * Issue 39: a country chosen from the list (checkout, saved addresses, the back office), every name in
 * the page's language, sorted as that language sorts them; the value is the ISO code. A native select:
 * typing a name's first letters jumps to it, and a phone shows its own picker.
 */
export function CountrySelect({ label, value, onChange, error, id, ...select }: CountrySelectProps) {
  const t = useT();
  const locale = useLocale();
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const countries = useMemo(() => countriesSorted(locale), [locale]);
  return (
    <div className={styles.field}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        className={styles.input}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value, e.target.value ? countryName(e.target.value, locale) : '')}
        {...select}
      >
        <option value="">{t('country.choose')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {locale === 'fr' ? c.fr : c.en}
          </option>
        ))}
      </select>
      {error && <span id={errorId} className={styles.fieldError} role="alert">{error}</span>}
    </div>
  );
}

/** An address's country code: the one stored beside its name, else read from the name (an address written before issue 39). */
export const addressCountryCode = (a: { country?: string | null; countryCode?: string | null } | null | undefined): string =>
  a?.countryCode || countryCodeOf(a?.country) || '';

/** An address's country as the page's language names it (the stored text when its code is unknown). */
export function useCountryName() {
  const locale = useLocale();
  return (a: { country?: string | null; countryCode?: string | null } | null | undefined): string => {
    const code = addressCountryCode(a);
    return code ? countryName(code, locale) : (a?.country ?? '');
  };
}

import { useId, useMemo, useState } from 'react';
import { countriesSorted, countryName, inputClass } from '@shop/shared';
import styles from './Shipping.module.css';

export interface CountryPickerProps {
  legend: string;
  /** ISO codes chosen. */
  value: string[];
  onChange: (codes: string[]) => void;
  /** Countries another zone has already (code → that zone's name): shown, not choosable (a country is in one zone). */
  taken?: Record<string, string>;
  error?: string;
}

/**
 * Issue 39: countries chosen from the list for a zone: a filter to type a name or code, the chosen ones
 * as chips (a chip's button removes it), every country a checkbox (Tab and Space, as any form).
 */
export function CountryPicker({ legend, value, onChange, taken = {}, error }: CountryPickerProps) {
  const filterId = useId();
  const errorId = useId();
  const [filter, setFilter] = useState('');
  const all = useMemo(() => countriesSorted('en'), []);
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? all.filter((c) => c.en.toLowerCase().includes(wanted) || c.code.toLowerCase() === wanted) : all;
  const chosen = new Set(value);
  const toggle = (code: string) => onChange(chosen.has(code) ? value.filter((c) => c !== code) : [...value, code]);
  return (
    <fieldset className={styles.picker} aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error) || undefined}>
      <legend>{`${legend} (${value.length} chosen)`}</legend>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label="Chosen countries">
          {value.map((code) => (
            <li key={code}>
              <button type="button" className={styles.chip} onClick={() => toggle(code)} aria-label={`Remove ${countryName(code)}`}>
                {countryName(code)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={filterId} className="visually-hidden">Find a country</label>
      <input id={filterId} className={inputClass} type="search" placeholder="Find a country (name or code)" value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
      <div className={styles.countryList}>
        {shown.map((c) => {
          const otherZone = taken[c.code];
          return (
            <label key={c.code} className={styles.countryOption} data-taken={otherZone ? true : undefined}>
              <input type="checkbox" checked={chosen.has(c.code)} disabled={Boolean(otherZone)} onChange={() => toggle(c.code)} />
              <span>
                {c.en} <span className={styles.taken}>{otherZone ? `(${c.code}, in ${otherZone})` : `(${c.code})`}</span>
              </span>
            </label>
          );
        })}
        {shown.length === 0 && <p className={styles.taken}>No country matches.</p>}
      </div>
      {error && <p id={errorId} className={styles.fieldError} role="alert">{error}</p>}
    </fieldset>
  );
}

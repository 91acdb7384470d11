import { useEffect, useRef } from 'react';
import { CountrySelect, Field, Spinner, Tabs, useCountryName, type Address } from '@shop/shared';
import type { AddressFieldProblem, AddressTab, NewAddress } from './addressRules';
import styles from './Checkout.module.css';
import { type CheckoutKey, useT } from '../messages';

const TABS = [
  { key: 'new', label: 'address.new' },
  { key: 'saved', label: 'address.saved' },
] as const;

const FIELDS: Array<{ key: Exclude<keyof NewAddress, 'countryCode'>; label: CheckoutKey; required: boolean; autoComplete: string; numeric?: boolean }> = [
  { key: 'country', label: 'address.country', required: true, autoComplete: 'country-name' },
  { key: 'line1', label: 'address.line1', required: true, autoComplete: 'address-line1' },
  { key: 'line2', label: 'address.line2', required: false, autoComplete: 'address-line2' },
  { key: 'city', label: 'address.city', required: true, autoComplete: 'address-level2' },
  { key: 'state', label: 'address.state', required: false, autoComplete: 'address-level1' },
  { key: 'postalCode', label: 'address.postalCode', required: true, autoComplete: 'postal-code', numeric: true },
];

interface Props {
  tab: AddressTab;
  onTab: (tab: AddressTab) => void;
  address: NewAddress;
  onAddress: (address: NewAddress) => void;
  saved: Address[];
  savedLoading: boolean;
  savedId: string | null;
  onSaved: (id: string) => void;
  /** Issue 38: what is wrong with each field, shown once checkout was asked for. */
  problems?: Partial<Record<keyof NewAddress, AddressFieldProblem>>;
  /** Changes each time the keyboard should go to the first field marked. */
  focusRequest?: number;
}

const PROBLEM_WORDS: Record<AddressFieldProblem, CheckoutKey> = { required: 'address.required', postalCode: 'address.postalCodeDigits' };

/** An address on one line, its country named by the page's language (issue 39). */
export const oneLine = (a: Omit<Address, '_id'>, country: string = a.country) => [a.line1, a.line2, a.city, a.state, a.postalCode, country].filter(Boolean).join(', ');

/** SPEC §2/§4: the 'new address' and 'your addresses' tabs. */
export function AddressSection({ tab, onTab, address, onAddress, saved, savedLoading, savedId, onSaved, problems = {}, focusRequest = 0 }: Props) {
  const t = useT();
  const countryOf = useCountryName();
  const gridRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest) gridRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  return (
    <section className={styles.card} aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t('address.title')}</h2>
      <Tabs tabs={TABS.map((one) => ({ ...one, label: t(one.label) }))} active={tab} onChange={onTab} label={t('address.title')} />
      {tab === 'new' ? (
        <div className={styles.addressGrid} ref={gridRef}>
          {FIELDS.map((f) =>
            f.key === 'country' ? (
              // Issue 39: the country from the list (names in the page's language), its code stored beside its name.
              <CountrySelect
                key={f.key}
                label={t(f.label)}
                name="countryCode"
                value={address.countryCode}
                required
                autoComplete="country"
                error={problems.country && t(PROBLEM_WORDS[problems.country])}
                onChange={(countryCode, country) => onAddress({ ...address, countryCode, country })}
              />
            ) : (
              <Field
                key={f.key}
                label={t(f.label)}
                name={f.key}
                value={address[f.key]}
                required={f.required}
                error={problems[f.key] && t(PROBLEM_WORDS[problems[f.key]!])}
                autoComplete={f.autoComplete}
                inputMode={f.numeric ? 'numeric' : undefined}
                pattern={f.numeric ? '[0-9]*' : undefined}
                onChange={(e) => onAddress({ ...address, [f.key]: f.numeric ? e.target.value.replace(/\D/g, '') : e.target.value })}
              />
            ),
          )}
        </div>
      ) : savedLoading ? (
        <Spinner label={t('address.loading')} />
      ) : saved.length === 0 ? (
        <p className={styles.muted}>{t('address.none')}</p>
      ) : (
        <fieldset className={styles.savedList}>
          <legend className="visually-hidden">{t('address.yours')}</legend>
          {saved.map((a) => (
            <label key={a._id} className={styles.savedAddress} data-selected={a._id === savedId || undefined}>
              <input type="radio" name="saved-address" value={a._id} checked={a._id === savedId} onChange={() => onSaved(a._id)} />
              <span>
                <strong>{a.fullName}</strong>
                <span className={styles.muted}>{oneLine(a, countryOf(a))}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

import { Field, Spinner, Tabs, type Address } from '@shop/shared';
import type { AddressTab, NewAddress } from './addressRules';
import styles from './Checkout.module.css';

const TABS = [
  { key: 'new', label: 'new address' },
  { key: 'saved', label: 'your addresses' },
] as const;

const FIELDS: Array<{ key: keyof NewAddress; label: string; required: boolean; autoComplete: string; numeric?: boolean }> = [
  { key: 'country', label: 'Country', required: true, autoComplete: 'country-name' },
  { key: 'line1', label: 'Address line 1', required: true, autoComplete: 'address-line1' },
  { key: 'line2', label: 'Address line 2 (optional)', required: false, autoComplete: 'address-line2' },
  { key: 'city', label: 'City', required: true, autoComplete: 'address-level2' },
  { key: 'state', label: 'State (optional)', required: false, autoComplete: 'address-level1' },
  { key: 'postalCode', label: 'Postal code', required: true, autoComplete: 'postal-code', numeric: true },
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
}

export const oneLine = (a: Omit<Address, '_id'>) => [a.line1, a.line2, a.city, a.state, a.postalCode, a.country].filter(Boolean).join(', ');

/** SPEC §2/§4: the 'new address' and 'your addresses' tabs. */
export function AddressSection({ tab, onTab, address, onAddress, saved, savedLoading, savedId, onSaved }: Props) {
  return (
    <section className={styles.card} aria-labelledby="shipping-title">
      <h2 id="shipping-title">Shipping address</h2>
      <Tabs tabs={TABS} active={tab} onChange={onTab} label="Shipping address" />
      {tab === 'new' ? (
        <div className={styles.addressGrid}>
          {FIELDS.map((f) => (
            <Field
              key={f.key}
              label={f.label}
              name={f.key}
              value={address[f.key]}
              required={f.required}
              autoComplete={f.autoComplete}
              inputMode={f.numeric ? 'numeric' : undefined}
              pattern={f.numeric ? '[0-9]*' : undefined}
              onChange={(e) => onAddress({ ...address, [f.key]: f.numeric ? e.target.value.replace(/\D/g, '') : e.target.value })}
            />
          ))}
        </div>
      ) : savedLoading ? (
        <Spinner label="Loading your addresses" />
      ) : saved.length === 0 ? (
        <p className={styles.muted}>You don&apos;t have any saved address.</p>
      ) : (
        <fieldset className={styles.savedList}>
          <legend className="visually-hidden">Your addresses</legend>
          {saved.map((a) => (
            <label key={a._id} className={styles.savedAddress} data-selected={a._id === savedId || undefined}>
              <input type="radio" name="saved-address" value={a._id} checked={a._id === savedId} onChange={() => onSaved(a._id)} />
              <span>
                <strong>{a.fullName}</strong>
                <span className={styles.muted}>{oneLine(a)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

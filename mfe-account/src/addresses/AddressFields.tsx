import { CountrySelect, Field } from '@shop/shared';
import styles from './Addresses.module.css';
import { useT } from '../messages';

/** The address fields a customer edits, in form order (SPEC §2: line1, line2, city, state, postalCode, country). */
export const ADDRESS_FIELDS = [
  { key: 'line1', label: 'field.line1', autoComplete: 'address-line1' },
  { key: 'line2', label: 'field.line2', autoComplete: 'address-line2' },
  { key: 'city', label: 'field.city', autoComplete: 'address-level2' },
  { key: 'state', label: 'field.state', autoComplete: 'address-level1' },
  { key: 'postalCode', label: 'field.postalCode', autoComplete: 'postal-code' },
  { key: 'country', label: 'field.country', autoComplete: 'country-name' },
] as const;

export type AddressKey = (typeof ADDRESS_FIELDS)[number]['key'];
/** countryCode (issue 39): the country chosen from the list; country is its name, stored beside it. */
export type AddressDraft = Record<AddressKey, string> & { countryCode: string };

/** The fields of an address form (a new address, an inline edit), two columns on a wide screen. */
export function AddressFields({ draft, onChange }: { draft: AddressDraft; onChange: (update: (draft: AddressDraft) => AddressDraft) => void }) {
  const t = useT();
  return (
    <div className={styles.formGrid}>
      {ADDRESS_FIELDS.map(({ key, label, autoComplete }) =>
        key === 'country' ? (
          <CountrySelect
            key={key}
            label={t(label)}
            name="countryCode"
            value={draft.countryCode}
            autoComplete="country"
            onChange={(countryCode, country) => onChange((d) => ({ ...d, countryCode, country }))}
          />
        ) : (
          <Field
            key={key}
            label={t(label)}
            name={key}
            value={draft[key]}
            autoComplete={autoComplete}
            inputMode={key === 'postalCode' ? 'numeric' : undefined}
            onChange={(e) => onChange((d) => ({ ...d, [key]: e.target.value }))}
          />
        ),
      )}
    </div>
  );
}

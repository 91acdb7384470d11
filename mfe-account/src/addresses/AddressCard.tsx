import { useId, useState, type FormEvent } from 'react';
import { api, Button, Field, notify, type Address } from '@shop/shared';
import styles from './Addresses.module.css';

const EDITABLE = [
  { key: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { key: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State (optional)', autoComplete: 'address-level1' },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
] as const;

type EditableKey = (typeof EDITABLE)[number]['key'];
type Draft = Record<EditableKey, string>;

const draftOf = (a: Address): Draft => ({
  line1: a.line1 ?? '',
  line2: a.line2 ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: String(a.postalCode ?? ''),
  country: a.country ?? '',
});

/** One saved address; edited inline (SPEC §2), one card at a time is independent of the others. */
export function AddressCard({ address, index, onSaved }: { address: Address; index: number; onSaved: (address: Address) => void }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(address));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const original = draftOf(address);
  const changed = EDITABLE.some(({ key }) => draft[key] !== original[key]);

  const startEdit = () => {
    setDraft(draftOf(address));
    setError('');
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    setError('');
    try {
      const body = { fullName: address.fullName, ...draft };
      const { data } = await api.put<Address>(`/user/address/${encodeURIComponent(address._id)}`, body);
      onSaved(data?._id ? data : { ...address, ...draft });
      notify.success('Address updated successfully!');
      setEditing(false);
    } catch {
      setError('Could not update address');
      notify.error('Could not update address');
    } finally {
      setSaving(false);
    }
  };

  /** The address's lines that are filled in, each keyed by the field it shows. */
  const lines = (
    [
      ['line1', address.line1],
      ['line2', address.line2],
      ['cityState', [address.city, address.state].filter(Boolean).join(', ')],
      ['postalCode', address.postalCode],
      ['country', address.country],
    ] as const
  ).filter(([, text]) => text);

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {address.fullName || `Address ${index + 1}`}
          {index === 0 && <span className={styles.badge}>Default</span>}
        </h3>
        {!editing && (
          <Button size="small" variant="secondary" onClick={startEdit} aria-label={`Edit address ${index + 1}`}>
            Edit
          </Button>
        )}
      </header>
      {editing ? (
        <form className={styles.form} onSubmit={submit} noValidate aria-label={`Edit address ${index + 1}`}>
          <div className={styles.formGrid}>
            {EDITABLE.map(({ key, label, autoComplete }) => (
              <Field
                key={key}
                label={label}
                name={key}
                value={draft[key]}
                autoComplete={autoComplete}
                inputMode={key === 'postalCode' ? 'numeric' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              />
            ))}
          </div>
          {error && <p className={styles.error} role="alert">{error}</p>}
          <div className={styles.formActions}>
            <Button type="submit" disabled={!changed || saving}>Update</Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>Cancel</Button>
          </div>
        </form>
      ) : (
        <address className={styles.lines}>
          {lines.map(([field, text]) => <span key={field}>{text}</span>)}
        </address>
      )}
    </article>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, call, notify, refusalMessage, type Address } from '@shop/shared';
import { AddressFields, type AddressDraft } from './AddressFields';
import styles from './Addresses.module.css';

const EMPTY: AddressDraft = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };
export const ADD_MESSAGES = {
  invalid: 'Please enter a valid address',
  added: 'Address added',
  failed: 'Could not add the address',
} as const;

/** A new saved address (POST /user/addresses); SPEC §5's checkout rule: country, line1, city and a numeric postal code. */
export function NewAddressForm({ onAdded, onCancel }: { onAdded: (address: Address) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<AddressDraft>(EMPTY);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const d = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as AddressDraft;
    if (!d.line1 || !d.city || !d.country || !/^\d+$/.test(d.postalCode)) {
      setError(ADD_MESSAGES.invalid);
      return;
    }
    setError('');
    setSaving(true);
    try {
      const { data } = await call('addAddress', { body: d });
      notify.success(ADD_MESSAGES.added);
      onAdded(data);
    } catch (failure) {
      const message = refusalMessage(failure, ADD_MESSAGES.failed);
      setError(message);
      notify.error(message);
      setSaving(false);
    }
  };

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label="New address">
      <h3 className={styles.newTitle}>New address</h3>
      <AddressFields draft={draft} onChange={setDraft} />
      {error && <p className={styles.error} role="alert">{error}</p>}
      <div className={styles.formActions}>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save address'}</Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>Cancel</Button>
      </div>
    </form>
  );
}

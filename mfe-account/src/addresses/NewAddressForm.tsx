import { useState, type FormEvent } from 'react';
import { Button, call, notify, refusalMessage, type Address } from '@shop/shared';
import { AddressFields, type AddressDraft } from './AddressFields';
import styles from './Addresses.module.css';
import { useT } from '../messages';

const EMPTY: AddressDraft = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '', countryCode: '' };
export const ADD_MESSAGES = {
  invalid: 'addresses.invalid',
  added: 'addresses.added',
  failed: 'addresses.addFailed',
} as const;

/** A new saved address (POST /user/addresses); SPEC §5's checkout rule: country, line1, city and a numeric postal code. */
export function NewAddressForm({ onAdded, onCancel }: { onAdded: (address: Address) => void; onCancel: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<AddressDraft>(EMPTY);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const d = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as AddressDraft;
    if (!d.line1 || !d.city || !d.countryCode || !/^\d+$/.test(d.postalCode)) {
      setError(t(ADD_MESSAGES.invalid));
      return;
    }
    setError('');
    setSaving(true);
    try {
      const { data } = await call('addAddress', { body: d });
      notify.success(t(ADD_MESSAGES.added));
      onAdded(data);
    } catch (failure) {
      const message = refusalMessage(failure, t(ADD_MESSAGES.failed));
      setError(message);
      notify.error(message);
      setSaving(false);
    }
  };

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label={t('addresses.new')}>
      <h3 className={styles.newTitle}>{t('addresses.new')}</h3>
      <AddressFields draft={draft} onChange={setDraft} />
      {error && <p className={styles.error} role="alert">{error}</p>}
      <div className={styles.formActions}>
        <Button type="submit" disabled={saving}>{t(saving ? 'addresses.saving' : 'addresses.save')}</Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>{t('addresses.cancel')}</Button>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { addressCountryCode, Button, call, notify, useCountryName, type Address } from '@shop/shared';
import { ADDRESS_FIELDS as EDITABLE, AddressFields, type AddressDraft as Draft } from './AddressFields';
import styles from './Addresses.module.css';
import { useT } from '../messages';

const draftOf = (a: Address): Draft => ({
  line1: a.line1 ?? '',
  line2: a.line2 ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: String(a.postalCode ?? ''),
  country: a.country ?? '',
  // Issue 39: an address written before the list keeps its text; its code is read from it when it names a country.
  countryCode: addressCountryCode(a),
});

export const DELETE_MESSAGES = { deleted: 'addresses.deleted', failed: 'addresses.deleteFailed' } as const;

/** One saved address; edited inline (SPEC §2), one card at a time is independent of the others; deleted after a confirmation. */
export function AddressCard({
  address,
  index,
  onSaved,
  onDeleted,
}: {
  address: Address;
  index: number;
  onSaved: (address: Address) => void;
  onDeleted: (id: string) => void;
}) {
  const t = useT();
  const countryOf = useCountryName();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(address));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const original = draftOf(address);
  // The country is the one chosen (its code); its name follows it (an older address's 'UK' is the United Kingdom chosen again).
  const sameCountry = original.countryCode ? draft.countryCode === original.countryCode : draft.country === original.country;
  const changed = EDITABLE.some(({ key }) => key !== 'country' && draft[key] !== original[key]) || !sameCountry;

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
      const body = { fullName: address.fullName, ...draft, countryCode: draft.countryCode || null };
      const { data } = await call('updateAddress', { params: { id: address._id }, body });
      onSaved(data?._id ? data : { ...address, ...draft });
      notify.success(t('addresses.updated'));
      setEditing(false);
    } catch {
      setError(t('addresses.updateFailed'));
      notify.error(t('addresses.updateFailed'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    try {
      await call('deleteAddress', { params: { id: address._id } });
      notify.success(t(DELETE_MESSAGES.deleted));
      onDeleted(address._id);
    } catch {
      notify.error(t(DELETE_MESSAGES.failed));
      setDeleting(false);
      setConfirming(false);
    }
  };

  /** The address's lines that are filled in, each keyed by the field it shows. */
  const lines = (
    [
      ['line1', address.line1],
      ['line2', address.line2],
      ['cityState', [address.city, address.state].filter(Boolean).join(', ')],
      ['postalCode', address.postalCode],
      ['country', countryOf(address)],
    ] as const
  ).filter(([, text]) => text);

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {address.fullName || t('addresses.numbered', { n: index + 1 })}
          {index === 0 && <span className={styles.badge}>{t('addresses.default')}</span>}
        </h3>
        {!editing && !confirming && (
          <div className={styles.cardActions}>
            <Button size="small" variant="secondary" onClick={startEdit} aria-label={t('addresses.editOf', { n: index + 1 })}>
              {t('addresses.edit')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => setConfirming(true)} aria-label={t('addresses.deleteOf', { n: index + 1 })}>
              {t('addresses.delete')}
            </Button>
          </div>
        )}
      </header>
      {editing ? (
        <form className={styles.form} onSubmit={submit} noValidate aria-label={t('addresses.editOf', { n: index + 1 })}>
          <AddressFields draft={draft} onChange={setDraft} />
          {error && <p className={styles.error} role="alert">{error}</p>}
          <div className={styles.formActions}>
            <Button type="submit" disabled={!changed || saving}>{t('addresses.update')}</Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>{t('addresses.cancel')}</Button>
          </div>
        </form>
      ) : (
        <address className={styles.lines}>
          {lines.map(([field, text]) => <span key={field}>{text}</span>)}
        </address>
      )}
      {confirming && (
        <fieldset className={styles.confirm} aria-label={t('addresses.confirmOf', { n: index + 1 })}>
          <p className={styles.confirmText}>{t('addresses.confirm')}</p>
          <div className={styles.formActions}>
            <Button variant="danger" size="small" onClick={() => void remove()} disabled={deleting}>{t(deleting ? 'addresses.deleting' : 'addresses.delete')}</Button>
            <Button variant="secondary" size="small" onClick={() => setConfirming(false)} disabled={deleting}>{t('addresses.keep')}</Button>
          </div>
        </fieldset>
      )}
    </article>
  );
}

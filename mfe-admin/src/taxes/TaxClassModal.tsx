import { useEffect, useState, type FormEvent } from 'react';
import { apiFieldErrors, Button, call, Field, Modal, type TaxClass } from '@shop/shared';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';

/** Issue 39: a tax class's name (new, or renamed). */
export function TaxClassModal({ open, taxClass, onClose, onSaved }: { open: boolean; taxClass?: TaxClass; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, save] = useSaving();
  useEffect(() => {
    if (!open) return;
    setName(taxClass?.name ?? '');
    setFields({});
  }, [open, taxClass]);
  const dirty = name !== (taxClass?.name ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setFields({ name: 'Enter a name.' });
    const body = { name: name.trim() };
    const request = (taxClass ? call('updateTaxClass', { params: { id: taxClass._id }, body }) : call('createTaxClass', { body })).catch((error: unknown) => {
      setFields(apiFieldErrors(error));
      throw error;
    });
    const saved = await save(request, taxClass ? { pending: 'Updating Tax Class...', success: 'Tax Class Updated Successfully!', error: 'Failed to Update Tax Class.' } : { pending: 'Adding Tax Class...', success: 'Tax Class Added Successfully!', error: 'Failed to Add Tax Class.' });
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <Modal open={open} title={taxClass ? 'Rename Tax Class' : 'New Tax Class'} onClose={onClose} dirty={dirty && !busy}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Name" value={name} error={fields.name} maxLength={60} onChange={(e) => setName(e.target.value)} placeholder="Reduced" />
        <div className={styles.footer}>
          <Button type="submit" disabled={busy || !dirty}>{taxClass ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { apiFieldErrors, Button, call, Field, Modal, type ShippingZone } from '@shop/shared';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';
import { CountryPicker } from './CountryPicker';

export interface ZoneModalProps {
  open: boolean;
  /** The zone edited; none for a new one. */
  zone?: ShippingZone;
  /** Every zone, to show which countries another one has. */
  zones: ShippingZone[];
  onClose: () => void;
  onSaved: () => void;
}

/** Issue 39: a shipping zone, its name and countries (a country is in at most one zone). */
export function ZoneModal({ open, zone, zones, onClose, onSaved }: ZoneModalProps) {
  const [name, setName] = useState('');
  const [countries, setCountries] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, save] = useSaving();
  useEffect(() => {
    if (!open) return;
    setName(zone?.name ?? '');
    setCountries(zone?.countries ?? []);
    setFields({});
  }, [open, zone]);

  const taken = Object.fromEntries(zones.filter((z) => z._id !== zone?._id).flatMap((z) => z.countries.map((c) => [c, z.name])));
  const dirty = name !== (zone?.name ?? '') || countries.join() !== (zone?.countries ?? []).join();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setFields({ name: 'Enter a name.' });
    const body = { name: name.trim(), countries };
    const request = (zone ? call('updateShippingZone', { params: { id: zone._id }, body }) : call('createShippingZone', { body })).catch((error: unknown) => {
      setFields(apiFieldErrors(error));
      throw error;
    });
    const saved = await save(request, zone ? { pending: 'Updating Zone...', success: 'Zone Updated Successfully!', error: 'Failed to Update Zone.' } : { pending: 'Adding Zone...', success: 'Zone Added Successfully!', error: 'Failed to Add Zone.' });
    if (!saved) return;
    onSaved();
    onClose();
  };

  const countriesError = fields.countries ?? Object.entries(fields).find(([k]) => k.startsWith('countries'))?.[1];
  return (
    <Modal open={open} title={zone ? 'Edit Zone' : 'New Zone'} onClose={onClose} dirty={dirty && !busy}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Name" value={name} error={fields.name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="Europe" />
        <CountryPicker legend="Countries" value={countries} onChange={setCountries} taken={taken} error={countriesError} />
        <div className={styles.footer}>
          <Button type="submit" disabled={busy || !dirty}>{zone ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

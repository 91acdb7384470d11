import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiFieldErrors, Button, call, CountrySelect, Field, Modal, type TaxClass, type TaxRate } from '@shop/shared';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';

export interface TaxRateModalProps {
  open: boolean;
  rate?: TaxRate;
  classes: TaxClass[];
  onClose: () => void;
  onSaved: () => void;
}

/** Issue 39: a tax rate: its class, country (from the list), region (optional) and percent (0 to 100). */
export function TaxRateModal({ open, rate, classes, onClose, onSaved }: TaxRateModalProps) {
  const classId = useId();
  const [form, setForm] = useState({ classId: '', country: '', region: '', percent: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, save] = useSaving();
  useEffect(() => {
    if (!open) return;
    const fallback = classes.find((c) => c.isDefault)?._id ?? classes[0]?._id ?? '';
    setForm(rate ? { classId: rate.classId, country: rate.country, region: rate.region ?? '', percent: String(rate.percent) } : { classId: fallback, country: '', region: '', percent: '' });
    setFields({});
  }, [open, rate, classes]);
  const original = rate ? { classId: rate.classId, country: rate.country, region: rate.region ?? '', percent: String(rate.percent) } : null;
  const dirty = original ? JSON.stringify(original) !== JSON.stringify(form) : Boolean(form.country || form.region || form.percent);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    const percent = Number(form.percent);
    if (!form.country) local.country = 'Choose a country.';
    if (form.percent.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) local.percent = 'Enter a percent from 0 to 100.';
    if (Object.keys(local).length) return setFields(local);
    const body = { classId: form.classId, country: form.country, region: form.region.trim() || null, percent };
    const request = (rate ? call('updateTaxRate', { params: { id: rate._id }, body }) : call('createTaxRate', { body })).catch((error: unknown) => {
      setFields(apiFieldErrors(error));
      throw error;
    });
    const saved = await save(request, rate ? { pending: 'Updating Tax Rate...', success: 'Tax Rate Updated Successfully!', error: 'Failed to Update Tax Rate.' } : { pending: 'Adding Tax Rate...', success: 'Tax Rate Added Successfully!', error: 'Failed to Add Tax Rate.' });
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <Modal open={open} title={rate ? 'Edit Tax Rate' : 'New Tax Rate'} onClose={onClose} dirty={dirty && !busy}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={classId} className={styles.label}>Class</label>
        <select id={classId} className={styles.select} value={form.classId} onChange={(e) => setForm((f) => ({ ...f, classId: e.target.value }))} style={{ marginBottom: 'var(--space-4)' }} aria-invalid={Boolean(fields.classId) || undefined}>
          {classes.map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
        </select>
        {fields.classId && <p className={styles.error}>{fields.classId}</p>}
        <CountrySelect label="Country" value={form.country} error={fields.country} onChange={(country) => setForm((f) => ({ ...f, country }))} />
        <Field label="Region or state (optional)" value={form.region} error={fields.region} maxLength={100} onChange={(e) => setForm((f) => ({ ...f, region: e.target.value }))} placeholder="NY" />
        <Field label="Rate (%)" type="number" inputMode="decimal" min="0" max="100" step="0.001" value={form.percent} error={fields.percent} onChange={(e) => setForm((f) => ({ ...f, percent: e.target.value }))} placeholder="20" />
        <div className={styles.footer}>
          <Button type="submit" disabled={busy || !dirty}>{rate ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

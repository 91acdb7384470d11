import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiFieldErrors, Button, call, Field, Modal, useCurrencies, type ShippingMethod, type ShippingRateType, type ShippingZone } from '@shop/shared';
import { fromPriceList, PriceInputs, toPriceList, type PriceDraft } from '../common/PriceInputs';
import admin from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';
import { BandsEditor } from './BandsEditor';
import { bandProblems, bandsBody, bandsDraftOf, FLAT_BANDS, type BandDraft } from './bands';
import styles from './Shipping.module.css';

export interface MethodModalProps {
  /** The zone the method is (or goes) in; null: closed. */
  zone: ShippingZone | null;
  /** The method edited; none for a new one. */
  method?: ShippingMethod;
  onClose: () => void;
  onSaved: () => void;
}

const TYPES: Array<{ value: ShippingRateType; label: string }> = [
  { value: 'flat', label: 'Flat rate' },
  { value: 'weight', label: "By the parcel's weight" },
  { value: 'value', label: "By the order's value" },
];

/**
 * Issue 39: a shipping method of a zone: name, estimate, how it is priced (flat, weight bands, value
 * bands), its rate in each currency, and free over an amount per currency (optional).
 */
export function MethodModal({ zone, method, onClose, onSaved }: MethodModalProps) {
  const currencies = useCurrencies();
  const typeId = useId();
  const [name, setName] = useState('');
  const [estimate, setEstimate] = useState('');
  const [type, setType] = useState<ShippingRateType>('flat');
  const [bands, setBands] = useState<Record<string, BandDraft[]>>({});
  const [freeOver, setFreeOver] = useState<PriceDraft>({});
  const [checked, setChecked] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, save] = useSaving();
  const open = zone !== null;
  useEffect(() => {
    if (!open) return;
    setName(method?.name ?? '');
    setEstimate(method?.estimate ?? '');
    setType(method?.type ?? 'flat');
    setBands(Object.fromEntries((method?.rates ?? []).map((r) => [r.currType, bandsDraftOf(r.bands)])));
    setFreeOver(fromPriceList(method?.freeOver ?? []));
    setChecked(false);
    setFields({});
  }, [open, method]);

  const bandsOf = (currType: string) => bands[currType] ?? FLAT_BANDS;
  // A currency is priced once its first amount is typed; one left empty is not offered in it.
  const priced = currencies.filter((c) => bandsOf(c._id).some((b) => b.amount.trim() !== ''));
  const problems = priced.some((c) => Object.keys(bandProblems(type, bandsOf(c._id))).length > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !zone) return;
    setChecked(true);
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Enter a name.';
    if (priced.length === 0) local.rates = 'Give a price in at least one currency.';
    if (Object.keys(local).length || problems) return setFields(local);
    const body = {
      zoneId: zone._id,
      name: name.trim(),
      estimate: estimate.trim(),
      type,
      rates: priced.map((c) => ({ currType: c._id, bands: bandsBody(type, bandsOf(c._id)) })),
      freeOver: toPriceList(currencies, freeOver),
    };
    const request = (method ? call('updateShippingMethod', { params: { id: method._id }, body }) : call('createShippingMethod', { body })).catch((error: unknown) => {
      setFields(apiFieldErrors(error));
      throw error;
    });
    const saved = await save(request, method ? { pending: 'Updating Method...', success: 'Method Updated Successfully!', error: 'Failed to Update Method.' } : { pending: 'Adding Method...', success: 'Method Added Successfully!', error: 'Failed to Add Method.' });
    if (!saved) return;
    onSaved();
    onClose();
  };

  // The server names a rate's field by its place ("rates.1.bands"): shown under that currency's bands.
  const rateError = (index: number) => Object.entries(fields).find(([k]) => k === `rates.${index}` || k.startsWith(`rates.${index}.`) || k.startsWith(`rates/${index}`))?.[1];
  const freeOverError = Object.entries(fields).find(([k]) => k.startsWith('freeOver'))?.[1];
  return (
    <Modal open={open} title={method ? `Edit Method — ${zone?.name ?? ''}` : `New Method — ${zone?.name ?? ''}`} onClose={onClose} dirty={!busy && (name !== (method?.name ?? '') || checked)} wide>
      <form className={admin.form} onSubmit={submit} noValidate>
        <div className={styles.twoCols}>
          <Field label="Name" value={name} error={fields.name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="Standard" />
          <Field label="Delivery estimate" value={estimate} error={fields.estimate} maxLength={100} onChange={(e) => setEstimate(e.target.value)} placeholder="2-4 business days" />
        </div>
        <label htmlFor={typeId} className={admin.label}>Priced</label>
        <select id={typeId} className={admin.select} value={type} onChange={(e) => setType(e.target.value as ShippingRateType)} style={{ marginBottom: 'var(--space-3)' }}>
          {TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
        </select>
        {fields.type && <p className={styles.fieldError}>{fields.type}</p>}
        <fieldset className={admin.fieldset}>
          <legend>Rates</legend>
          {currencies.map((c) => {
            const index = priced.findIndex((p) => p._id === c._id);
            return (
              <div key={c._id} className={styles.rateBlock}>
                <h4>{`${c.code} (${c.symbol})`}</h4>
                <BandsEditor type={type} currency={c} bands={bandsOf(c._id)} onChange={(next) => setBands((all) => ({ ...all, [c._id]: next }))} showProblems={checked && index >= 0} serverError={index >= 0 ? rateError(index) : undefined} />
              </div>
            );
          })}
          {fields.rates && <p className={styles.formError} role="alert">{fields.rates}</p>}
        </fieldset>
        <PriceInputs legend="Free at or above (optional)" name="Free over" currencies={currencies} values={freeOver} onChange={setFreeOver} />
        {freeOverError && <p className={styles.formError} role="alert">{freeOverError}</p>}
        <p className={admin.muted}>Free over counts the goods after discounts and coupon, tax included where the currency's prices include it.</p>
        <div className={admin.footer}>
          <Button type="submit" disabled={busy}>{method ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

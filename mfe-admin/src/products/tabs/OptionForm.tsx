import { useState } from 'react';
import { Button, Field, type Currency } from '@shop/shared';
import { PriceInputs, samePrices } from '../../common/PriceInputs';
import styles from './ProductTabs.module.css';
import adminStyles from '../../common/admin.module.css';
import type { OptionDraft } from '../productDraft';

export interface OptionFormProps {
  currencies: Currency[];
  /** The option being edited; none for a new option. */
  initial?: OptionDraft;
  submitLabel: string;
  /** Rejects when the option was not saved (the form then keeps what was typed). */
  onSubmit: (option: Omit<OptionDraft, '_id'>) => Promise<unknown>;
  onCancel?: () => void;
}

/** A variant option: name, isActive, inStock, incRate per currency. New needs a name; Update needs a change. */
export function OptionForm({ currencies, initial, submitLabel, onSubmit, onCancel }: OptionFormProps) {
  const [draft, setDraft] = useState<Omit<OptionDraft, '_id'>>(
    initial ? { name: initial.name, isActive: initial.isActive, inStock: initial.inStock, incRate: initial.incRate } : { name: '', isActive: true, inStock: true, incRate: {} },
  );
  const [busy, setBusy] = useState(false);
  const unchanged =
    initial !== undefined &&
    draft.name.trim() === initial.name &&
    draft.isActive === initial.isActive &&
    draft.inStock === initial.inStock &&
    samePrices(currencies, draft.incRate, initial.incRate);
  const disabled = busy || !draft.name.trim() || unchanged;

  const submit = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      await onSubmit({ ...draft, name: draft.name.trim() });
      if (!initial) setDraft({ name: '', isActive: true, inStock: true, incRate: {} });
    } catch {
      /* the caller's toast tells the user */
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.optionForm} aria-label={initial ? `Edit option ${initial.name}` : 'New option'}>
      <Field
        label="Option name"
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div className={styles.checks}>
        <label className={adminStyles.check}>
          <input type="checkbox" checked={draft.isActive} onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })} /> Active
        </label>
        <label className={adminStyles.check}>
          <input type="checkbox" checked={draft.inStock} onChange={(e) => setDraft({ ...draft, inStock: e.target.checked })} /> In stock
        </label>
      </div>
      <PriceInputs legend="Price increase" currencies={currencies} values={draft.incRate} onChange={(incRate) => setDraft({ ...draft, incRate })} />
      <div className={adminStyles.rowActions}>
        <Button size="small" onClick={submit} disabled={disabled}>{submitLabel}</Button>
        {onCancel && <Button size="small" variant="secondary" onClick={onCancel}>Cancel</Button>}
      </div>
    </fieldset>
  );
}

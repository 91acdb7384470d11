import { useEffect, useState, type FormEvent } from 'react';
import { Button, call, Field, Modal, type Currency } from '@shop/shared';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';

export interface CurrencyModalProps {
  open: boolean;
  /** The currency being edited; none for 'New Currency'. */
  currency?: Currency;
  onClose: () => void;
  /** The currency added (its prices can then be filled from another's). */
  onAdded: (currency: Currency) => void;
  onUpdated: (currency: Currency) => void;
}

const empty = { name: '', code: '', symbol: '', pricesIncludeTax: false };

/** 'New Currency' and edit: name, code and symbol (SPEC §2, §5, §8). */
export function CurrencyModal({ open, currency, onClose, onAdded, onUpdated }: CurrencyModalProps) {
  const [form, setForm] = useState(empty);
  const [busy, save] = useSaving();
  useEffect(() => {
    if (open) setForm(currency ? { name: currency.name, code: currency.code, symbol: currency.symbol, pricesIncludeTax: currency.pricesIncludeTax ?? false } : empty);
  }, [open, currency]);

  const filled = Boolean(form.name.trim() && form.code.trim() && form.symbol.trim());
  const unchanged = Boolean(currency && form.name === currency.name && form.code === currency.code && form.symbol === currency.symbol && form.pricesIncludeTax === (currency.pricesIncludeTax ?? false));
  const disabled = busy || (currency ? unchanged : !filled);
  // Closing by Escape, the backdrop or × asks first once something was typed (issue 19).
  const dirty = currency ? !unchanged : Boolean(form.name.trim() || form.code.trim() || form.symbol.trim());
  const set = (key: 'name' | 'code' | 'symbol') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const body = { name: form.name.trim(), code: form.code.trim().toUpperCase(), symbol: form.symbol.trim(), pricesIncludeTax: form.pricesIncludeTax };
    if (currency) {
      const saved = await save(call('updateCurrency', { params: { id: currency._id }, body }), {
        pending: 'Updating Currency Details...',
        success: 'Currency Details Updated Successfully!',
        error: 'Failed to Update Currency Details.',
      });
      if (!saved) return;
      onUpdated(saved.data);
    } else {
      const saved = await save(call('createCurrency', { body }), {
        pending: 'Adding Currency...',
        success: 'Currency Added Successfully!',
        error: 'Failed to Add Currency.',
      });
      if (!saved) return;
      onAdded(saved.data);
    }
    onClose();
  };

  return (
    <Modal open={open} title={currency ? 'Edit Currency' : 'New Currency'} onClose={onClose} dirty={dirty && !busy}>
      <form className={styles.form} onSubmit={submit}>
        <Field label="Name" value={form.name} onChange={set('name')} placeholder="US Dollar" />
        <Field label="Code" value={form.code} onChange={set('code')} placeholder="USD" maxLength={3} />
        <Field label="Symbol" value={form.symbol} onChange={set('symbol')} placeholder="$" maxLength={8} />
        {/* Issue 39: EUR, GBP, INR prices are written with VAT in them; USD prices have tax added at checkout. */}
        <label className={styles.check}>
          <input type="checkbox" checked={form.pricesIncludeTax} onChange={(e) => setForm((f) => ({ ...f, pricesIncludeTax: e.target.checked }))} />
          Prices include tax (shown "incl. VAT"; otherwise tax is added at checkout, "+ tax")
        </label>
        <div className={styles.footer}>
          <Button type="submit" disabled={disabled}>{currency ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

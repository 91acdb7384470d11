import { useEffect, useState, type FormEvent } from 'react';
import { Button, call, Field, Modal, toLocalDateTimeInput, type Discount, type DiscountType } from '@shop/shared';
import { useAdminCurrencies } from '../common/useAdminCurrencies';
import { DiscountTypeSelect } from '../common/DiscountTypeSelect';
import { fromPriceList, PriceInputs, toDiscountValues, type PriceDraft } from '../common/PriceInputs';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';
import { DATE_OUT_OF_RANGE, fromLocalInput } from '@shop/shared/src/contract';

export interface DiscountModalProps {
  open: boolean;
  discount?: Discount;
  onClose: () => void;
  onAdded: () => void;
  onUpdated: (discount: Discount) => void;
}

interface Form {
  title: string;
  discountType: DiscountType | '';
  timeLimit: string;
  value: PriceDraft;
}
const empty: Form = { title: '', discountType: '', timeLimit: '', value: {} };

/** New and edit discount: name, Discount Type, one value per currency labelled by symbol, Time Limit (to the minute). */
export function DiscountModal({ open, discount, onClose, onAdded, onUpdated }: DiscountModalProps) {
  const currencies = useAdminCurrencies();
  const [form, setForm] = useState<Form>(empty);
  const [busy, save] = useSaving();
  useEffect(() => {
    if (!open) return;
    setForm(
      discount
        ? { title: discount.title, discountType: discount.discountType, timeLimit: toLocalDateTimeInput(discount.timeLimit), value: fromPriceList(discount.value) }
        : empty,
    );
  }, [open, discount]);

  // Closing by Escape, the backdrop or × asks first once the form differs from what it opened with (issue 19).
  const initial = discount
    ? { title: discount.title, discountType: discount.discountType, timeLimit: toLocalDateTimeInput(discount.timeLimit), value: fromPriceList(discount.value) }
    : empty;
  const dirty = open && !busy && JSON.stringify(form) !== JSON.stringify(initial);

  // SPEC §5: Add needs title, type and time limit; Update has no disabling rule.
  // The contract's reading of dates, the server's: a year outside 1970-9999 is refused before sending.
  const timeLimit = form.timeLimit ? fromLocalInput(form.timeLimit) : null;
  const timeLimitError = form.timeLimit && !timeLimit ? DATE_OUT_OF_RANGE : undefined;
  const disabled = busy || Boolean(timeLimitError) || (!discount && !(form.title.trim() && form.discountType && form.timeLimit));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { discountType } = form;
    if (disabled || !discountType) return;
    const body = {
      title: form.title.trim(),
      discountType,
      timeLimit: timeLimit ?? form.timeLimit,
      value: toDiscountValues(currencies, form.value),
    };
    if (discount) {
      const saved = await save(call('updateDiscount', { params: { id: discount._id }, body }), {
        pending: 'Updating Discount Details...',
        success: 'Discount Details Updated Successfully!',
        error: 'Failed to Update Discount Details.',
      });
      if (!saved) return;
      onUpdated(saved.data);
    } else {
      const saved = await save(call('createDiscount', { body }), {
        pending: 'Adding Discount...',
        success: 'Discount Added Successfully!',
        error: 'Failed to Add Discount.',
      });
      if (!saved) return;
      onAdded();
    }
    onClose();
  };

  return (
    <Modal open={open} title={discount ? 'Edit Discount' : 'New Discount'} onClose={onClose} dirty={dirty}>
      <form className={styles.form} onSubmit={submit}>
        <Field label="Name" value={form.title} onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))} placeholder="Summer sale" />
        <DiscountTypeSelect value={form.discountType} placeholder="Select a type" onChange={(discountType) => setForm((f) => ({ ...f, discountType }))} />
        <PriceInputs
          legend={form.discountType === 'percentage' ? 'Value (percent) per currency' : 'Value per currency'}
          name="Discount value"
          currencies={currencies}
          values={form.value}
          onChange={(value) => setForm((f) => ({ ...f, value }))}
        />
        <Field label="Time Limit" type="datetime-local" value={form.timeLimit} error={timeLimitError} onChange={(e) => setForm((f) => ({ ...f, timeLimit: e.target.value }))} />
        <div className={styles.footer}>
          <Button type="submit" disabled={disabled}>{discount ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

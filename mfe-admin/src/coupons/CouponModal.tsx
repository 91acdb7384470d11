import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { apiStatus, call, Button, Field, Modal, refusalMessage, type Coupon } from '@shop/shared';
import { useAdminCurrencies } from '../common/useAdminCurrencies';
import { DiscountTypeSelect } from '../common/DiscountTypeSelect';
import { PriceInputs } from '../common/PriceInputs';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';
import { couponBody, couponErrors, draftOf, emptyDraft, type CouponDraft, type CouponErrors } from './couponForm';
import { COUPON_TOASTS } from './couponRules';
import local from './Coupons.module.css';
import { ProductPicker } from './ProductPicker';
import { COUPON_CODE_MAX } from '@shop/shared/src/contract';

export interface CouponModalProps {
  open: boolean;
  /** The coupon being edited; none for 'New Coupon'. */
  coupon?: Coupon;
  onClose: () => void;
  onAdded: () => void;
  onUpdated: (coupon: Coupon) => void;
}

/** Blank: unlimited. */
const LIMIT_INPUT = { type: 'number', inputMode: 'numeric', min: '1', step: '1', placeholder: 'Unlimited' } as const;

/**
 * New and edit coupon: code, type, value (one percent, or an amount per currency), minimum subtotal,
 * dates, limits, first order only, active and products. The server's rules are checked here first,
 * each message beside its field; a refusal (400, a 409 for a code in use) is toasted and the modal stays.
 */
export function CouponModal({ open, coupon, onClose, onAdded, onUpdated }: CouponModalProps) {
  const currencies = useAdminCurrencies();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<CouponDraft>(emptyDraft);
  // Messages show from the first Add or Update on, then follow the typing. Not on leaving a field: a
  // message appearing then moves the button the pointer is pressing, and the click is lost.
  const [tried, setTried] = useState(false);
  const [codeTaken, setCodeTaken] = useState<string | null>(null);
  const [busy, save] = useSaving();
  // Once the messages are on screen, the first wrong field takes the focus (its message read with it).
  const [focusWrong, setFocusWrong] = useState(0);
  useEffect(() => {
    if (focusWrong) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] input')?.focus();
  }, [focusWrong]);
  useEffect(() => {
    if (!open) return;
    setDraft(coupon ? draftOf(coupon) : emptyDraft);
    setTried(false);
    setCodeTaken(null);
  }, [open, coupon]);

  const errors = couponErrors(draft, currencies);
  if (codeTaken && draft.code.trim() === codeTaken && !errors.code) errors.code = 'This code is already used by another coupon';
  const errorOf = (field: keyof CouponErrors) => (tried ? errors[field] : undefined);
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // A text field with a message of its own: its value, its change, its message.
  const bind = (key: keyof CouponErrors & keyof CouponDraft) => ({
    value: draft[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errorOf(key),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (Object.values(errors).some(Boolean)) {
      setTried(true);
      setFocusWrong((n) => n + 1);
      return;
    }
    const body = couponBody(draft, currencies);
    const request = (coupon ? call('updateCoupon', { params: { id: coupon._id }, body }) : call('createCoupon', { body })).catch((error: unknown) => {
      if (apiStatus(error) === 409) {
        setCodeTaken(body.code);
        setTried(true);
      }
      throw error;
    });
    const toasts = coupon ? COUPON_TOASTS.update : COUPON_TOASTS.add;
    const saved = await save(request, { ...toasts, error: (e) => refusalMessage(e, toasts.error) });
    if (!saved) return;
    if (coupon) onUpdated(saved.data);
    else onAdded();
    onClose();
  };

  const percentage = draft.discountType === 'percentage';
  return (
    <Modal open={open} title={coupon ? 'Edit Coupon' : 'New Coupon'} onClose={onClose} wide dirty={!busy && JSON.stringify(draft) !== JSON.stringify(coupon ? draftOf(coupon) : emptyDraft)}>
      <form ref={formRef} className={`${styles.form} ${local.form}`} onSubmit={submit} noValidate>
        <div className={local.pair}>
          <Field
            label="Code"
            {...bind('code')}
            placeholder="SUMMER15"
            maxLength={COUPON_CODE_MAX}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
          <DiscountTypeSelect value={draft.discountType} onChange={(discountType) => set('discountType', discountType)} />
        </div>
        {percentage ? (
          <div className={local.pair}>
            <Field label="Percent off" type="number" inputMode="decimal" min="0" max="100" step="0.01" {...bind('percent')} />
          </div>
        ) : (
          <div className={local.group} data-invalid={Boolean(errorOf('value'))}>
            <PriceInputs legend="Amount off per currency" name="Amount off" currencies={currencies} values={draft.value} onChange={(value) => set('value', value)} />
            <p className={`${styles.muted} ${local.hint}`}>A currency left blank cannot use the code.</p>
            {errorOf('value') && <p className={styles.error} role="alert">{errorOf('value')}</p>}
          </div>
        )}
        <div className={local.group}>
          <PriceInputs legend="Minimum subtotal per currency (optional)" name="Minimum subtotal" currencies={currencies} values={draft.minSubtotal} onChange={(minSubtotal) => set('minSubtotal', minSubtotal)} />
        </div>
        <div className={local.pair}>
          <Field label="Starts (optional)" type="datetime-local" {...bind('startsAt')} />
          <Field label="Ends (optional)" type="datetime-local" {...bind('endsAt')} />
        </div>
        <div className={local.pair}>
          <Field label="Usage limit" {...LIMIT_INPUT} {...bind('usageLimit')} />
          <Field label="Per-customer limit" {...LIMIT_INPUT} {...bind('perCustomerLimit')} />
        </div>
        <div className={local.checks}>
          <label className={styles.check}>
            <input type="checkbox" checked={draft.firstOrderOnly} onChange={(e) => set('firstOrderOnly', e.target.checked)} />
            First order only
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
            Active
          </label>
        </div>
        <ProductPicker value={draft.products} onChange={(products) => set('products', products)} />
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={busy}>{coupon ? 'Update' : 'Add'}</Button>
        </div>
      </form>
    </Modal>
  );
}

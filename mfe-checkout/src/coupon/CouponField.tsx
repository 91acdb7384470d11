import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, inputClass, useFormat, type OrderPreview } from '@shop/shared';
import { applyCoupon, clearCouponRefusal, forgetCoupon, useCoupon } from './couponState';
import styles from './Coupon.module.css';
import { useT } from '../messages';
import { COUPON_CODE_MAX, couponKey } from '@shop/shared/src/contract';


interface Props {
  /** The server's totals for the cart with the applied code (null until known). */
  preview: OrderPreview | null;
  /** The preview failed for a reason of the cart's own (shown by the page): the code is kept, unconfirmed. */
  failed: boolean;
  symbol: string;
}

/**
 * Issue 22: the shopper's coupon code, on the cart and checkout pages. Apply asks the server's preview
 * with the code: applied, it shows the code and its saving with Remove; refused, the server's reason
 * stays next to the field and the code is not kept (couponState).
 */
export function CouponField({ preview, failed, symbol }: Props) {
  const t = useT();
  const { money } = useFormat();
  const { code, refusal } = useCoupon();
  const [text, setText] = useState(refusal?.code ?? '');
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the field changes shape (Apply answered, Remove pressed).
  const focusNext = useRef<'input' | 'remove' | null>(null);

  const applied = code && preview?.coupon && couponKey(preview.coupon.code) === couponKey(code) ? preview.coupon : null;
  // Until the server's answer names the code (or fails), it is being checked.
  const checking = Boolean(code) && !applied && !failed;
  const kept = Boolean(code) && !checking;

  // A code refused on another page, or after the cart changed, is put back in the field to edit.
  useEffect(() => {
    if (!refusal) return;
    setText(refusal.code);
    focusNext.current = null;
  }, [refusal]);

  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeRef.current : focusNext.current === 'input' ? inputRef.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    if (checking || !text.trim()) return;
    focusNext.current = 'remove';
    applyCoupon(text);
  }

  function remove() {
    forgetCoupon();
    setText('');
    focusNext.current = 'input';
  }

  if (kept) {
    const shownCode = applied?.code ?? code;
    return (
      <div className={styles.coupon}>
        <p className={styles.label}>{t('coupon.label')}</p>
        <div className={styles.applied}>
          <p className={styles.appliedText} role="status">
            <span className={styles.code}>{shownCode}</span>
            {applied && <span className={styles.saving} data-testid="coupon-saving">{t('coupon.saving', { amount: money(applied.amount, symbol) })}</span>}
          </p>
          <button ref={removeRef} type="button" className={styles.remove} onClick={remove} aria-label={t('coupon.removeCode', { code: shownCode })}>
            {t('coupon.remove')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.coupon} onSubmit={apply} noValidate>
      <label htmlFor={inputId} className={styles.label}>{t('coupon.label')}</label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={inputId}
          className={`${inputClass} ${styles.input}`}
          value={checking ? text || code || '' : text}
          onChange={(e) => {
            setText(e.target.value);
            clearCouponRefusal();
          }}
          readOnly={checking}
          maxLength={COUPON_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={Boolean(refusal)}
          aria-describedby={refusal ? messageId : undefined}
        />
        {/* aria-disabled while checking: a disabled button would drop the keyboard's focus. */}
        <Button type="submit" variant="secondary" className={styles.apply} disabled={!checking && !text.trim()} aria-disabled={checking || undefined} aria-busy={checking}>
          {t(checking ? 'coupon.applying' : 'coupon.apply')}
        </Button>
      </div>
      {refusal && (
        <p id={messageId} className={styles.message} role="alert">
          {refusal.message}
        </p>
      )}
    </form>
  );
}

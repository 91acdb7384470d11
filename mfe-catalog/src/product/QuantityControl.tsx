import styles from './QuantityControl.module.css';
import { useT } from '../messages';

/** SPEC §5: the quantity is at least 1; and at most `max` (what is left of the combination), when given. */
export const clampQuantity = (value: number, max = Number.POSITIVE_INFINITY): number =>
  Number.isFinite(value) ? Math.max(1, Math.min(Math.floor(value), max)) : 1;

export function QuantityControl({ value, max, onChange }: { value: number; max?: number; onChange: (value: number) => void }) {
  const t = useT();
  const clamp = (next: number) => clampQuantity(next, max);
  return (
    <fieldset className={styles.quantity} aria-label={t('product.quantity')}>
      <button type="button" onClick={() => onChange(clamp(value - 1))} disabled={value <= 1} aria-label={t('product.decrease')}>−</button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        aria-label={t('product.quantity')}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
      />
      <button type="button" onClick={() => onChange(clamp(value + 1))} disabled={max !== undefined && value >= max} aria-label={t('product.increase')}>+</button>
    </fieldset>
  );
}

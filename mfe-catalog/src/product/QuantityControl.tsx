import styles from './QuantityControl.module.css';

/** SPEC §5: the quantity is at least 1; and at most `max` (what is left of the combination), when given. */
export const clampQuantity = (value: number, max = Number.POSITIVE_INFINITY): number =>
  Number.isFinite(value) ? Math.max(1, Math.min(Math.floor(value), max)) : 1;

export function QuantityControl({ value, max, onChange }: { value: number; max?: number; onChange: (value: number) => void }) {
  const clamp = (next: number) => clampQuantity(next, max);
  return (
    <fieldset className={styles.quantity} aria-label="Quantity">
      <button type="button" onClick={() => onChange(clamp(value - 1))} disabled={value <= 1} aria-label="Decrease quantity">−</button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        aria-label="Quantity"
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
      />
      <button type="button" onClick={() => onChange(clamp(value + 1))} disabled={max !== undefined && value >= max} aria-label="Increase quantity">+</button>
    </fieldset>
  );
}

import styles from './QuantityControl.module.css';

/** SPEC §5: the quantity is at least 1. */
export const clampQuantity = (value: number): number => (Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1);

export function QuantityControl({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <fieldset className={styles.quantity} aria-label="Quantity">
      <button type="button" onClick={() => onChange(clampQuantity(value - 1))} disabled={value <= 1} aria-label="Decrease quantity">−</button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        aria-label="Quantity"
        onChange={(e) => onChange(clampQuantity(Number(e.target.value)))}
      />
      <button type="button" onClick={() => onChange(clampQuantity(value + 1))} aria-label="Increase quantity">+</button>
    </fieldset>
  );
}

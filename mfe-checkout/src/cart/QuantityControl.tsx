import styles from './Cart.module.css';

interface Props {
  quantity: number;
  title: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/** Minus and plus by one; minus at 1 removes the line (SPEC §4). */
export function QuantityControl({ quantity, title, disabled, onChange }: Props) {
  return (
    <fieldset className={styles.quantity} aria-label={`Quantity of ${title}`}>
      <button type="button" className={styles.qtyButton} disabled={disabled} onClick={() => onChange(quantity - 1)} aria-label={`Decrease quantity of ${title}`} title={quantity <= 1 ? 'Remove from cart' : undefined}>
        −
      </button>
      <output className={styles.qtyValue} aria-live="polite">{quantity}</output>
      <button type="button" className={styles.qtyButton} disabled={disabled} onClick={() => onChange(quantity + 1)} aria-label={`Increase quantity of ${title}`}>
        +
      </button>
    </fieldset>
  );
}

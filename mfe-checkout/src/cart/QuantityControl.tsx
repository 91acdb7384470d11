import styles from './Cart.module.css';
import { useT } from '../messages';

interface Props {
  quantity: number;
  title: string;
  /** What is left of the line's combination (issue 17); null or undefined: no limit. */
  max?: number | null;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/**
 * Minus and plus by one; minus at 1 removes the line (SPEC §4). Plus stops at what is left, and minus
 * takes a line above it straight down to it (the server refuses any quantity above it; none left: removed).
 */
export function QuantityControl({ quantity, title, max, disabled, onChange }: Props) {
  const t = useT();
  const most = max ?? Number.POSITIVE_INFINITY;
  const down = Math.min(quantity - 1, most);
  return (
    <fieldset className={styles.quantity} aria-label={t('cart.quantityOf', { title })}>
      <button type="button" className={styles.qtyButton} disabled={disabled} onClick={() => onChange(down)} aria-label={t('cart.decrease', { title })} title={down < 1 ? t('cart.removeFromCart') : undefined}>
        −
      </button>
      <output className={styles.qtyValue} aria-live="polite">{quantity}</output>
      <button type="button" className={styles.qtyButton} disabled={disabled || quantity >= most} onClick={() => onChange(quantity + 1)} aria-label={t('cart.increase', { title })}>
        +
      </button>
    </fieldset>
  );
}

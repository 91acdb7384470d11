import { useId } from 'react';
import type { DiscountType } from '@shop/shared';
import styles from './admin.module.css';

export interface DiscountTypeSelectProps {
  value: DiscountType | '';
  onChange: (type: DiscountType) => void;
  /** A first, empty choice (a new discount starts with no type, SPEC §5); none: a type is always chosen. */
  placeholder?: string;
}

/** The labelled 'Discount Type' select (Fixed or Percentage) of the discount and coupon modals. */
export function DiscountTypeSelect({ value, onChange, placeholder }: DiscountTypeSelectProps) {
  const id = useId();
  return (
    <div className={styles.form} style={{ marginBottom: 'var(--space-4)' }}>
      <label htmlFor={id} className={styles.label}>Discount Type</label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value as DiscountType)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <option value="fixed">Fixed</option>
        <option value="percentage">Percentage</option>
      </select>
    </div>
  );
}

/** How a list names a type. */
export const discountTypeLabel = (type: DiscountType) => (type === 'percentage' ? 'Percentage' : 'Fixed');

import { useId, type ReactNode } from 'react';
import { Field, type Currency } from '@shop/shared';
import { PriceInputs } from '../../common/PriceInputs';
import { TagInput } from '../../common/TagInput';
import styles from '../../common/admin.module.css';
import type { DetailsDraft } from '../productDraft';

export interface DetailsTabProps {
  value: DetailsDraft;
  onChange: (value: DetailsDraft) => void;
  currencies: Currency[];
  titleError?: string;
  rates?: Record<string, number> | null;
  footer?: ReactNode;
}

/** Title, description, base price per currency, tags and features. */
export function DetailsTab({ value, onChange, currencies, titleError, rates, footer }: DetailsTabProps) {
  const descriptionId = useId();
  return (
    <div className={styles.form}>
      <Field label="Title" value={value.title} error={titleError} onChange={(e) => onChange({ ...value, title: e.target.value })} placeholder="Solitaire diamond ring" />
      <div className={styles.form} style={{ marginBottom: 'var(--space-4)' }}>
        <label htmlFor={descriptionId} className={styles.label}>Description</label>
        <textarea id={descriptionId} className={styles.select} rows={4} value={value.description} onChange={(e) => onChange({ ...value, description: e.target.value })} />
      </div>
      <PriceInputs legend="Base price" currencies={currencies} values={value.basePrice} rates={rates} onChange={(basePrice) => onChange({ ...value, basePrice })} />
      <TagInput label="Tags" tags={value.tags} onChange={(tags) => onChange({ ...value, tags })} placeholder="Type a tag and press Enter" />
      <TagInput label="Features" tags={value.features} onChange={(features) => onChange({ ...value, features })} placeholder="Type a feature and press Enter" />
      {footer}
    </div>
  );
}

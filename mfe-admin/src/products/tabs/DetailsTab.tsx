import { useId, type ReactNode } from 'react';
import { call, Field, fieldClass, urlOf, useLoad, type Currency } from '@shop/shared';
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
  const taxClassId = useId();
  // Issue 39: the classes a product may be taxed at (the default one when none is chosen).
  const taxClasses = useLoad(urlOf('taxClasses'), () => call('taxClasses').then(({ data }) => data), { keep: true });
  const defaultClass = taxClasses.data?.find((c) => c.isDefault);
  const weightProblem = value.weight.trim() !== '' && !(Number.isInteger(Number(value.weight)) && Number(value.weight) >= 0) ? 'Whole grams, 0 or more.' : undefined;
  return (
    <div className={styles.form}>
      <Field label="Title" value={value.title} error={titleError} onChange={(e) => onChange({ ...value, title: e.target.value })} placeholder="Solitaire diamond ring" />
      <div className={styles.form} style={{ marginBottom: 'var(--space-4)' }}>
        <label htmlFor={descriptionId} className={styles.label}>Description</label>
        <textarea id={descriptionId} className={styles.select} rows={4} value={value.description} onChange={(e) => onChange({ ...value, description: e.target.value })} />
      </div>
      <PriceInputs legend="Base price" currencies={currencies} values={value.basePrice} rates={rates} onChange={(basePrice) => onChange({ ...value, basePrice })} />
      {/* Issue 39: what a piece weighs in its parcel (shipping by weight) and how it is taxed. */}
      <div className={styles.grid}>
        <Field label="Weight (grams)" type="number" inputMode="numeric" min="0" step="1" value={value.weight} error={weightProblem} onChange={(e) => onChange({ ...value, weight: e.target.value })} placeholder="0" />
        <div className={fieldClass}>
          <label htmlFor={taxClassId}>Tax class</label>
          <select id={taxClassId} className={styles.select} value={value.taxClassId} onChange={(e) => onChange({ ...value, taxClassId: e.target.value })}>
            <option value="">{`Default class${defaultClass ? ` (${defaultClass.name})` : ''}`}</option>
            {(taxClasses.data ?? []).map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
          </select>
        </div>
      </div>
      <TagInput label="Tags" tags={value.tags} onChange={(tags) => onChange({ ...value, tags })} placeholder="Type a tag and press Enter" />
      <TagInput label="Features" tags={value.features} onChange={(features) => onChange({ ...value, features })} placeholder="Type a feature and press Enter" />
      {footer}
    </div>
  );
}

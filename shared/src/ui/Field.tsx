import { useId, type InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/** A labelled input whose error is announced next to it (and tied by aria-describedby). */
export function Field({ label, error, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} className={styles.input} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
      {error && <span id={errorId} className={styles.fieldError} role="alert">{error}</span>}
    </div>
  );
}

export const inputClass = styles.input;
export const fieldClass = styles.field;

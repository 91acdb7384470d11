import { useId } from 'react';
import styles from './Content.module.css';

/** A dense labelled text field of the Content page, its problem (if any) announced beside it. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  problem,
  multiline = false,
  placeholder,
  lang,
  type = 'text',
  rows = 3,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  problem?: string;
  multiline?: boolean;
  placeholder?: string;
  lang?: string;
  type?: 'text' | 'url';
  rows?: number;
}) {
  const id = useId();
  const props = {
    id,
    value,
    maxLength,
    placeholder,
    lang,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...props} rows={rows} onChange={(e) => onChange(e.target.value)} /> : <input type={type} {...props} onChange={(e) => onChange(e.target.value)} />}
      {problem && (
        <span id={`${id}-problem`} className={styles.problem}>
          {problem}
        </span>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import { inputClass } from '@shop/shared';
import styles from './admin.module.css';

export interface TagInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
}

/** Values typed and added with Enter (trimmed; blank and repeated ones are not added); clicking a tag removes it. */
export function TagInput({ label, tags, onChange, placeholder }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value && !tags.includes(value)) onChange([...tags, value]);
    setDraft('');
  };
  return (
    <div>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <input
        id={id}
        className={inputClass}
        value={draft}
        placeholder={placeholder ?? 'Type and press Enter'}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
      <ul className={styles.tags} aria-label={label}>
        {tags.map((tag) => (
          <li key={tag}>
            <button type="button" className={styles.tag} onClick={() => onChange(tags.filter((t) => t !== tag))} aria-label={`Remove ${tag}`}>
              {tag} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

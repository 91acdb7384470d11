import { inputClass } from '@shop/shared';
import styles from '../common/admin.module.css';

export function UserSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className={styles.search}>
      <input type="search" className={inputClass} placeholder="Search by Name/Email" aria-label="Search by Name/Email" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

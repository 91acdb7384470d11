import { useT } from '../messages';
import styles from './ui.module.css';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('spinner.loading')}</span>
    </div>
  );
}

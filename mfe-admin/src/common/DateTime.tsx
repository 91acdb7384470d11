import { formatDate } from '@shop/shared';
import adminStyles from './admin.module.css';

let clock: Intl.DateTimeFormat | undefined;

/** A moment as the back office lists it: 'Mar 4, 2026' and, quieter, '10:15 AM' (local time). */
export function DateTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  clock ??= new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
  return (
    <time dateTime={iso}>
      {formatDate(date)} <span className={adminStyles.muted}>{clock.format(date)}</span>
    </time>
  );
}

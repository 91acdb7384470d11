import { useT } from '../messages';
import styles from './ui.module.css';

export interface PaginationProps {
  page: number;
  limit: number;
  itemCount: number;
  onPageChange: (page: number) => void;
  /** Show "Showing from-to of total results" (the shop list does). */
  showRange?: boolean;
}

export function pageCount(itemCount: number, limit: number): number {
  return Math.max(1, Math.ceil(itemCount / Math.max(1, limit)));
}

export function Pagination({ page, limit, itemCount, onPageChange, showRange }: PaginationProps) {
  const t = useT();
  const pages = pageCount(itemCount, limit);
  const from = itemCount === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(itemCount, page * limit);
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      {showRange && <p className={styles.showing}>{t('pagination.showing', { from, to, count: itemCount })}</p>}
      {pages > 1 && (
        <ul className={styles.pages}>
          <li><button type="button" className={styles.page} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>{t('pagination.prev')}</button></li>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <li key={n}>
              <button type="button" className={styles.page} aria-current={n === page ? 'page' : undefined} aria-label={t('pagination.page', { page: n })} onClick={() => onPageChange(n)}>{n}</button>
            </li>
          ))}
          <li><button type="button" className={styles.page} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>{t('pagination.next')}</button></li>
        </ul>
      )}
    </nav>
  );
}

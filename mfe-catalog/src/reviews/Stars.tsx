import styles from './Reviews.module.css';
import { useT } from '../messages';

/** Five stars filled to a rating (a half star rounds to the nearest tenth's width); the number is for screen readers. */
export function Stars({ value, label, size = 'small' }: { value: number; label?: string; size?: 'small' | 'large' }) {
  const t = useT();
  const width = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.large : ''}`} role="img" aria-label={label ?? t('reviews.outOfFive', { rating: value })}>
      <span className={styles.starsEmpty} aria-hidden="true">★★★★★</span>
      <span className={styles.starsFull} style={{ width }} aria-hidden="true">★★★★★</span>
    </span>
  );
}

/** A product's average and count, as cards and the product page show it; nothing before its first approved review. */
export function RatingSummary({ rating, href }: { rating?: { average: number; count: number }; href?: string }) {
  const t = useT();
  if (!rating?.count) return null;
  const count = t('reviews.count', { count: rating.count });
  const text = (
    <>
      <Stars value={rating.average} label={t('reviews.rated', { average: rating.average })} />
      <span className={styles.average}>{t('reviews.averageShort', { average: rating.average })}</span>
      <span className={styles.count}>({count})</span>
    </>
  );
  return <p className={styles.summary} data-testid="rating-summary">{href ? <a href={href}>{text}</a> : text}</p>;
}

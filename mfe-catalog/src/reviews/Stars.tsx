import styles from './Reviews.module.css';

/** Five stars filled to a rating (a half star rounds to the nearest tenth's width); the number is for screen readers. */
export function Stars({ value, label, size = 'small' }: { value: number; label?: string; size?: 'small' | 'large' }) {
  const width = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.large : ''}`} role="img" aria-label={label ?? `${value.toFixed(1)} out of 5 stars`}>
      <span className={styles.starsEmpty} aria-hidden="true">★★★★★</span>
      <span className={styles.starsFull} style={{ width }} aria-hidden="true">★★★★★</span>
    </span>
  );
}

/** A product's average and count, as cards and the product page show it; nothing before its first approved review. */
export function RatingSummary({ rating, href }: { rating?: { average: number; count: number }; href?: string }) {
  if (!rating?.count) return null;
  const count = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  const text = (
    <>
      <Stars value={rating.average} label={`Rated ${rating.average.toFixed(1)} out of 5`} />
      <span className={styles.average}>{rating.average.toFixed(1)}</span>
      <span className={styles.count}>({count})</span>
    </>
  );
  return <p className={styles.summary} data-testid="rating-summary">{href ? <a href={href}>{text}</a> : text}</p>;
}

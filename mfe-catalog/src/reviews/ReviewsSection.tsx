import { useState } from 'react';
import {
  apiErrorMessage,
  Button,
  formatDate,
  Link,
  notify,
  Pagination,
  useLoad,
  useSessionValue,
  type Product,
  type Review,
  type ReviewSort,
  call,
  type MyReview,
  urlOf,
  ROUTE_PATHS,
} from '@shop/shared';
import { ReviewForm } from './ReviewForm';
import { Stars } from './Stars';
import styles from './Reviews.module.css';
import { type CatalogKey, useT } from '../messages';
import { REVIEW_ERRORS, REVIEW_SORTS } from '@shop/shared/src/contract';

const PAGE_SIZE = 5;
const SORT_LABELS: Record<ReviewSort, CatalogKey> = { newest: 'reviews.sort.newest', highest: 'reviews.sort.highest', lowest: 'reviews.sort.lowest', helpful: 'reviews.sort.helpful' };
const statusNote = { pending: 'reviews.status.pending', rejected: 'reviews.status.rejected', approved: 'reviews.status.approved' } as const;

/** The product page's reviews (issue 41): average and stars, the approved reviews sorted and paged, and the buyer's own review form. */
export function ReviewsSection({ product }: { product: Product }) {
  const t = useT();
  const session = useSessionValue();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const list = useLoad(urlOf('productReviews', { params: { id: product._id }, query: { sort, page, limit: PAGE_SIZE } }), () => call('productReviews', { params: { id: product._id }, query: { sort, page, limit: PAGE_SIZE } }).then(({ data }) => data), { keep: true });
  const signedIn = session.auth && session.role === 'customer';
  const mine = useLoad(signedIn && urlOf('myReview', { params: { id: product._id } }), () => call('myReview', { params: { id: product._id } }).then(({ data }) => data));
  const data = list.data;

  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      <div className={styles.head}>
        <div>
          {data && data.count > 0 ? (
            <>
              <p className={styles.summary}>
                <Stars value={data.average} size="large" label={t('reviews.rated', { average: data.average })} />
                <span className={styles.average}>{t('reviews.average', { average: data.average })}</span>
              </p>
              <p className={styles.count}>{t('reviews.count', { count: data.count })}</p>
              <ul className={styles.histogram} aria-label={t('reviews.byStars')}>
                {(['5', '4', '3', '2', '1'] as const).map((n) => (
                  <li key={n}>
                    <span>{t('reviews.stars', { n: Number(n) })}</span>
                    <span className={styles.bar} aria-hidden="true"><span style={{ width: `${(data.histogram[n] / data.count) * 100}%` }} /></span>
                    <span>{data.histogram[n]}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            data && <p className={styles.note}>{t('reviews.none')}</p>
          )}
        </div>
        <div id="write-review">
          <OwnReview productId={product._id} signedIn={signedIn} mine={mine.data} onChange={() => { mine.reload(); list.reload(); }} />
        </div>
      </div>
      {data && data.itemCount > 0 && (
        <>
          <div className={styles.toolbar}>
            <label>
              {t('reviews.sortBy')}{' '}
              <select value={sort} onChange={(e) => { setSort(e.target.value as ReviewSort); setPage(1); }}>
                {REVIEW_SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABELS[s])}</option>)}
              </select>
            </label>
          </div>
          <ul className={styles.list} data-testid="review-list">
            {data.items.map((r) => <ReviewItem key={r._id} review={r} canVote={signedIn && mine.data?.review?._id !== r._id} />)}
          </ul>
          <Pagination page={page} limit={PAGE_SIZE} itemCount={data.itemCount} onPageChange={setPage} />
        </>
      )}
      {list.status === 'failed' && <p className={styles.error}>{t('reviews.failed')}</p>}
    </section>
  );
}

function OwnReview({ productId, signedIn, mine, onChange }: { productId: string; signedIn: boolean; mine: MyReview | undefined; onChange: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  if (!signedIn) return <p className={styles.note}><Link to={ROUTE_PATHS.login}>{REVIEW_ERRORS.signIn}</Link></p>;
  if (!mine) return null;
  const own = mine.review;
  if (!own) {
    if (!mine.canReview) return <p className={styles.note}>{REVIEW_ERRORS.notBuyer}</p>;
    return (
      <>
        <h3>{t('reviews.write')}</h3>
        <ReviewForm productId={productId} onSaved={onChange} />
      </>
    );
  }
  if (editing) {
    return (
      <>
        <h3>{t('reviews.edit')}</h3>
        <ReviewForm productId={productId} existing={own} onSaved={() => { setEditing(false); onChange(); }} onCancel={() => setEditing(false)} />
      </>
    );
  }
  const remove = async () => {
    if (!window.confirm(t('reviews.confirmDelete'))) return;
    try {
      await call('deleteReview', { params: { id: own._id } });
      notify.success(t('reviews.deleted'));
      onChange();
    } catch (error) {
      notify.error(apiErrorMessage(error, t('reviews.deleteFailed')));
    }
  };
  return (
    <div>
      <h3>{t('reviews.yours')}</h3>
      <p className={styles.note}>{t(statusNote[own.status])}</p>
      <Stars value={own.rating} />
      <p className={styles.reviewTitle}>{own.title}</p>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => setEditing(true)}>{t('reviews.editButton')}</Button>
        <Button variant="danger" size="small" onClick={remove}>{t('reviews.deleteButton')}</Button>
      </div>
    </div>
  );
}

function ReviewItem({ review, canVote }: { review: Review; canVote: boolean }) {
  const t = useT();
  const [helpful, setHelpful] = useState(review.helpful);
  const [voted, setVoted] = useState(false);
  const vote = async () => {
    try {
      await call('markReviewHelpful', { params: { id: review._id } });
      setHelpful((n) => n + 1);
      setVoted(true);
    } catch (error) {
      setVoted(true);
      notify.error(apiErrorMessage(error, t('reviews.voteFailed')));
    }
  };
  return (
    <li className={styles.review} data-testid="review">
      <Stars value={review.rating} label={t('reviews.starsOutOfFive', { rating: review.rating })} />
      <h3 className={styles.reviewTitle}>{review.title}</h3>
      <p className={styles.meta}>
        {review.author} · {formatDate(review.createdAt)} · <span className={styles.verified}>{t('reviews.verified')}</span>
      </p>
      <p className={styles.reviewBody}>{review.body}</p>
      {review.reply && (
        <div className={styles.reply}>
          <strong>{t('reviews.reply')}</strong> {review.reply}
        </div>
      )}
      <p className={styles.meta}>
        {canVote ? (
          <Button variant="secondary" size="small" disabled={voted} onClick={vote} aria-pressed={voted}>
            {t('reviews.helpfulVote', { helpful })}
          </Button>
        ) : (
          helpful > 0 && t('reviews.foundHelpful', { helpful })
        )}
      </p>
    </li>
  );
}

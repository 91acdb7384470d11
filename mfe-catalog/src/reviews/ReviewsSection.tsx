import { useState } from 'react';
import { apiErrorMessage, Button, formatDate, Link, notify, Pagination, REVIEW_ERRORS, REVIEW_SORTS, useLoad, useSessionValue, type Product, type Review, type ReviewSort, call, type MyReview, urlOf, ROUTE_PATHS } from '@shop/shared';
import { ReviewForm } from './ReviewForm';
import { Stars } from './Stars';
import styles from './Reviews.module.css';

const PAGE_SIZE = 5;
const SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest', highest: 'Highest rated', lowest: 'Lowest rated', helpful: 'Most helpful' };
const statusNote = { pending: 'Your review is waiting for approval.', rejected: 'Your review was not published. You can edit it and send it again.', approved: 'Your review is published.' } as const;

/** The product page's reviews (issue 41): average and stars, the approved reviews sorted and paged, and the buyer's own review form. */
export function ReviewsSection({ product }: { product: Product }) {
  const session = useSessionValue();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const list = useLoad(urlOf('productReviews', { params: { id: product._id }, query: { sort, page, limit: PAGE_SIZE } }), () => call('productReviews', { params: { id: product._id }, query: { sort, page, limit: PAGE_SIZE } }).then(({ data }) => data), { keep: true });
  const signedIn = session.auth && session.role === 'customer';
  const mine = useLoad(signedIn && urlOf('myReview', { params: { id: product._id } }), () => call('myReview', { params: { id: product._id } }).then(({ data }) => data));
  const data = list.data;

  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer reviews</h2>
      <div className={styles.head}>
        <div>
          {data && data.count > 0 ? (
            <>
              <p className={styles.summary}>
                <Stars value={data.average} size="large" label={`Rated ${data.average.toFixed(1)} out of 5`} />
                <span className={styles.average}>{data.average.toFixed(1)} out of 5</span>
              </p>
              <p className={styles.count}>{data.count} {data.count === 1 ? 'review' : 'reviews'}</p>
              <ul className={styles.histogram} aria-label="Reviews by stars">
                {(['5', '4', '3', '2', '1'] as const).map((n) => (
                  <li key={n}>
                    <span>{n} {n === '1' ? 'star' : 'stars'}</span>
                    <span className={styles.bar} aria-hidden="true"><span style={{ width: `${(data.histogram[n] / data.count) * 100}%` }} /></span>
                    <span>{data.histogram[n]}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            data && <p className={styles.note}>No reviews yet.</p>
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
              Sort by{' '}
              <select value={sort} onChange={(e) => { setSort(e.target.value as ReviewSort); setPage(1); }}>
                {REVIEW_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
              </select>
            </label>
          </div>
          <ul className={styles.list} data-testid="review-list">
            {data.items.map((r) => <ReviewItem key={r._id} review={r} canVote={signedIn && mine.data?.review?._id !== r._id} />)}
          </ul>
          <Pagination page={page} limit={PAGE_SIZE} itemCount={data.itemCount} onPageChange={setPage} />
        </>
      )}
      {list.status === 'failed' && <p className={styles.error}>The reviews could not be loaded.</p>}
    </section>
  );
}

function OwnReview({ productId, signedIn, mine, onChange }: { productId: string; signedIn: boolean; mine: MyReview | undefined; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  if (!signedIn) return <p className={styles.note}><Link to={ROUTE_PATHS.login}>{REVIEW_ERRORS.signIn}</Link></p>;
  if (!mine) return null;
  const own = mine.review;
  if (!own) {
    if (!mine.canReview) return <p className={styles.note}>{REVIEW_ERRORS.notBuyer}</p>;
    return (
      <>
        <h3>Write a review</h3>
        <ReviewForm productId={productId} onSaved={onChange} />
      </>
    );
  }
  if (editing) {
    return (
      <>
        <h3>Edit your review</h3>
        <ReviewForm productId={productId} existing={own} onSaved={() => { setEditing(false); onChange(); }} onCancel={() => setEditing(false)} />
      </>
    );
  }
  const remove = async () => {
    if (!window.confirm('Delete your review?')) return;
    try {
      await call('deleteReview', { params: { id: own._id } });
      notify.success('Your review was deleted.');
      onChange();
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Your review could not be deleted.'));
    }
  };
  return (
    <div>
      <h3>Your review</h3>
      <p className={styles.note}>{statusNote[own.status]}</p>
      <Stars value={own.rating} />
      <p className={styles.reviewTitle}>{own.title}</p>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => setEditing(true)}>Edit</Button>
        <Button variant="danger" size="small" onClick={remove}>Delete</Button>
      </div>
    </div>
  );
}

function ReviewItem({ review, canVote }: { review: Review; canVote: boolean }) {
  const [helpful, setHelpful] = useState(review.helpful);
  const [voted, setVoted] = useState(false);
  const vote = async () => {
    try {
      await call('markReviewHelpful', { params: { id: review._id } });
      setHelpful((n) => n + 1);
      setVoted(true);
    } catch (error) {
      setVoted(true);
      notify.error(apiErrorMessage(error, 'Your vote could not be counted.'));
    }
  };
  return (
    <li className={styles.review} data-testid="review">
      <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
      <h3 className={styles.reviewTitle}>{review.title}</h3>
      <p className={styles.meta}>
        {review.author} · {formatDate(review.createdAt)} · <span className={styles.verified}>Verified buyer</span>
      </p>
      <p className={styles.reviewBody}>{review.body}</p>
      {review.reply && (
        <div className={styles.reply}>
          <strong>Reply from Aurelia Jewels:</strong> {review.reply}
        </div>
      )}
      <p className={styles.meta}>
        {canVote ? (
          <Button variant="secondary" size="small" disabled={voted} onClick={vote} aria-pressed={voted}>
            Was this helpful? Yes ({helpful})
          </Button>
        ) : (
          helpful > 0 && `${helpful} found this helpful`
        )}
      </p>
    </li>
  );
}

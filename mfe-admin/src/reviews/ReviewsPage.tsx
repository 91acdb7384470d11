import { useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  call,
  Button,
  inputClass,
  Link,
  Modal,
  notify,
  type Column,
  type ReviewAdmin,
  type ReviewAdminPage,
  type ReviewStatus,
} from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { PagedList, usePagedList } from '../common/PagedList';
import { AdminLayout } from '../layout/AdminLayout';
import styles from './Reviews.module.css';
import { REVIEW_LIMITS, REVIEW_STATUSES } from '@shop/shared/src/contract';

export const REVIEWS_PAGE_SIZE = 20;
export const REVIEWS_FAILED = 'Failed to fetch reviews';
const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/**
 * /reviews (issue 41): the review queue, pending first; approve, reject with a reason kept for the back
 * office, reply publicly (shown under the review); search by product, customer or words. Every
 * decision is in the audit log (the API records it).
 */
export default function ReviewsPage() {
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<ReviewAdmin | null>(null);
  const list = usePagedList<ReviewAdmin>('adminReviews', REVIEWS_PAGE_SIZE, REVIEWS_FAILED, { status, keyword });
  const answer = list.loaded.data as ReviewAdminPage | undefined;

  const saved = (review: ReviewAdmin) => {
    setOpen(null);
    list.loaded.reload();
    notify.success(`Review ${STATUS_LABELS[review.status].toLowerCase()}`);
  };
  const decide = async (review: ReviewAdmin, next: ReviewStatus) => {
    try {
      saved((await call('moderateReview', { params: { id: review._id }, body: { status: next } })).data);
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Failed to update the review'));
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(typed.trim());
  };

  const columns: Column<ReviewAdmin>[] = [
    { header: 'Date', cell: (r) => <DateTime iso={r.createdAt} /> },
    { header: 'Product', cell: (r) => <Link to={`/${r.product.slug}`}>{r.product.title}</Link> },
    { header: 'Customer', cell: (r) => <><span className={styles.name}>{r.author}</span><span className={styles.email}>{r.customer?.email ?? 'Account deleted'}</span></> },
    { header: 'Rating', cell: (r) => <span role="img" aria-label={`${r.rating} out of 5 stars`}>{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</span> },
    {
      header: 'Review',
      cell: (r) => (
        <button type="button" className={styles.preview} onClick={() => setOpen(r)}>
          <strong>{r.title}</strong> {r.body}
        </button>
      ),
    },
    { header: 'Status', cell: (r) => <span className={`${styles.status} ${styles[r.status]}`}>{STATUS_LABELS[r.status]}</span> },
    {
      header: 'Actions',
      cell: (r) => (
        <div className={adminStyles.rowActions}>
          {r.status !== 'approved' && <Button size="small" onClick={() => void decide(r, 'approved')} aria-label={`Approve the review by ${r.author}`}>Approve</Button>}
          {r.status !== 'rejected' && <Button size="small" variant="secondary" onClick={() => setOpen(r)} aria-label={`Reject or reply to the review by ${r.author}`}>Reject or reply</Button>}
        </div>
      ),
    },
  ];

  return (
    <AdminLayout title="Reviews" actions={<Button variant="secondary" size="small" onClick={list.loaded.reload}>Refresh</Button>}>
      <div className={styles.toolbar}>
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as ReviewStatus | '')}>
            <option value="">All (pending first)</option>
            {REVIEW_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}{answer ? ` (${answer.counts[s]})` : ''}</option>)}
          </select>
        </label>
        <search>
          <form onSubmit={search} className={styles.search}>
            <label htmlFor="reviews-search" className="visually-hidden">Search reviews by product, customer or text</label>
            <input id="reviews-search" type="search" className={inputClass} placeholder="Product, customer or text…" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <Button type="submit" size="small" variant="secondary">Search</Button>
          </form>
        </search>
      </div>
      <div className={styles.list}>
        <PagedList list={list} columns={columns} caption="Reviews, pending first" empty="No reviews found." />
      </div>
      <ModerationModal review={open} onClose={() => setOpen(null)} onSaved={saved} />
    </AdminLayout>
  );
}

function ModerationModal({ review, onClose, onSaved }: { review: ReviewAdmin | null; onClose: () => void; onSaved: (r: ReviewAdmin) => void }) {
  const [reason, setReason] = useState('');
  const [reply, setReply] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  if (review && shown !== review._id) {
    setShown(review._id);
    setReason(review.reason ?? '');
    setReply(review.reply ?? '');
  }
  const save = async (status: ReviewStatus) => {
    if (!review) return;
    try {
      onSaved((await call('moderateReview', { params: { id: review._id }, body: { status, reason: status === 'rejected' ? reason : null, reply } })).data);
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Failed to update the review'));
    }
  };
  return (
    <Modal open={!!review} title="Review" onClose={onClose}>
      {review && (
        <div className={styles.modal}>
          <p className={styles.meta}>
            {'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)} · {review.author} · {review.product.title} · {STATUS_LABELS[review.status]}
          </p>
          <h3>{review.title}</h3>
          <p className={styles.full}>{review.body}</p>
          <label htmlFor="review-reply">Public reply (shown under the review)</label>
          <textarea id="review-reply" className={inputClass} maxLength={REVIEW_LIMITS.reply} value={reply} onChange={(e) => setReply(e.target.value)} />
          <label htmlFor="review-reason">Reason for rejecting (kept internally)</label>
          <textarea id="review-reason" className={inputClass} maxLength={REVIEW_LIMITS.reason} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className={adminStyles.rowActions}>
            <Button onClick={() => void save('approved')}>Approve{reply.trim() ? ' and reply' : ''}</Button>
            <Button variant="danger" onClick={() => void save('rejected')}>Reject</Button>
            {review.status !== 'pending' && <Button variant="secondary" onClick={() => void save(review.status)}>Save reply</Button>}
          </div>
        </div>
      )}
    </Modal>
  );
}

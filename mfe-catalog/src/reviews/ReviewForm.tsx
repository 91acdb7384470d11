import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, Button, inputClass, notify, type ReviewAdmin, type ReviewBody, type ReviewErrors, call } from '@shop/shared';
import styles from './Reviews.module.css';
import { type CatalogKey, useT } from '../messages';
import { REVIEW_ERRORS, REVIEW_LIMITS, checkReview } from '@shop/shared/src/contract';

/** The contract's rule (checkReview) finds the faults; the form says them in the page's language (issue 37). */
const ERROR_KEYS: Partial<Record<string, CatalogKey>> = {
  [REVIEW_ERRORS.rating]: 'reviewForm.errorRating',
  [REVIEW_ERRORS.title]: 'reviewForm.errorTitle',
  [REVIEW_ERRORS.titleLong]: 'reviewForm.errorTitleLong',
  [REVIEW_ERRORS.bodyShort]: 'reviewForm.errorBodyShort',
  [REVIEW_ERRORS.bodyLong]: 'reviewForm.errorBodyLong',
};

interface ReviewFormProps {
  productId: string;
  /** The customer's review being edited; none: a new one. */
  existing?: ReviewAdmin;
  onSaved: (review: ReviewAdmin) => void;
  onCancel?: () => void;
}

/** Write or edit a review: 1-5 stars, a title and the text, checked as the API checks them (contract checkReview). */
export function ReviewForm({ productId, existing, onSaved, onCancel }: ReviewFormProps) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<ReviewBody>({ rating: existing?.rating ?? 0, title: existing?.title ?? '', body: existing?.body ?? '' });
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [sending, setSending] = useState(false);
  const set = (field: keyof ReviewBody, value: string | number) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const { value, errors: found } = checkReview(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    try {
      const { data } = existing ? await call('editReview', { params: { id: existing._id }, body: value }) : await call('writeReview', { params: { id: productId }, body: value });
      notify.success(t(data.status === 'approved' ? 'reviewForm.published' : 'reviewForm.pending'));
      onSaved(data);
    } catch (error) {
      notify.error(apiErrorMessage(error, t('reviewForm.failed')));
    } finally {
      setSending(false);
    }
  }

  const said = (error: string | undefined) => {
    const key = error ? ERROR_KEYS[error] : undefined;
    return key ? t(key, { max: key === 'reviewForm.errorTitleLong' ? REVIEW_LIMITS.title : REVIEW_LIMITS.body, min: REVIEW_LIMITS.bodyMin }) : error;
  };
  const described = (field: keyof ReviewBody) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t(existing ? 'reviews.edit' : 'reviews.write')}>
      <fieldset className={styles.starPicker} aria-describedby={described('rating')}>
        <legend>{t('reviewForm.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= values.rating ? styles.on : undefined}>
            <input type="radio" name={`${id}-rating`} value={n} checked={values.rating === n} onChange={() => set('rating', n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('reviews.stars', { n })}</span>
          </label>
        ))}
      </fieldset>
      {errors.rating && <span id={`${id}-rating-error`} className={styles.error} role="alert">{said(errors.rating)}</span>}
      <label htmlFor={`${id}-title`}>{t('reviewForm.title')}</label>
      <input id={`${id}-title`} className={inputClass} value={values.title} maxLength={REVIEW_LIMITS.title} onChange={(e) => set('title', e.target.value)} aria-invalid={Boolean(errors.title)} aria-describedby={described('title')} />
      {errors.title && <span id={`${id}-title-error`} className={styles.error} role="alert">{said(errors.title)}</span>}
      <label htmlFor={`${id}-body`}>{t('reviews.yours')}</label>
      <textarea id={`${id}-body`} className={inputClass} value={values.body} maxLength={REVIEW_LIMITS.body} onChange={(e) => set('body', e.target.value)} aria-invalid={Boolean(errors.body)} aria-describedby={described('body') ?? `${id}-count`} />
      <span id={`${id}-count`} className={styles.note}>{t('reviewForm.count', { count: values.body.trim().length, max: REVIEW_LIMITS.body, min: REVIEW_LIMITS.bodyMin })}</span>
      {errors.body && <span id={`${id}-body-error`} className={styles.error} role="alert">{said(errors.body)}</span>}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending} aria-busy={sending}>{t(sending ? 'reviewForm.sending' : existing ? 'reviewForm.save' : 'reviewForm.submit')}</Button>
        {onCancel && <Button type="button" variant="secondary" onClick={onCancel}>{t('reviewForm.cancel')}</Button>}
      </div>
    </form>
  );
}

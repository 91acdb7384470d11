import { type FormEvent, useState } from 'react';
import { Button, Field, PAGE_HEADS, call, notify, refusalMessage, useDocumentTitle } from '@shop/shared';
import { useT } from '../messages';
import styles from './OrderStatus.module.css';
import { formatOrderNumber, isEmailAddress } from '@shop/shared/src/contract';

/**
 * /find-my-order (issue 40): a guest who lost the order link gives the order number and the e-mail; the
 * server e-mails a new link when they match, and answers the same either way (so the page does too).
 */
export default function FindOrderPage() {
  useDocumentTitle(PAGE_HEADS['checkout/FindOrderPage']);
  const t = useT();
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      ...(!orderNumber.trim() && { orderNumber: t('findOrder.numberRequired') }),
      ...(!isEmailAddress(email.trim()) && { email: t('findOrder.emailInvalid') }),
    };
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await call('findMyOrder', { body: { orderNumber: orderNumber.trim(), email: email.trim() } });
      setSent(true);
    } catch (err) {
      notify.error(refusalMessage(err, t('findOrder.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="find-title">
      <h1 id="find-title">{t('findOrder.title')}</h1>
      <p className={styles.lead}>{t('findOrder.lead')}</p>
      {sent ? (
        <p role="status" className={styles.sent}>{t('findOrder.sent')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
          <Field label={t('findOrder.number')} name="orderNumber" value={orderNumber} placeholder={formatOrderNumber(100042)} error={errors.orderNumber} onChange={(e) => setOrderNumber(e.target.value)} maxLength={40} />
          <Field label={t('findOrder.email')} name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
          <Button type="submit" disabled={busy} aria-busy={busy}>{t('findOrder.submit')}</Button>
        </form>
      )}
    </section>
  );
}

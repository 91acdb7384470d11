import { useState, type FormEvent } from 'react';
import { apiStatus, Button, call, Field, useSessionValue } from '@shop/shared';
import styles from './ProductPage.module.css';
import { useT } from '../messages';
import { isEmailAddress } from '@shop/shared/src/contract';

/**
 * Issue 38 (11): under a sold-out piece or combination, "E-mail me when it's back". A signed-in shopper
 * is e-mailed at their own address (one click); a signed-out visitor gives one. One e-mail, when it can
 * be bought again (the server sends it through its outbox). `options`: the combination waited for, none
 * for any (the whole piece is sold out). The parent keys it by the combination: a new one starts afresh.
 */
export function BackInStock({ productId, options }: { productId: string; options: string[] }) {
  const t = useT();
  const session = useSessionValue();
  const signedIn = session.auth;
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (typed?: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await call('subscribeStockAlert', { params: { id: productId }, body: { options, ...(typed !== undefined && { email: typed }) } });
      setDone(data.email);
    } catch (err) {
      const status = apiStatus(err);
      setError(status === 429 ? t('backInStock.tooMany') : status === 400 && typed !== undefined ? t('backInStock.invalidEmail') : t('backInStock.failed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!isEmailAddress(typed)) {
      setError(t('backInStock.invalidEmail'));
      return;
    }
    void send(typed);
  };

  if (done) {
    return (
      <p className={styles.backInStock} role="status" data-testid="back-in-stock">
        {t('backInStock.done', { email: done })}
      </p>
    );
  }
  if (signedIn) {
    return (
      <div className={styles.backInStock} data-testid="back-in-stock">
        <Button variant="secondary" onClick={() => void send()} disabled={busy}>{t('backInStock.button')}</Button>
        {error && <p className={styles.backInStockError} role="alert">{error}</p>}
      </div>
    );
  }
  if (!open) {
    return (
      <div className={styles.backInStock} data-testid="back-in-stock">
        <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>{t('backInStock.button')}</Button>
      </div>
    );
  }
  return (
    <form className={styles.backInStock} onSubmit={submit} noValidate data-testid="back-in-stock">
      <Field label={t('backInStock.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} autoFocus />
      <p className={styles.backInStockHint}>{t('backInStock.hint')}</p>
      <Button type="submit" disabled={busy}>{t('backInStock.button')}</Button>
    </form>
  );
}

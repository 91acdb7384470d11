import { Link, Button, Field, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { FORGOT_MESSAGES, useForgotPassword } from './useForgotPassword';
import styles from '../auth/Auth.module.css';
import { useT } from '../messages';

/** /forgot-password: asks for a reset link by e-mail (issue 18). */
export default function ForgotPasswordPage() {
  useDocumentTitle(PAGE_HEADS['account/ForgotPasswordPage']);
  const t = useT();
  const { email, setEmail, error, busy, sent, submit } = useForgotPassword();

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('forgot.title')}</h1>
        {sent ? (
          <>
            <p className={styles.sent} role="status">{t(FORGOT_MESSAGES.sent)}</p>
            <p className={styles.note}>{t('forgot.once')}</p>
          </>
        ) : (
          <>
            <p className={styles.lead}>{t('forgot.lead')}</p>
            <form onSubmit={submit} noValidate aria-label={t('forgot.title')} className={styles.form}>
              <Field label={t('register.email')} name="email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
              <Button type="submit" disabled={busy} className={styles.submit}>{t(busy ? 'forgot.busy' : 'forgot.submit')}</Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          <Link to={ROUTE_PATHS.login}>{t('forgot.back')}</Link>
        </p>
      </div>
    </div>
  );
}

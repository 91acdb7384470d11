import { Link, Button, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useResetPassword } from './useResetPassword';
import styles from '../auth/Auth.module.css';
import { useT } from '../messages';

/** /reset-password?token=…: the page the e-mailed link opens (issue 18). */
export default function ResetPasswordPage() {
  useDocumentTitle(PAGE_HEADS['account/ResetPasswordPage']);
  const t = useT();
  const r = useResetPassword();

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('reset.title')}</h1>
        {r.linkError ? (
          <>
            <p className={styles.formError} role="alert">{r.linkError}</p>
            <p className={styles.switch}>
              <Link to="/forgot-password">{t('reset.newLink')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className={styles.lead}>{t('reset.lead')}</p>
            <form onSubmit={r.submit} noValidate aria-label={t('reset.title')} className={styles.form}>
              <NewPasswordFields
                password={r.password}
                confirmPassword={r.confirmPassword}
                errors={r.fieldError}
                onPassword={r.setPassword}
                onConfirm={r.setConfirmPassword}
              />
              {r.error && <p className={styles.formError} role="alert">{r.error}</p>}
              <Button type="submit" disabled={r.busy} className={styles.submit}>{t(r.busy ? 'reset.busy' : 'reset.submit')}</Button>
            </form>
            <p className={styles.switch}>
              <Link to={ROUTE_PATHS.login}>{t('forgot.back')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

import { Link, Button, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useResetPassword } from './useResetPassword';
import styles from '../auth/Auth.module.css';

/** /reset-password?token=…: the page the e-mailed link opens (issue 18). */
export default function ResetPasswordPage() {
  useDocumentTitle(PAGE_HEADS['account/ResetPasswordPage']);
  const r = useResetPassword();

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Reset password</h1>
        {r.linkError ? (
          <>
            <p className={styles.formError} role="alert">{r.linkError}</p>
            <p className={styles.switch}>
              <Link to="/forgot-password">Ask for a new link</Link>
            </p>
          </>
        ) : (
          <>
            <p className={styles.lead}>Choose a new password. You will then log in with it on every device.</p>
            <form onSubmit={r.submit} noValidate aria-label="Reset password" className={styles.form}>
              <NewPasswordFields
                password={r.password}
                confirmPassword={r.confirmPassword}
                errors={r.fieldError}
                onPassword={r.setPassword}
                onConfirm={r.setConfirmPassword}
              />
              {r.error && <p className={styles.formError} role="alert">{r.error}</p>}
              <Button type="submit" disabled={r.busy} className={styles.submit}>{r.busy ? 'Saving…' : 'Set new password'}</Button>
            </form>
            <p className={styles.switch}>
              <Link to={ROUTE_PATHS.login}>Back to login</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

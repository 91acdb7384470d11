import { Link, Button, Field, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { FORGOT_MESSAGES, useForgotPassword } from './useForgotPassword';
import styles from '../auth/Auth.module.css';

/** /forgot-password: asks for a reset link by e-mail (issue 18). */
export default function ForgotPasswordPage() {
  useDocumentTitle(PAGE_HEADS['account/ForgotPasswordPage']);
  const { email, setEmail, error, busy, sent, submit } = useForgotPassword();

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Forgot password</h1>
        {sent ? (
          <>
            <p className={styles.sent} role="status">{FORGOT_MESSAGES.sent}</p>
            <p className={styles.note}>The link works once, for one hour. Check your spam folder if it does not arrive.</p>
          </>
        ) : (
          <>
            <p className={styles.lead}>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <form onSubmit={submit} noValidate aria-label="Forgot password" className={styles.form}>
              <Field label="Email address" name="email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
              <Button type="submit" disabled={busy} className={styles.submit}>{busy ? 'Sending…' : 'Send reset link'}</Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          <Link to={ROUTE_PATHS.login}>Back to login</Link>
        </p>
      </div>
    </div>
  );
}

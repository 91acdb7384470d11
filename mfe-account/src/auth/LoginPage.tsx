import { startTransition, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, Button, call, Field, notify, signIn, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS, homeOf } from '@shop/shared';
import { loginErrorMessage, MESSAGES } from './authMessages';
import { useSignedInAtOpen } from './useSignedInAtOpen';
import styles from './Auth.module.css';
import { useT } from '../messages';

interface Errors {
  uid?: string;
  password?: string;
  form?: string;
}

/** /login (SPEC §2, §5, §8): admins go to /dashboard afterwards, customers to /shop. */
export default function LoginPage() {
  useDocumentTitle(PAGE_HEADS['account/LoginPage']);
  const t = useT();
  const signedInAtOpen = useSignedInAtOpen();
  const navigate = useNavigate();
  const [uid, setUid] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (signedInAtOpen) return <Navigate to={ROUTE_PATHS.shop} replace />;

  const fail = (next: Errors, message: string) => {
    setErrors(next);
    notify.error(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!uid.trim() || !password) {
      const message = t(MESSAGES.loginRequired);
      fail({ uid: uid.trim() ? undefined : message, password: password ? undefined : message }, message);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await call('login', { body: { uid: uid.trim(), password, rememberMe } });
      if (!data?.token) {
        setBusy(false);
        fail({ form: t(MESSAGES.serverError) }, t(MESSAGES.serverError));
        return;
      }
      notify.success(t(MESSAGES.loginSuccess));
      // One transition: the session and the new route render together, so no guard sees one without the other.
      startTransition(() => {
        signIn({ name: data.fullName, role: data.role, isSuperAdmin: Boolean(data.isSuperAdmin), token: data.token });
        navigate(homeOf(data.role), { replace: true });
      });
    } catch (error) {
      setBusy(false);
      const message = loginErrorMessage(error, t);
      fail({ form: message }, message);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.lead}>{t('login.lead')}</p>
        <form onSubmit={submit} noValidate aria-label={t('login.title')} className={styles.form}>
          <Field
            label={t('login.uid')}
            name="uid"
            autoComplete="username"
            value={uid}
            error={errors.uid}
            onChange={(e) => setUid(e.target.value)}
          />
          <Field
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className={styles.row}>
            <label className={styles.check}>
              <input type="checkbox" name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
              {t('login.remember')}
            </label>
            <Link to="/forgot-password" className={styles.forgot}>{t('login.forgot')}</Link>
          </div>
          {errors.form && <p className={styles.formError} role="alert">{errors.form}</p>}
          <Button type="submit" disabled={busy} className={styles.submit}>{t(busy ? 'login.busy' : 'login.submit')}</Button>
        </form>
        <p className={styles.switch}>
          <Link to={ROUTE_PATHS.register}>{t('login.register')}</Link>
        </p>
      </div>
    </div>
  );
}

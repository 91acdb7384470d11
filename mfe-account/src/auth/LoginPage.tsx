import { startTransition, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, Button, call, Field, notify, signIn, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS, homeOf, apiStatus, apiErrorMessage, type LoginAnswer } from '@shop/shared';
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
  // Issue 42: the second step of an account with two-factor sign-in.
  const [challenge, setChallenge] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);

  if (signedInAtOpen) return <Navigate to={ROUTE_PATHS.shop} replace />;

  const finish = (data: LoginAnswer) => {
    notify.success(t(MESSAGES.loginSuccess));
    // One transition: the session and the new route render together, so no guard sees one without the other.
    // Staff who must set up two-factor sign-in first (ADMIN_2FA_REQUIRED) go to their profile's setup.
    startTransition(() => {
      signIn({ name: data.fullName, role: data.role, isSuperAdmin: Boolean(data.isSuperAdmin), token: data.token, permissions: data.permissions });
      navigate(data.twoFactorSetupRequired ? `${ROUTE_PATHS.profile}?twoFactor=setup` : homeOf(data.role), { replace: true });
    });
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!typed) {
      fail({ form: t('login.codeRequired') }, t('login.codeRequired'));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const body = useRecovery ? { challenge, recoveryCode: typed } : { challenge, code: typed.replace(/\s/g, '') };
      const { data } = await call('loginTwoFactor', { body });
      finish(data);
    } catch (error) {
      setBusy(false);
      const status = apiStatus(error);
      // A challenge that ended (used, expired): back to the password.
      if (status === 401 && /expired|already used/.test(apiErrorMessage(error, ''))) {
        setChallenge('');
        setCode('');
        fail({ form: t('login.codeExpired') }, t('login.codeExpired'));
        return;
      }
      const message = status === 429 ? apiErrorMessage(error) : status === 400 || status === 401 ? t(useRecovery ? 'login.recoveryWrong' : 'login.codeWrong') : t(MESSAGES.serverError);
      fail({ form: message }, message);
    }
  };

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
      if (data && 'twoFactorRequired' in data) {
        setBusy(false);
        setChallenge(data.challenge);
        return;
      }
      if (!data?.token) {
        setBusy(false);
        fail({ form: t(MESSAGES.serverError) }, t(MESSAGES.serverError));
        return;
      }
      finish(data);
    } catch (error) {
      setBusy(false);
      const message = loginErrorMessage(error, t);
      fail({ form: message }, message);
    }
  };

  if (challenge) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('login.codeTitle')}</h1>
          <p className={styles.lead}>{t(useRecovery ? 'login.recoveryLead' : 'login.codeLead')}</p>
          <form onSubmit={submitCode} noValidate aria-label={t('login.codeTitle')} className={styles.form}>
            <Field
              label={t(useRecovery ? 'login.recoveryCode' : 'login.code')}
              name={useRecovery ? 'recoveryCode' : 'code'}
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            {errors.form && <p className={styles.formError} role="alert">{errors.form}</p>}
            <Button type="submit" disabled={busy} className={styles.submit}>{t(busy ? 'login.busy' : 'login.verify')}</Button>
          </form>
          <p className={styles.switch}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                setUseRecovery((r) => !r);
                setCode('');
                setErrors({});
              }}
            >
              {t(useRecovery ? 'login.useApp' : 'login.useRecovery')}
            </button>
          </p>
        </div>
      </div>
    );
  }

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

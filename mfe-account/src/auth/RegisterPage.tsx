import { startTransition, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, Button, apiFieldErrors, call, Field, notify, signIn, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { FIELD_WORDS, isContact, isEmail, MESSAGES, MIN_PASSWORD_LENGTH, newPasswordErrors, registerErrorMessage } from './authMessages';
import { useSignedInAtOpen } from './useSignedInAtOpen';
import styles from './Auth.module.css';
import { useT } from '../messages';

type AccountT = ReturnType<typeof useT>;

const EMPTY = { fullName: '', email: '', contact: '', password: '', confirmPassword: '' };
type FormValues = typeof EMPTY;
type Errors = Partial<Record<keyof FormValues | 'form', string>>;

const FIELD_ORDER = ['fullName', 'email', 'contact', 'password', 'confirmPassword'] as const;

/** Issue 38: what is wrong with each field, as the server would say it (the password's rule is the contract's). */
function formErrors(v: FormValues, t: AccountT): Errors {
  return {
    ...(v.fullName.trim() ? {} : { fullName: t(FIELD_WORDS.fullName) }),
    ...(isEmail(v.email) ? {} : { email: t(FIELD_WORDS.email) }),
    ...(isContact(v.contact) ? {} : { contact: t(FIELD_WORDS.contact) }),
    ...newPasswordErrors(v.password, v.confirmPassword, t),
  };
}

/**
 * /register (SPEC §2, §5, §8): each field says what is wrong beside it (the form's checks, then the
 * server's field errors, issue 38); the password passes the rule and is confirmed; success goes to /shop.
 */
export default function RegisterPage() {
  useDocumentTitle(PAGE_HEADS['account/RegisterPage']);
  const t = useT();
  const signedInAtOpen = useSignedInAtOpen();
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, the keyboard goes to the first field marked.
  const [focusWanted, setFocusWanted] = useState(0);
  useEffect(() => {
    if (focusWanted) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusWanted]);

  if (signedInAtOpen) return <Navigate to={ROUTE_PATHS.shop} replace />;

  const set = (key: keyof FormValues) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const fail = (next: Errors, message: string) => {
    setErrors(next);
    setFocusWanted((n) => n + 1);
    notify.error(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = formErrors(values, t);
    if (Object.keys(wrong).length) {
      // SPEC §8's toast when the password is the problem; the fields say the rest.
      fail(wrong, t(wrong.password || wrong.confirmPassword ? MESSAGES.invalidPassword : MESSAGES.registerFailed));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { fullName, email, contact, password } = values;
      const { data } = await call('register', { body: { fullName: fullName.trim(), email: email.trim(), contact: contact.trim(), password } });
      if (!data?.token) {
        setBusy(false);
        fail({ form: t(MESSAGES.serverError) }, t(MESSAGES.serverError));
        return;
      }
      notify.success(t(MESSAGES.registerSuccess));
      startTransition(() => {
        signIn({ name: data.name, role: data.role, isSuperAdmin: Boolean(data.isSuperAdmin), token: data.token });
        navigate(ROUTE_PATHS.shop, { replace: true });
      });
    } catch (error) {
      setBusy(false);
      const message = registerErrorMessage(error, t);
      const fields = apiFieldErrors(error);
      const named = Object.fromEntries(FIELD_ORDER.filter((f) => fields[f]).map((f) => [f, fields[f]]));
      fail(Object.keys(named).length ? named : { form: message }, message);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('register.title')}</h1>
        <p className={styles.lead}>{t('register.lead')}</p>
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t('register.title')} className={styles.form}>
          <Field label={t('register.fullName')} name="fullName" autoComplete="name" value={values.fullName} error={errors.fullName} onChange={set('fullName')} />
          <Field label={t('register.email')} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
          <Field label={t('register.contact')} name="contact" type="tel" autoComplete="tel" value={values.contact} error={errors.contact} onChange={set('contact')} />
          <Field
            label={t('register.password', { min: MIN_PASSWORD_LENGTH })}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={set('password')}
          />
          <Field
            label={t('register.confirm')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <p className={styles.privacy}>
            {t.rich('register.privacy', { link: (chunks) => <Link to="/privacy-&-policy">{chunks}</Link> })}
          </p>
          {errors.form && <p className={styles.formError} role="alert">{errors.form}</p>}
          <Button type="submit" disabled={busy} className={styles.submit}>{t(busy ? 'register.busy' : 'register.title')}</Button>
        </form>
        <p className={styles.switch}>
          <Link to={ROUTE_PATHS.login}>{t('register.login')}</Link>
        </p>
      </div>
    </div>
  );
}

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  call,
  apiErrorMessage,
  apiStatus,
  Button,
  Field,
  fieldClass,
  inputClass,
  notifyPromise,
  type ContactBody,
  type ContactErrors,
} from '@shop/shared';
import styles from './ContactPage.module.css';
import { type CatalogKey, useT } from '../messages';
import { CONTACT_ERRORS, CONTACT_LIMITS, checkContact } from '@shop/shared/src/contract';

const EMPTY: ContactBody = { name: '', email: '', message: '' };

/** What to say when the server did not take the message: its own words when it refused it (400, 429), else the form's. */
const failureMessage = (error: unknown, fallback: string) => {
  const status = apiStatus(error);
  return status === 400 || status === 429 ? apiErrorMessage(error, fallback) : fallback;
};

/** The contract's rule (checkContact) finds the faults; the page says them in its language. */
const ERROR_KEYS: Record<keyof typeof CONTACT_ERRORS, CatalogKey> = {
  name: 'contact.errorName',
  nameLong: 'contact.errorNameLong',
  email: 'contact.errorEmail',
  message: 'contact.errorMessage',
  messageLong: 'contact.errorMessageLong',
};

/**
 * The contact form (issue 18): name, e-mail and message, checked here by the rule the API applies
 * (the contract's checkContact), sent to POST /contact. Send shows its progress; the outcome is a
 * toast (pending / success / error) and a line under the button that stays; a sent form is cleared.
 */
export function ContactForm() {
  const t = useT();
  const [values, setValues] = useState<ContactBody>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<{ busy: boolean; outcome?: { ok: boolean; text: string } }>({ busy: false });
  const messageId = useId();
  const toasts = { pending: t('contact.toastPending'), success: t('contact.toastSuccess'), error: t('contact.toastError') };
  const failure = (error: unknown) => failureMessage(error, toasts.error);
  /** A fault checkContact found, in the page's language. */
  const said = (text: string | undefined) => {
    const fault = (Object.keys(CONTACT_ERRORS) as Array<keyof typeof CONTACT_ERRORS>).find((key) => CONTACT_ERRORS[key] === text);
    return fault ? t(ERROR_KEYS[fault], { max: fault === 'nameLong' ? CONTACT_LIMITS.name : CONTACT_LIMITS.message }) : text;
  };

  const set = (key: keyof ContactBody) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    // Once a send was tried, each field's message follows what is typed.
    if (tried) setErrors(checkContact(next).errors);
    if (state.outcome) setState({ busy: false });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.busy) return;
    setTried(true);
    const { value, errors: found } = checkContact(values);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = (['name', 'email', 'message'] as const).find((k) => found[k]);
      document.getElementById(`${messageId}-${first}`)?.focus();
      return;
    }
    setState({ busy: true });
    try {
      await notifyPromise(call('sendContactMessage', { body: value }), { ...toasts, error: failure });
      setValues(EMPTY);
      setTried(false);
      setState({ busy: false, outcome: { ok: true, text: toasts.success } });
    } catch (error) {
      setState({ busy: false, outcome: { ok: false, text: failure(error) } });
    }
  };

  const messageError = said(errors.message);
  return (
    <form onSubmit={submit} noValidate aria-label={t('contact.form')} className={styles.form}>
      <Field
        id={`${messageId}-name`}
        label={t('contact.name')}
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        value={values.name}
        error={said(errors.name)}
        onChange={set('name')}
      />
      <Field
        id={`${messageId}-email`}
        label={t('contact.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        value={values.email}
        error={said(errors.email)}
        onChange={set('email')}
      />
      <div className={`${fieldClass} ${styles.field}`}>
        <label htmlFor={`${messageId}-message`}>{t('contact.message')}</label>
        <textarea
          id={`${messageId}-message`}
          name="message"
          className={inputClass}
          rows={6}
          required
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={set('message')}
          aria-invalid={Boolean(messageError)}
          aria-describedby={`${messageId}-count${messageError ? ` ${messageId}-message-error` : ''}`}
        />
        <div className={styles.under}>
          {messageError ? <span id={`${messageId}-message-error`} className={styles.error} role="alert">{messageError}</span> : <span />}
          <span id={`${messageId}-count`} className={styles.count}>
            {t('contact.count', { count: values.message.length, max: CONTACT_LIMITS.message })}
          </span>
        </div>
      </div>
      <div className={styles.send}>
        <Button type="submit" disabled={state.busy} aria-busy={state.busy}>
          {state.busy && <span className={styles.sending} aria-hidden="true" />}
          {t(state.busy ? 'contact.sending' : 'contact.send')}
        </Button>
        <p role="status" className={state.outcome?.ok === false ? styles.failed : styles.sent}>
          {state.outcome?.text}
        </p>
      </div>
    </form>
  );
}

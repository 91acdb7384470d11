import { useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFieldErrors, apiStatus, Button, call, Field, notify, type Profile } from '@shop/shared';
import styles from './Profile.module.css';
import { useT } from '../messages';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * Profile → Two-factor sign-in (issue 42): turned on with an authenticator app (a QR code and the secret
 * as text, confirmed by one code), then 10 recovery codes shown once; turned off, or new recovery codes,
 * with the password and a code. `startOpen`: the sign-in sent a staff member here to set it up.
 */
export function TwoFactorSection({ profile, reload, startOpen }: { profile: Profile; reload: () => void; startOpen: boolean }) {
  const t = useT();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      const { data } = await call('twoFactorSetup');
      setSetup(data);
      setCode('');
    } catch (error) {
      notify.error(apiErrorMessage(error, t('twoFactor.failed')));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\s*\d{6}\s*$/.test(code)) {
      setErrors({ code: t('twoFactor.codeInvalid') });
      return;
    }
    setBusy(true);
    try {
      const { data } = await call('twoFactorConfirm', { body: { code: code.trim() } });
      setCodes(data.recoveryCodes);
      setSetup(null);
      setErrors({});
      notify.success(t('twoFactor.turnedOn'));
    } catch (error) {
      setErrors({ code: apiStatus(error) === 400 ? t('twoFactor.codeWrong') : apiErrorMessage(error, t('twoFactor.failed')) });
    } finally {
      setBusy(false);
    }
  };

  /** Turning off, or new recovery codes: the password and a code. */
  const prove = async (what: 'off' | 'codes') => {
    if (busy) return;
    const next = { password: password ? undefined : t('twoFactor.passwordRequired'), code: code.trim() ? undefined : t('twoFactor.codeRequired') };
    setErrors(next);
    if (next.password || next.code) return;
    setBusy(true);
    try {
      const body = { password, code: code.trim() };
      if (what === 'off') {
        await call('twoFactorDisable', { body });
        notify.success(t('twoFactor.turnedOff'));
      } else {
        const { data } = await call('twoFactorRecoveryCodes', { body });
        setCodes(data.recoveryCodes);
      }
      setPassword('');
      setCode('');
      reload();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.password || fields.code) setErrors({ password: fields.password && t('twoFactor.passwordWrong'), code: fields.code && t('twoFactor.codeWrong') });
      else notify.error(apiErrorMessage(error, t('twoFactor.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="profile-two-factor" id="two-factor">
      <h2 id="profile-two-factor" className={styles.heading}>{t('twoFactor.title')}</h2>
      {profile.twoFactorRequired && !profile.twoFactor && !codes && <p className={styles.notice} role="status">{t('twoFactor.required')}</p>}
      {codes ? (
        <div>
          <p className={styles.note}>{t('twoFactor.codesLead')}</p>
          <ol className={styles.codes} aria-label={t('twoFactor.codesTitle')}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <Button
            onClick={() => {
              setCodes(null);
              reload();
            }}
          >
            {t('twoFactor.codesSaved')}
          </Button>
        </div>
      ) : profile.twoFactor ? (
        <form noValidate aria-label={t('twoFactor.title')} className={styles.form} onSubmit={(e) => e.preventDefault()}>
          <p className={styles.note}>{t('twoFactor.on', { count: profile.recoveryCodesLeft })}</p>
          <Field label={t('profile.currentPassword')} name="twoFactorPassword" type="password" autoComplete="current-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
          <Field label={t('twoFactor.anyCode')} name="twoFactorCode" autoComplete="one-time-code" value={code} error={errors.code} onChange={(e) => setCode(e.target.value)} />
          <div className={styles.actions}>
            <Button type="button" disabled={busy} onClick={() => void prove('codes')}>{t('twoFactor.newCodes')}</Button>
            {!profile.twoFactorRequired && (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void prove('off')}>{t('twoFactor.turnOff')}</Button>
            )}
          </div>
        </form>
      ) : setup ? (
        <form onSubmit={confirm} noValidate aria-label={t('twoFactor.confirmTitle')} className={styles.form}>
          <p className={styles.note}>{t('twoFactor.scan')}</p>
          {/* The QR code is the API's own SVG (made by the qrcode library from the otpauth URL), shown as an image: never markup in the page. */}
          <img className={styles.qr} src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`} alt={t('twoFactor.qr')} width={200} height={200} />
          <p className={styles.note}>{t('twoFactor.secretLead')}</p>
          <p className={styles.secret}>
            <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <Field label={t('login.code')} name="setupCode" autoComplete="one-time-code" inputMode="numeric" value={code} error={errors.code} onChange={(e) => setCode(e.target.value)} />
          <div>
            <Button type="submit" disabled={busy}>{t('twoFactor.confirm')}</Button>
          </div>
        </form>
      ) : (
        <div>
          <p className={styles.note}>{t('twoFactor.off')}</p>
          <Button onClick={() => void start()} disabled={busy} autoFocus={startOpen}>{t('twoFactor.turnOn')}</Button>
        </div>
      )}
    </section>
  );
}

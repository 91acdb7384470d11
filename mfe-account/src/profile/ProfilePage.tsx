import type { ChangeEvent } from 'react';
import { Button, Field, Spinner, PAGE_HEADS, useDocumentTitle, useLocation } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { ReviewRequests } from './ReviewRequests';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PROFILE_MESSAGES, usePasswordChange, useProfileDetails } from './useProfile';
import styles from './Profile.module.css';
import { useT } from '../messages';

/** /my-account/profile: full name and contact, and the password (issue 18). */
export default function ProfilePage() {
  useDocumentTitle(PAGE_HEADS['account/ProfilePage']);
  const t = useT();
  const details = useProfileDetails();
  // Issue 42: the sign-in sends staff who must set up two-factor sign-in here (?twoFactor=setup).
  const setupAsked = new URLSearchParams(useLocation().search).get('twoFactor') === 'setup';
  const password = usePasswordChange();
  const setDetail = (key: 'fullName' | 'contact') => (e: ChangeEvent<HTMLInputElement>) => details.setDraft((d) => ({ ...d, [key]: e.target.value }));
  const setPassword = (key: keyof typeof password.values) => (e: ChangeEvent<HTMLInputElement>) => password.setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <AccountLayout title={t('profile.title')}>
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="profile-details">
          <h2 id="profile-details" className={styles.heading}>{t('profile.details')}</h2>
          {details.status === 'loading' && <Spinner />}
          {details.status === 'failed' && <p className={styles.error} role="alert">{t(PROFILE_MESSAGES.loadFailed)}</p>}
          {details.profile && (
            <form onSubmit={details.save} noValidate aria-label={t('profile.details')} className={styles.form}>
              <p className={styles.email}>
                {t.rich('profile.signedInAs', { email: details.profile.email, strong: (chunks) => <strong>{chunks}</strong> })}
              </p>
              <Field label={t('register.fullName')} name="fullName" autoComplete="name" value={details.draft.fullName} error={details.errors.fullName} onChange={setDetail('fullName')} />
              <Field label={t('register.contact')} name="contact" type="tel" autoComplete="tel" value={details.draft.contact} error={details.errors.contact} onChange={setDetail('contact')} />
              <div>
                <Button type="submit" disabled={!details.changed || details.saving}>{t(details.saving ? 'profile.busy' : 'profile.save')}</Button>
              </div>
            </form>
          )}
        </section>
        <section className={styles.card} aria-labelledby="profile-password">
          <h2 id="profile-password" className={styles.heading}>{t('profile.password')}</h2>
          <p className={styles.note}>{t('profile.passwordNote')}</p>
          <form onSubmit={password.submit} noValidate aria-label={t('profile.changePassword')} className={styles.form}>
            <Field
              label={t('profile.currentPassword')}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={password.values.currentPassword}
              error={password.errors.currentPassword}
              onChange={setPassword('currentPassword')}
            />
            <NewPasswordFields
              password={password.values.newPassword}
              confirmPassword={password.values.confirmPassword}
              errors={{ password: password.errors.newPassword, confirmPassword: password.errors.confirmPassword }}
              onPassword={(value) => password.setValues((v) => ({ ...v, newPassword: value }))}
              onConfirm={(value) => password.setValues((v) => ({ ...v, confirmPassword: value }))}
            />
            <div>
              <Button type="submit" disabled={password.saving}>{t(password.saving ? 'profile.busy' : 'profile.changePassword')}</Button>
            </div>
          </form>
        </section>
        {details.profile && <TwoFactorSection profile={details.profile} reload={details.reload} startOpen={setupAsked} />}
        <SessionsSection />
        <ReviewRequests />
      </div>
    </AccountLayout>
  );
}

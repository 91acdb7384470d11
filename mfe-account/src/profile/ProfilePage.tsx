import type { ChangeEvent } from 'react';
import { Button, Field, Spinner, PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { AccountLayout } from '../account/AccountLayout';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { ReviewRequests } from './ReviewRequests';
import { PROFILE_MESSAGES, usePasswordChange, useProfileDetails } from './useProfile';
import styles from './Profile.module.css';

/** /my-account/profile: full name and contact, and the password (issue 18). */
export default function ProfilePage() {
  useDocumentTitle(PAGE_HEADS['account/ProfilePage']);
  const details = useProfileDetails();
  const password = usePasswordChange();
  const setDetail = (key: 'fullName' | 'contact') => (e: ChangeEvent<HTMLInputElement>) => details.setDraft((d) => ({ ...d, [key]: e.target.value }));
  const setPassword = (key: keyof typeof password.values) => (e: ChangeEvent<HTMLInputElement>) => password.setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <AccountLayout title="My Profile">
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="profile-details">
          <h2 id="profile-details" className={styles.heading}>Your details</h2>
          {details.status === 'loading' && <Spinner />}
          {details.status === 'failed' && <p className={styles.error} role="alert">{PROFILE_MESSAGES.loadFailed}</p>}
          {details.profile && (
            <form onSubmit={details.save} noValidate aria-label="Your details" className={styles.form}>
              <p className={styles.email}>
                Signed in as <strong>{details.profile.email}</strong>
              </p>
              <Field label="Full name" name="fullName" autoComplete="name" value={details.draft.fullName} error={details.errors.fullName} onChange={setDetail('fullName')} />
              <Field label="Contact number" name="contact" type="tel" autoComplete="tel" value={details.draft.contact} error={details.errors.contact} onChange={setDetail('contact')} />
              <div>
                <Button type="submit" disabled={!details.changed || details.saving}>{details.saving ? 'Saving…' : 'Save changes'}</Button>
              </div>
            </form>
          )}
        </section>
        <section className={styles.card} aria-labelledby="profile-password">
          <h2 id="profile-password" className={styles.heading}>Password</h2>
          <p className={styles.note}>Changing it signs you out on your other devices.</p>
          <form onSubmit={password.submit} noValidate aria-label="Change password" className={styles.form}>
            <Field
              label="Current password"
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
              <Button type="submit" disabled={password.saving}>{password.saving ? 'Saving…' : 'Change password'}</Button>
            </div>
          </form>
        </section>
        <ReviewRequests />
      </div>
    </AccountLayout>
  );
}

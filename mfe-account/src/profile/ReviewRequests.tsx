import { useState } from 'react';
import { apiErrorMessage, notify, useLoad, useSessionValue, call, urlOf } from '@shop/shared';
import styles from './Profile.module.css';
import { useT } from '../messages';

/** The profile's switch for the e-mail asking to review the pieces of a delivered order (issue 41); customers only. */
export function ReviewRequests() {
  const t = useT();
  const { role } = useSessionValue();
  const loaded = useLoad(role === 'customer' && urlOf('reviewRequests'), () => call('reviewRequests').then(({ data }) => data.on));
  const [saving, setSaving] = useState(false);
  if (role !== 'customer' || loaded.data === undefined) return null;
  const change = async (on: boolean) => {
    setSaving(true);
    try {
      const { data } = await call('setReviewRequests', { body: { on } });
      loaded.setData(() => data.on);
      notify.success(t(data.on ? 'profile.reviewRequestsOn' : 'profile.reviewRequestsOff'));
    } catch (error) {
      notify.error(apiErrorMessage(error, t('profile.reviewRequestsFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="profile-emails">
      <h2 id="profile-emails" className={styles.heading}>{t('profile.emails')}</h2>
      <label className={styles.check}>
        <input type="checkbox" checked={loaded.data} disabled={saving} onChange={(e) => void change(e.target.checked)} />
        <span>{t('profile.reviewRequests')}</span>
      </label>
    </section>
  );
}

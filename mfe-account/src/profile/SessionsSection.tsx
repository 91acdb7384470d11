import { useState } from 'react';
import { apiErrorMessage, Button, call, notify, urlOf, useLoad } from '@shop/shared';
import styles from './Profile.module.css';
import { useT } from '../messages';

/** Profile → Sessions (issue 42): where the account is signed in; end one, or all others. */
export function SessionsSection() {
  const t = useT();
  const sessions = useLoad(urlOf('mySessions'), () => call('mySessions').then((a) => a.data));
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

  const end = async (id: string | null) => {
    setBusy(true);
    try {
      if (id) await call('endMySession', { params: { id } });
      else await call('endOtherSessions');
      notify.success(t(id ? 'sessions.ended' : 'sessions.endedOthers'));
      sessions.reload();
    } catch (error) {
      notify.error(apiErrorMessage(error, t('sessions.failed')));
    } finally {
      setBusy(false);
    }
  };

  const list = sessions.data ?? [];
  return (
    <section className={styles.card} aria-labelledby="profile-sessions" id="sessions">
      <h2 id="profile-sessions" className={styles.heading}>{t('sessions.title')}</h2>
      <p className={styles.note}>{t('sessions.lead')}</p>
      <ul className={styles.sessions}>
        {list.map((s) => (
          <li key={s._id} className={styles.session}>
            <div>
              <strong>{s.device}</strong>
              {s.current && <span className={styles.badge}>{t('sessions.current')}</span>}
              <div className={styles.meta}>{t('sessions.meta', { network: s.network, seen: when(s.lastSeenAt) })}</div>
            </div>
            {!s.current && (
              <Button variant="secondary" disabled={busy} onClick={() => void end(s._id)} aria-label={t('sessions.endOne', { device: s.device })}>
                {t('sessions.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <Button disabled={busy} onClick={() => void end(null)}>{t('sessions.endOthers')}</Button>
      )}
    </section>
  );
}

import { useState } from 'react';
import { call, Modal, urlOf, notify, Spinner, Tabs, useLoad, type OutboxMail, } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { kindLabel, STATUS_LABELS } from './mailKinds';
import styles from './Mail.module.css';

export const PREVIEW_FAILED = 'Failed to fetch the e-mail';
const VIEWS = [
  { key: 'html', label: 'HTML' },
  { key: 'text', label: 'Plain text' },
] as const;
type View = (typeof VIEWS)[number]['key'];

/**
 * One e-mail of the outbox (GET /mail/{id}): who it went to, its subject and status, and what was
 * sent, as HTML and as plain text. The HTML is shown in a sandboxed frame (`sandbox=""`: no scripts,
 * no forms, no navigation, its own origin), so nothing in a message can act on the back office.
 */
export function EmailPreviewModal({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const [view, setView] = useState<View>('html');
  const loaded = useLoad(mail && urlOf('mail', { params: { id: mail._id } }), () => call('mail', { params: { id: mail!._id } }).then(({ data }) => data), {
    onError: () => notify.error(PREVIEW_FAILED),
  });
  if (!mail) return null;
  const details = loaded.data;
  const title = mail.subject ?? kindLabel(mail.kind);

  return (
    <Modal open title={title} onClose={onClose} wide>
      <dl className={styles.meta}>
        <dt>To</dt>
        <dd>{mail.to}</dd>
        {details?.replyTo && (
          <>
            <dt>Reply-To</dt>
            <dd>{details.replyTo}</dd>
          </>
        )}
        <dt>Kind</dt>
        <dd>{kindLabel(mail.kind)}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`${styles.status} ${styles[mail.status]}`}>{STATUS_LABELS[mail.status] ?? mail.status}</span>{' '}
          <span className={adminStyles.muted}>
            {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        </dd>
        <dt>{mail.sentAt ? 'Sent' : 'Written'}</dt>
        <dd><DateTime iso={mail.sentAt ?? mail.createdAt} /></dd>
        {mail.lastError && (
          <>
            <dt>Last error</dt>
            <dd className={styles.error}>{mail.lastError}</dd>
          </>
        )}
      </dl>
      {loaded.status === 'failed' ? (
        <p className={adminStyles.error} role="alert">{PREVIEW_FAILED}</p>
      ) : !details ? (
        <Spinner />
      ) : details.html === null && details.text === null ? (
        <p className={adminStyles.muted}>Not sent yet: its HTML and text are made when it is sent.</p>
      ) : (
        <>
          <Tabs tabs={VIEWS} active={view} onChange={setView} label="Show the e-mail as" />
          {view === 'html' ? (
            <iframe className={styles.frame} title={`The e-mail's HTML: ${title}`} sandbox="" srcDoc={details.html ?? ''} />
          ) : (
            <pre className={styles.text}>{details.text}</pre>
          )}
        </>
      )}
    </Modal>
  );
}

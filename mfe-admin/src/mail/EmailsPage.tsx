import { useState } from 'react';
import { Button, type Column, type OutboxMail } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { PagedList, usePagedList } from '../common/PagedList';
import { AdminLayout } from '../layout/AdminLayout';
import { EmailPreviewModal } from './EmailPreviewModal';
import { kindLabel, STATUS_LABELS } from './mailKinds';
import styles from './Mail.module.css';

export const EMAILS_PAGE_SIZE = 20;
export const EMAILS_FAILED = 'Failed to fetch e-mails';

/**
 * /emails (issue 18): the outbox, newest first: every e-mail the shop sent or is about to send, its
 * status, attempts and last error, and a preview of what was sent. Without an SMTP server this is
 * where the demo's e-mail can be read.
 */
export default function EmailsPage() {
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const list = usePagedList<OutboxMail>('mails', EMAILS_PAGE_SIZE, EMAILS_FAILED);
  const { loaded } = list;

  const columns: Column<OutboxMail>[] = [
    { header: 'Date', cell: (m) => <DateTime iso={m.createdAt} /> },
    { header: 'To', cell: (m) => <span className={styles.to}>{m.to}</span> },
    {
      header: 'Subject',
      cell: (m) => (
        <>
          <button type="button" className={styles.subject} onClick={() => setOpen(m)} aria-label={`Preview the e-mail to ${m.to}: ${m.subject ?? kindLabel(m.kind)}`}>
            {m.subject ?? <span className={adminStyles.muted}>Not rendered yet</span>}
          </button>
          <span className={styles.kind}>{kindLabel(m.kind)}</span>
        </>
      ),
    },
    { header: 'Status', cell: (m) => <span className={`${styles.status} ${styles[m.status]}`}>{STATUS_LABELS[m.status] ?? m.status}</span> },
    {
      header: 'Attempts',
      cell: (m) => (
        <span className={styles.attempts}>
          {m.attempts}
          <span className={styles.phoneOnly}> {m.attempts === 1 ? 'attempt' : 'attempts'}</span>
        </span>
      ),
    },
    { header: 'Last error', cell: (m) => (m.lastError ? <span className={styles.error} title={m.lastError}>{m.lastError}</span> : <span className={styles.blank}>—</span>) },
  ];

  return (
    <AdminLayout title="Emails" actions={<Button variant="secondary" size="small" onClick={loaded.reload} disabled={loaded.status === 'loading'}>Refresh</Button>}>
      <p className={styles.lead}>Every e-mail the shop sends, newest first. Each is written with the event that causes it and sent right after; a failed attempt is tried again later.</p>
      <div className={styles.list}>
        <PagedList list={list} columns={columns} caption="E-mails, newest first" empty="No e-mails sent yet." />
      </div>
      <EmailPreviewModal mail={open} onClose={() => setOpen(null)} />
    </AdminLayout>
  );
}

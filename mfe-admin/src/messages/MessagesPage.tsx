import { useState } from 'react';
import { Button, call, notify, type Column, type ContactMessage } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { PagedList, usePagedList } from '../common/PagedList';
import { AdminLayout } from '../layout/AdminLayout';
import { MessageModal, replyLink } from './MessageModal';
import styles from './Messages.module.css';

export const MESSAGES_PAGE_SIZE = 20;
export const MESSAGES_FAILED = 'Failed to fetch messages';
export const UPDATE_FAILED = 'Failed to update the message';

/**
 * /messages (issue 18): what visitors wrote through the contact form, newest first, unread ones in
 * bold. Opening one marks it read; each can be marked read or unread again, and answered by e-mail
 * (a mailto: link to the writer, the message quoted).
 */
export default function MessagesPage() {
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const list = usePagedList<ContactMessage>('contactMessages', MESSAGES_PAGE_SIZE, MESSAGES_FAILED);
  const { loaded } = list;
  const answer = loaded.data;

  const setRead = async (message: ContactMessage, read: boolean) => {
    try {
      const { data } = await call('markContactMessage', { params: { id: message._id }, body: { read } });
      loaded.setData((list) => list && { ...list, items: list.items.map((m) => (m._id === data._id ? data : m)) });
      setOpen((shown) => (shown?._id === data._id ? data : shown));
    } catch {
      notify.error(UPDATE_FAILED);
    }
  };
  const show = (message: ContactMessage) => {
    setOpen(message);
    if (!message.read) void setRead(message, true);
  };

  const columns: Column<ContactMessage>[] = [
    { header: 'Date', cell: (m) => <DateTime iso={m.createdAt} /> },
    {
      header: 'From',
      cell: (m) => (
        <>
          <span className={styles.name}>{m.name}</span>
          <span className={styles.email}>{m.email}</span>
        </>
      ),
    },
    {
      header: 'Message',
      cell: (m) => (
        <button type="button" className={styles.preview} onClick={() => show(m)} aria-label={`Open the message from ${m.name}`}>
          {m.message}
        </button>
      ),
    },
    { header: 'Status', cell: (m) => <span className={m.read ? styles.read : styles.unread}>{m.read ? 'Read' : 'Unread'}</span> },
    {
      header: 'Actions',
      cell: (m) => (
        <div className={adminStyles.rowActions}>
          <a className={styles.reply} href={replyLink(m)} aria-label={`Reply to ${m.name} by e-mail`}>Reply</a>
          <Button size="small" variant="secondary" onClick={() => void setRead(m, !m.read)} aria-label={`Mark the message from ${m.name} ${m.read ? 'unread' : 'read'}`}>
            {m.read ? 'Mark unread' : 'Mark read'}
          </Button>
        </div>
      ),
    },
  ];

  const unread = answer?.items.filter((m) => !m.read).length ?? 0;
  return (
    <AdminLayout title="Messages" actions={<Button variant="secondary" size="small" onClick={loaded.reload} disabled={loaded.status === 'loading'}>Refresh</Button>}>
      {answer && answer.itemCount > 0 && (
        <p className={styles.lead}>
          {answer.itemCount.toLocaleString('en-US')} {answer.itemCount === 1 ? 'message' : 'messages'} from the contact form
          {unread > 0 && `; ${unread} unread on this page`}.
        </p>
      )}
      <div className={styles.list}>
        <PagedList list={list} columns={columns} caption="Contact messages, newest first" empty="No messages yet." />
      </div>
      <MessageModal message={open} onClose={() => setOpen(null)} onSetRead={setRead} />
    </AdminLayout>
  );
}

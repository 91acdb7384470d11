import { buttonClass, Button, Modal, type ContactMessage } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import styles from './Messages.module.css';

/** A mailto: link answering a contact message: to its writer, "Re:" the shop, the message quoted below. */
export function replyLink(m: ContactMessage): string {
  const quoted = m.message.split('\n').map((line) => `> ${line}`).join('\n');
  const body = `Dear ${m.name},\n\n\n\nOn ${new Date(m.createdAt).toUTCString()}, you wrote:\n${quoted}`;
  // encodeURIComponent, not URLSearchParams: a mail client reads '+' as a plus sign, not a space.
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${encodeURIComponent('Re: your message to Aurelia Jewels')}&body=${encodeURIComponent(body)}`;
}

export interface MessageModalProps {
  message: ContactMessage | null;
  onClose: () => void;
  onSetRead: (message: ContactMessage, read: boolean) => void;
}

/** One contact message in full, with Reply (mailto:) and Mark unread. */
export function MessageModal({ message, onClose, onSetRead }: MessageModalProps) {
  if (!message) return null;
  return (
    <Modal open title={`Message from ${message.name}`} onClose={onClose}>
      <dl className={styles.meta}>
        <dt>From</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt>Received</dt>
        <dd><DateTime iso={message.createdAt} /></dd>
      </dl>
      <p className={styles.full}>{message.message}</p>
      <div className={adminStyles.footer}>
        <Button variant="secondary" onClick={() => onSetRead(message, !message.read)}>{message.read ? 'Mark unread' : 'Mark read'}</Button>
        <a className={buttonClass()} href={replyLink(message)}>Reply by e-mail</a>
      </div>
    </Modal>
  );
}

import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@shop/shared';
import styles from './admin.module.css';

interface Pending {
  title: string;
  message: ReactNode;
  action: () => Promise<unknown>;
}

/** A "Delete …?" confirmation before a destructive call: `ask(...)` opens it, `dialog` renders it. */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((title: string, message: ReactNode, action: () => Promise<unknown>) => setPending({ title, message, action }), []);
  const close = useCallback(() => setPending(null), []);
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.action();
    } catch {
      /* the action's own toast tells the user */
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const dialog = (
    <Modal open={pending !== null} title={pending?.title ?? ''} onClose={close}>
      <p>{pending?.message}</p>
      <div className={styles.footer}>
        <Button variant="secondary" onClick={close}>Cancel</Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>Delete</Button>
      </div>
    </Modal>
  );
  return { ask, dialog };
}

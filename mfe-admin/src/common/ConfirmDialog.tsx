import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@shop/shared';
import styles from './admin.module.css';

interface Pending {
  title: string;
  message: ReactNode;
  action: () => Promise<unknown>;
  /** The confirming button: 'Delete' (danger) unless told otherwise (a restore). */
  confirm?: { label: string; variant: 'primary' | 'danger' };
}

/** A "Delete …?" confirmation before a destructive call (or another one named by `confirm`): `ask(...)` opens it, `dialog` renders it. */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback(
    (title: string, message: ReactNode, action: () => Promise<unknown>, confirm?: Pending['confirm']) => setPending({ title, message, action, confirm }),
    [],
  );
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
        <Button variant={pending?.confirm?.variant ?? 'danger'} onClick={confirm} disabled={busy}>{pending?.confirm?.label ?? 'Delete'}</Button>
      </div>
    </Modal>
  );
  return { ask, dialog };
}

import { useState } from 'react';
import { Button } from '@shop/shared';
import { useT } from '../messages';
import styles from './Orders.module.css';

interface ConfirmStepProps {
  /** The button that starts it, e.g. 'Cancel order'; the question's group is named 'Confirm <action>'. */
  action: string;
  question: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  /** Settles when done: on a failure (the caller's toast says why) the button is offered again. */
  onConfirm: () => Promise<unknown>;
}

/**
 * An order change that cannot be undone, asked twice: the action's button, then the question with
 * confirm and keep, in place inside the Order Details modal (the shop's one modal, never a second on top).
 */
export function ConfirmStep({ action, question, confirmLabel, keepLabel, busy, onConfirm }: ConfirmStepProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>{action}</Button>;
  }
  const confirm = async () => {
    await onConfirm();
    setConfirming(false);
  };
  return (
    <fieldset className={styles.confirm} aria-label={t('orders.confirmOf', { action: action.toLowerCase() })}>
      <span>{question}</span>
      <Button variant="danger" onClick={() => void confirm()} disabled={busy}>{confirmLabel}</Button>
      <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>{keepLabel}</Button>
    </fieldset>
  );
}

import { useT } from '../messages';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import styles from './ui.module.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /**
   * Unsaved input (issue 19): closing by Escape, the backdrop or × asks 'Discard changes?' first.
   * onClose itself (a Cancel button, a save that closes) is not asked about.
   */
  dirty?: boolean;
}

/** The dialog on top of the page: the last one opened (Escape and Tab are its own). */
const isTopmost = (dialog: HTMLElement) => {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  return dialogs[dialogs.length - 1] === dialog;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Tab from the dialog's last control goes to its first, Shift+Tab from the first (or the dialog itself) to its last: the page behind is out of reach. */
export function keepFocusIn(dialog: HTMLElement, event: KeyboardEvent) {
  // A dialog opened over this one (a confirmation) keeps the focus instead: the last one in the page.
  if (!isTopmost(dialog)) return;
  // What Tab reaches: a link taken out of the order (tabindex -1, a thumbnail beside its title) is not a first or last.
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.tabIndex >= 0);
  if (!controls.length) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const at = document.activeElement;
  const outside = !dialog.contains(at);
  if (event.shiftKey && (at === first || at === dialog || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (at === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The one modal: a labelled dialog that closes on Escape, on the backdrop and on its × button (asking
 * first when `dirty`), keeps the keyboard's focus inside while open and gives it back to what had it
 * (the button that opened it) on closing.
 */
export function Modal({ open, title, onClose, children, wide, dirty = false }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  // The latest of both, so that a new onClose each render does not re-run the effect (and steal the focus).
  const latest = useRef({ dirty, onClose });
  latest.current = { dirty, onClose };
  // Escape, the backdrop and ×: with unsaved input, 'Discard changes?' first.
  const requestClose = useCallback(() => (latest.current.dirty ? setAsking(true) : latest.current.onClose()), []);
  useEffect(() => {
    if (!open) setAsking(false);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      // Only the dialog on top answers: Escape in a confirmation closes the confirmation, not this one too.
      if (!dialog || !isTopmost(dialog)) return;
      if (event.key === 'Escape') requestClose();
      else if (event.key === 'Tab') keepFocusIn(dialog, event);
    };
    document.addEventListener('keydown', onKey);
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      // Back to the opener, if it is still on the page (a row deleted meanwhile is not).
      if (previous?.isConnected) previous.focus?.();
    };
  }, [open, requestClose]);

  if (!open) return null;
  return createPortal(
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut only; the keyboard closes the dialog with Escape or its × button */}
      <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && requestClose()}>
        <div ref={dialogRef} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} className={[styles.modal, wide && styles.modalWide].filter(Boolean).join(' ')}>
          <div className={styles.modalHeader}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.close} onClick={requestClose} aria-label={t('modal.close')}>×</button>
          </div>
          <div className={styles.modalBody}>{children}</div>
        </div>
      </div>
      {asking && (
        <Modal open title={t('modal.discardTitle')} onClose={() => setAsking(false)}>
          <p>{t('modal.discardText')}</p>
          <div className={styles.modalActions}>
            <Button variant="secondary" onClick={() => setAsking(false)}>{t('modal.keepEditing')}</Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              {t('modal.discard')}
            </Button>
          </div>
        </Modal>
      )}
    </>,
    document.body,
  );
}

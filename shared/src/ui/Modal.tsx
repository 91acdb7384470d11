import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './ui.module.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Tab from the dialog's last control goes to its first, Shift+Tab from the first (or the dialog itself) to its last: the page behind is out of reach. */
function keepFocusIn(dialog: HTMLElement, event: KeyboardEvent) {
  // A dialog opened over this one (a confirmation) keeps the focus instead: the last one in the page.
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  if (dialogs[dialogs.length - 1] !== dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
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

/** The one modal: a labelled dialog that closes on Escape, on the backdrop and on its × button, and keeps the keyboard's focus inside while open. */
export function Modal({ open, title, onClose, children, wide }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && dialogRef.current) keepFocusIn(dialogRef.current, event);
    };
    document.addEventListener('keydown', onKey);
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut only; the keyboard closes the dialog with Escape or its × button
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} className={[styles.modal, wide && styles.modalWide].filter(Boolean).join(' ')}>
        <div className={styles.modalHeader}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">×</button>
        </div>
        <div className={styles.modalBody}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

import { useCallback, useState } from 'react';
import { notifyPromise } from '@shop/shared';
import { failedTo } from './failure';

/** A write's three toasts, in SPEC's words ("Adding Currency...", "Currency Added Successfully!", ...). */
export interface SavingToasts {
  pending: string;
  success: string;
  /** Or made from the failure: the server's reason for refusing (a coupon's code already used). */
  error: string | ((error: unknown) => string);
}

/**
 * An admin modal's writes: busy while one runs (its buttons are disabled), each shown by its toasts.
 * save answers the request's response, or null when it failed: its error toast is on screen then,
 * and the modal stays as it was so the admin can try again.
 */
export function useSaving(): [busy: boolean, save: <T>(request: Promise<T>, toasts: SavingToasts) => Promise<T | null>] {
  const [busy, setBusy] = useState(false);
  const save = useCallback(async <T,>(request: Promise<T>, toasts: SavingToasts): Promise<T | null> => {
    setBusy(true);
    try {
      // SPEC's error text, with the server's reason after it when it refused (issue 19).
      return await notifyPromise(request, typeof toasts.error === 'string' ? { ...toasts, error: failedTo(toasts.error) } : toasts);
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, save];
}

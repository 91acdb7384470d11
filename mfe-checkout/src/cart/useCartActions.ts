import { useState } from 'react';
import { apiStatus, notifyPromise, refusalMessage } from '@shop/shared';
import { fetchCart, removeFromCart, setCartQuantity } from './cartState';
import { useT } from '../messages';


/** Remove and quantity changes with the toasts of SPEC §8; one line at a time is busy. */
export function useCartActions() {
  const t = useT();
  const [busyId, setBusyId] = useState<string | null>(null);
  // A quantity change's toasts: it changes a line already in the cart, so nothing is 'added'.
  const quantityChange = { pending: t('toast.updating'), success: t('toast.updated'), error: t('toast.updateFailed') };

  async function run(itemId: string, work: () => Promise<unknown>) {
    setBusyId(itemId);
    try {
      await work();
    } catch {
      /* the toast already told the user */
    } finally {
      setBusyId(null);
    }
  }

  const remove = (itemId: string) =>
    run(itemId, () => notifyPromise(removeFromCart(itemId), { pending: t('toast.removing'), success: t('toast.removed'), error: t('toast.removeFailed') }));

  /** Below 1 removes the line (with the remove toasts). */
  const changeQuantity = (itemId: string, quantity: number) =>
    quantity < 1
      ? remove(itemId)
      : run(itemId, () =>
          notifyPromise(setCartQuantity(itemId, quantity), {
            ...quantityChange,
            // A refusal names the product and what is left ('Only 2 of Emerald Ring left'); anything else, the fixed text, never the server's own.
            error: (error) => refusalMessage(error, quantityChange.error),
          }).catch((error) => {
            // Less is left than the cart knew: its lines are read again, so they say so.
            if (apiStatus(error) === 409) void fetchCart();
            throw error;
          }),
        );

  return { busyId, remove, changeQuantity };
}

import { useState } from 'react';
import { apiStatus, notifyPromise, refusalMessage } from '@shop/shared';
import { fetchCart, removeFromCart, setCartQuantity } from './cartState';

/** A quantity change's toasts: it changes a line already in the cart, so nothing is 'added'. */
export const QUANTITY_CHANGE = { pending: 'Updating quantity...', success: 'Quantity updated', error: 'Failed to update quantity. Please try again.' };

/** Remove and quantity changes with the toasts of SPEC §8; one line at a time is busy. */
export function useCartActions() {
  const [busyId, setBusyId] = useState<string | null>(null);

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
    run(itemId, () => notifyPromise(removeFromCart(itemId), { pending: 'Removing item...', success: 'Item removed successfully!', error: 'Failed to remove item. Please try again.' }));

  /** Below 1 removes the line (with the remove toasts). */
  const changeQuantity = (itemId: string, quantity: number) =>
    quantity < 1
      ? remove(itemId)
      : run(itemId, () =>
          notifyPromise(setCartQuantity(itemId, quantity), {
            ...QUANTITY_CHANGE,
            // A refusal names the product and what is left ('Only 2 of Emerald Ring left'); anything else, the fixed text, never the server's own.
            error: (error) => refusalMessage(error, QUANTITY_CHANGE.error),
          }).catch((error) => {
            // Less is left than the cart knew: its lines are read again, so they say so.
            if (apiStatus(error) === 409) void fetchCart();
            throw error;
          }),
        );

  return { busyId, remove, changeQuantity };
}

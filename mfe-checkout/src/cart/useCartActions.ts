import { useState } from 'react';
import { apiErrorMessage, apiStatus, notify, notifyPromise } from '@shop/shared';
import { fetchCart, removeFromCart, setCartQuantity } from './cartState';

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
          setCartQuantity(itemId, quantity).catch((error) => {
            // A 409 names the product and what is left ('Only 2 of Emerald Ring left').
            notify.error(apiErrorMessage(error, 'Failed to update quantity. Please try again.'));
            // Less is left than the cart knew: its lines are read again, so they say so.
            if (apiStatus(error) === 409) void fetchCart();
            throw error;
          }),
        );

  return { busyId, remove, changeQuantity };
}

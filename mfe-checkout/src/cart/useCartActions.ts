import { useState } from 'react';
import { apiErrorMessage, notify, notifyPromise } from '@shop/shared';
import { removeFromCart, setCartQuantity } from './cartState';

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
            notify.error(apiErrorMessage(error, 'Failed to update quantity. Please try again.'));
            throw error;
          }),
        );

  return { busyId, remove, changeQuantity };
}
